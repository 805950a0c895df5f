export * from './service-error.js';
export * from './service-exception.filter.js';
