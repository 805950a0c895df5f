export * from './events/index.js';
export * from './rpc/index.js';
export * from './dtos/index.js';
export * from './api/index.js';
