export * from './stable-json.js';
export * from './idempotency.js';
export * from './idempotency.migration.js';
