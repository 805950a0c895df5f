export * from './service-platform.module.js';
export * from './start-service.js';
export * from './service-env.js';
export * from './run-main.js';
