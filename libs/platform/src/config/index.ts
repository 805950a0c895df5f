export * from './load-config.js';
export * from './common-env.js';
