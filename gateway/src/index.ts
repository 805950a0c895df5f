export * from './gateway.config.js';
export * from './start-gateway.js';
export { GatewayEnv } from './config/gateway-env.js';
