import 'reflect-metadata';
import { fileURLToPath } from 'node:url';
import { loadConfig, runMain } from '@paymarket/platform';
import { GatewayEnv } from './config/gateway-env.js';
import { DEFAULT_BODY_LIMIT } from './gateway.config.js';
import { startGateway } from './start-gateway.js';

runMain('gateway', async () => {
  const env = loadConfig(GatewayEnv);
  return startGateway({
    port: env.PORT,
    host: env.HOST,
    messaging: { kind: 'rmq', url: env.AMQP_URL, prefetch: 50 },
    rpcTimeoutMs: env.RPC_TIMEOUT_MS,
    production: env.NODE_ENV === 'production',
    webDist: env.WEB_DIST ?? fileURLToPath(new URL('../../web/dist', import.meta.url)),
    bodyLimitBytes: DEFAULT_BODY_LIMIT,
    trustProxy: env.TRUST_PROXY === 'true',
  });
});
