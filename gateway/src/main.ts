import 'reflect-metadata';
import { fileURLToPath } from 'node:url';
import { loadConfig, registerReadiness, runMain, startOpsServer } from '@paymarket/platform';
import { GatewayEnv } from './config/gateway-env.js';
import { DEFAULT_BODY_LIMIT } from './gateway.config.js';
import { startGateway } from './start-gateway.js';

runMain('gateway', async () => {
  const env = loadConfig(GatewayEnv);
  const app = await startGateway({
    port: env.PORT,
    host: env.HOST,
    messaging: { kind: 'rmq', url: env.AMQP_URL, prefetch: 50 },
    rpcTimeoutMs: env.RPC_TIMEOUT_MS,
    production: env.NODE_ENV === 'production',
    webDist: env.WEB_DIST ?? fileURLToPath(new URL('../../web/dist', import.meta.url)),
    sdkPackDir: env.SDK_PACK_DIR ?? fileURLToPath(new URL('../../libs/sdk/pack', import.meta.url)),
    publicUrl: env.PUBLIC_URL,
    bodyLimitBytes: DEFAULT_BODY_LIMIT,
    trustProxy: env.TRUST_PROXY === 'true',
    embedTokenSecret: env.EMBED_TOKEN_SECRET,
  });
  if (env.METRICS_PORT !== undefined) {
    registerReadiness('gateway', () => app.getHttpServer().listening);
    await startOpsServer({ port: env.METRICS_PORT });
  }
  return app;
});
