// Standalone emulator for cluster mode and docker-compose: `node infra/stripe-emulator/dist/main.js`.
import 'reflect-metadata';
import { STRIPE_WEBHOOK_EVENTS } from '@paymarket/contracts';
import { loadConfig } from '@paymarket/platform';
import { refuseBadSettings } from '@paymarket/platform/settings';
import { StripeEmulatorEnv } from './config/emulator-env.js';
import { startStripeEmulator } from './emulator.js';
import { parseRateLimit, RATE_LIMIT_SETTING_MESSAGE } from './rate-limit.js';

const logger = {
  info: (message: string) => console.log(`[stripe-emulator] ${message}`),
  warn: (message: string) => console.warn(`[stripe-emulator] ${message}`),
};

// One line naming a bad variable, before the emulator listens (ADR 0067); then the typed values below.
refuseBadSettings('stripe-emulator');
let env: StripeEmulatorEnv;
try {
  // An empty variable counts as unset (docker-compose passes empty strings for unset ${VAR:-}).
  env = loadConfig(StripeEmulatorEnv, Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== '')));
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}

const rateLimit = parseRateLimit(env.STRIPE_EMULATOR_RATE_LIMIT);
if (rateLimit === undefined) {
  console.error(RATE_LIMIT_SETTING_MESSAGE);
  process.exit(1);
}

const emulator = await startStripeEmulator({
  port: env.STRIPE_EMULATOR_PORT,
  host: env.STRIPE_EMULATOR_HOST,
  publicUrl: env.STRIPE_EMULATOR_PUBLIC_URL,
  webhookUrl: env.STRIPE_WEBHOOK_URL,
  webhookSecret: env.STRIPE_WEBHOOK_SECRET,
  webhookEvents: env.STRIPE_WEBHOOK_EVENTS?.split(',') ?? STRIPE_WEBHOOK_EVENTS,
  rateLimit,
  logger,
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void emulator.close().then(() => process.exit(0));
  });
}
