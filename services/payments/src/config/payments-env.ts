import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, ValidateIf } from 'class-validator';
import { ConfigError, loadConfig, MemorySlidingWindow, RedisSlidingWindow } from '@paymarket/platform';
import { StripeRequestLimiter, type StripeRateSettings } from '../stripe/stripe-request-limiter.js';
import type { StripeConfig } from '../stripe/stripe.gateway.js';

/** The payments service's own variables (cluster mode); embedded mode passes its emulator's values instead. */
export class PaymentsEnv {
  @IsOptional()
  @IsIn(['development', 'test', 'production'], { message: 'NODE_ENV must be development, test or production' })
  NODE_ENV: 'development' | 'test' | 'production' = 'development';

  @IsString({ message: 'STRIPE_SECRET_KEY is required: a Stripe secret key (sk_test_… or sk_live_…)' })
  @Matches(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, { message: 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_… or sk_live_…)' })
  STRIPE_SECRET_KEY!: string;

  /** A Stripe-compatible API such as the emulator (http://127.0.0.1:12111); unset means api.stripe.com. */
  @IsOptional()
  @Matches(/^https?:\/\/[^/\s]+\/?$/, { message: 'STRIPE_API_URL must be a base URL such as http://127.0.0.1:12111' })
  STRIPE_API_URL?: string;

  @ValidateIf((env: PaymentsEnv) => env.NODE_ENV === 'production' || env.STRIPE_WEBHOOK_SECRET !== undefined)
  @IsString({ message: 'STRIPE_WEBHOOK_SECRET is required in production (whsec_…)' })
  @Matches(/^whsec_[A-Za-z0-9_]+$/, { message: 'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)' })
  STRIPE_WEBHOOK_SECRET?: string;

  /** Handed to the web app for Stripe Elements when a real key is used. */
  @IsOptional()
  @Matches(/^pk_(test|live)_[A-Za-z0-9_]+$/, {
    message: 'STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_test_… or pk_live_…)',
  })
  STRIPE_PUBLISHABLE_KEY?: string;
}

/** The limiter's own variables (issue 22); every payments process reads them, embedded mode too. */
export class StripeRateEnv {
  /** `<per second>[,<per endpoint>]` for the whole account, or `off` (never with real Stripe: only the emulator). */
  @IsOptional()
  @Matches(/^(off|\d{1,5}(,\d{1,5})?)$/, {
    message: 'STRIPE_RATE_LIMIT must be "<requests per second>[,<per endpoint>]" for the whole Stripe account, such as 20,20, or off',
  })
  STRIPE_RATE_LIMIT?: string;

  /** Without REDIS_URL, each replica takes an even share of the rate: set this to how many payments replicas run. */
  @IsOptional()
  @IsInt({ message: 'STRIPE_RATE_LIMIT_REPLICAS must be a whole number from 1 to 1000' })
  @Min(1, { message: 'STRIPE_RATE_LIMIT_REPLICAS must be a whole number from 1 to 1000' })
  @Max(1000, { message: 'STRIPE_RATE_LIMIT_REPLICAS must be a whole number from 1 to 1000' })
  STRIPE_RATE_LIMIT_REPLICAS: number = 1;

  @IsOptional()
  @IsInt({ message: 'STRIPE_RATE_LIMIT_MAX_WAIT_MS must be a whole number of milliseconds from 100 to 120000' })
  @Min(100, { message: 'STRIPE_RATE_LIMIT_MAX_WAIT_MS must be a whole number of milliseconds from 100 to 120000' })
  @Max(120_000, { message: 'STRIPE_RATE_LIMIT_MAX_WAIT_MS must be a whole number of milliseconds from 100 to 120000' })
  STRIPE_RATE_LIMIT_MAX_WAIT_MS: number = 8_000;

