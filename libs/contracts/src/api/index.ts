export * from './responses.js';
export * from './payments.js';
