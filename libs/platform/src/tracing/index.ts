export * from './tracing.js';
export * from './start-tracing.js';
