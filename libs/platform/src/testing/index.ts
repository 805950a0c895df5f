export * from './test-database.js';
export * from './fake-unit-of-work.js';
export * from './redis.js';
