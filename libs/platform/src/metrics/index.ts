export * from './metrics.js';
export * from './ops-server.js';
export * from './message-metrics.interceptor.js';
export * from './service-observability.js';