  /** Shared window for every replica (keys under RATE_LIMIT_KEY_PREFIX + `stripe:`). */
  @IsOptional()
  @Matches(/^rediss?:\/\//, { message: 'REDIS_URL must be a redis:// URL' })
  REDIS_URL?: string;

  @IsOptional()
  @IsString()
  RATE_LIMIT_KEY_PREFIX: string = 'paymarket:rl:';

  /** `1` lets payments call Stripe with no limiter (only counted): only to show that fault F6 catches it. */
  @IsOptional()
  @IsIn(['1', '0'], { message: 'PAYMARKET_UNSAFE_NO_STRIPE_LIMITER must be 1 or 0' })
  PAYMARKET_UNSAFE_NO_STRIPE_LIMITER?: string;
}

/**
 * How fast payments may call Stripe. Real Stripe: 20 a second in test mode and 80 live (below 25 and 100), 20 per
 * endpoint (25), unless STRIPE_RATE_LIMIT says otherwise. The emulator has no limit unless it is given one
 * (STRIPE_EMULATOR_RATE_LIMIT), so there STRIPE_RATE_LIMIT is what the operator sets beside it, and by default none.
 */
export function stripeRateFromEnv(
  config: Pick<StripeConfig, 'secretKey' | 'apiUrl'>,
  env: NodeJS.ProcessEnv = process.env,
): StripeRateSettings & {
  replicas: number;
  redisUrl?: string;
  keyPrefix: string;
  off: boolean;
} {
  const values = loadConfig(StripeRateEnv, Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  const unlimited = { perSecond: Number.MAX_SAFE_INTEGER, perEndpointPerSecond: Number.MAX_SAFE_INTEGER };
  const stripeDefault = config.secretKey.includes('_live_')
    ? { perSecond: 80, perEndpointPerSecond: 20 }
    : { perSecond: 20, perEndpointPerSecond: 20 };
  const setting = values.STRIPE_RATE_LIMIT;
  if (setting === 'off' && config.apiUrl === undefined)
    throw new ConfigError(['STRIPE_RATE_LIMIT: off is for the emulator only; real Stripe limits every account']);
  const [perSecond, perEndpoint] = setting && setting !== 'off' ? setting.split(',').map(Number) : [];
  const rate =
    perSecond !== undefined
      ? { perSecond, perEndpointPerSecond: perEndpoint ?? Math.min(perSecond, 20) }
      : config.apiUrl === undefined
        ? stripeDefault
        : unlimited;
  return {
    ...rate,
    maxWaitMs: values.STRIPE_RATE_LIMIT_MAX_WAIT_MS,
    replicas: values.STRIPE_RATE_LIMIT_REPLICAS,
    ...(values.REDIS_URL ? { redisUrl: values.REDIS_URL } : {}),
    keyPrefix: `${values.RATE_LIMIT_KEY_PREFIX}stripe:`,
    off: values.PAYMARKET_UNSAFE_NO_STRIPE_LIMITER === '1',
  };
}

/**
 * The limiter for this process: shared by every replica through Redis when REDIS_URL is set, otherwise this
 * replica's even share (rate ÷ STRIPE_RATE_LIMIT_REPLICAS). Null only with PAYMARKET_UNSAFE_NO_STRIPE_LIMITER=1.
 */
export function stripeLimiterFromEnv(
  config: Pick<StripeConfig, 'secretKey' | 'apiUrl'>,
  env: NodeJS.ProcessEnv = process.env,
): StripeRequestLimiter | null {
  const rate = stripeRateFromEnv(config, env);
  if (rate.off) return null;
  const share = (n: number) => (n >= Number.MAX_SAFE_INTEGER ? n : Math.max(1, Math.floor(n / rate.replicas)));
  const settings: StripeRateSettings = {
    perSecond: rate.perSecond,
    perEndpointPerSecond: rate.perEndpointPerSecond,
    maxWaitMs: rate.maxWaitMs,
  };
  const own = new MemorySlidingWindow({ perSecond: share(rate.perSecond), perKeyPerSecond: share(rate.perEndpointPerSecond) });
  const unlimited = rate.perSecond >= Number.MAX_SAFE_INTEGER;
  const window =
    rate.redisUrl && !unlimited
      ? new RedisSlidingWindow(rate.redisUrl, { perSecond: rate.perSecond, perKeyPerSecond: rate.perEndpointPerSecond }, rate.keyPrefix)
      : own;
  return new StripeRequestLimiter(window, settings, own);
}

/** docker-compose.yml's default webhook secret between payments and its emulator container. */
export const EMULATOR_ONLY_WEBHOOK_SECRET = 'whsec_paymarket_emulator_only';

export function stripeConfigFromEnv(env: NodeJS.ProcessEnv = process.env): StripeConfig {
  const values = loadConfig(PaymentsEnv, Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  // A live key is never sent anywhere but Stripe itself.
  if (values.STRIPE_API_URL && values.STRIPE_SECRET_KEY.includes('_live_')) {
    throw new ConfigError(['STRIPE_API_URL: must not be set with a live STRIPE_SECRET_KEY (live keys only talk to api.stripe.com)']);
  }
  // docker-compose's default secret is public: acceptable for its emulator, never for a real Stripe account.
  if (!values.STRIPE_API_URL && values.STRIPE_WEBHOOK_SECRET === EMULATOR_ONLY_WEBHOOK_SECRET) {
    throw new ConfigError([
      "STRIPE_WEBHOOK_SECRET: set your Stripe webhook endpoint's signing secret (the default is for the emulator only)",
    ]);
  }
  return {
    secretKey: values.STRIPE_SECRET_KEY,
    ...(values.STRIPE_API_URL ? { apiUrl: values.STRIPE_API_URL.replace(/\/$/, '') } : {}),
    ...(values.STRIPE_WEBHOOK_SECRET ? { webhookSecret: values.STRIPE_WEBHOOK_SECRET } : {}),
    ...(values.STRIPE_PUBLISHABLE_KEY ? { publishableKey: values.STRIPE_PUBLISHABLE_KEY } : {}),
  };
}
