export * from './request-context.js';
export * from './logger.js';
