export * from './budget.js';
export * from './buyer-request.dto.js';
export * from './responses.js';
