import { IsIn, IsOptional, IsString, Matches, ValidateIf } from 'class-validator';
import { ConfigError, loadConfig } from '@paymarket/platform';
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
