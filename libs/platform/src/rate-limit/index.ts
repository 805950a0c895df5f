export * from './rate-limiter.js';
export * from './memory-rate-limiter.js';
export * from './redis-rate-limiter.js';
export * from './create-rate-limiter.js';
export * from './sliding-window.js';
