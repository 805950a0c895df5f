export * from './marketplace-rules.js';
export * from './setup-marketplace.dto.js';
