export * from './inbox.entity.js';
export * from './inbox.js';
