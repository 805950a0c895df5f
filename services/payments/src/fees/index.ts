export * from './money.js';
export * from './apportion.js';
export * from './fee-policy.js';
