export * from './topic.js';
export * from './in-process-broker.js';
export * from './in-process-transport.js';
export * from './runtime.js';
export * from './message.interceptor.js';
export * from './rpc-client.js';
export * from './in-flight.js';
export * from './event-listener.js';
