import 'reflect-metadata';
import { fileURLToPath } from 'node:url';
import { currentOpsServer, loadConfig, runMain, startOpsServer } from '@paymarket/platform';
import { stripeConfigFromEnv } from '@paymarket/payments';
import { EmbeddedEnv } from './embedded-env.js';
import { startEmbedded } from './start-embedded.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const DEFAULT_METRICS_PORT = 9464;

runMain('paymarket', async () => {
  const env = loadConfig(EmbeddedEnv);
  // Emailed links point where this app is served (PUBLIC_URL, when set, wins: e.g. behind a proxy or a domain).
  if (!process.env.PUBLIC_URL && env.PORT !== 0) process.env.PUBLIC_URL = `http://localhost:${env.PORT}`;
  const dataDir = env.PAYMARKET_DATA_DIR ?? `${repoRoot}.data/postgres`;
  const app = await startEmbedded({
    port: env.PORT,
    host: env.HOST,
    production: env.NODE_ENV === 'production',
    databaseUrl: env.DATABASE_URL,
    dataDir,
    // The emulated Stripe account lives beside the database, so payments survive a restart with their data.
    stripeStateFile: `${dataDir}.stripe.json`,
    webDist: `${repoRoot}web/dist`,
    sdkPackDir: `${repoRoot}libs/sdk/pack`,
    publicUrl: process.env.PUBLIC_URL,
    seed: env.NODE_ENV !== 'production' && process.env.PAYMARKET_SEED !== 'false',
    // STRIPE_SECRET_KEY set: payments uses that Stripe account (STRIPE_* variables) instead of the local emulator.
    stripe: process.env.STRIPE_SECRET_KEY ? stripeConfigFromEnv() : undefined,
    trustProxy: env.TRUST_PROXY === 'true',
    metricsPort: env.METRICS_PORT,
    embedTokenSecret: env.EMBED_TOKEN_SECRET,
  });
  // Without METRICS_PORT the ops endpoint tries its usual port on this machine only, and is skipped (not fatal) when
  // that port is taken. An explicit METRICS_PORT listens on every interface (containers, a scraping Prometheus).
  const ops = currentOpsServer() ?? (await startOpsServer({ port: DEFAULT_METRICS_PORT, host: '127.0.0.1' }).catch(() => undefined));
  process.stdout.write(`\n  PayMarket is running at ${app.url}\n`);
  process.stdout.write(
    ops ? `  Metrics and health: ${ops.url}/metrics\n\n` : `  Metrics: port ${DEFAULT_METRICS_PORT} is taken; set METRICS_PORT\n\n`,
  );
  return app;
});
