export * from './outbox.entity.js';
export * from './unit-of-work.js';
export * from './outbox-relay.js';
