import type { ServiceName } from '@paymarket/contracts';
import { CommonEnv } from '../config/common-env.js';
import { loadConfig } from '../config/load-config.js';
import type { ServiceRuntimeConfig } from './service-platform.module.js';

/** Cluster mode: a service process reads its runtime from validated env (DATABASE_URL, AMQP_URL, …). */
export function serviceConfigFromEnv(service: ServiceName, env: NodeJS.ProcessEnv = process.env): ServiceRuntimeConfig {
  const config = loadConfig(CommonEnv, env);
  return {
    service,
    databaseUrl: config.DATABASE_URL,
    messaging: { kind: 'rmq', url: config.AMQP_URL, prefetch: config.RMQ_PREFETCH },
    rpcTimeoutMs: config.RPC_TIMEOUT_MS,
    production: config.NODE_ENV === 'production',
    metricsPort: config.METRICS_PORT,
  };
}
