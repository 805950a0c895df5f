import { IsInt, IsOptional, IsString, Matches, Max, Min, ValidateIf } from 'class-validator';
import { RATE_LIMIT_SETTING_MESSAGE } from '../rate-limit.js';

/** The standalone emulator's variables (cluster mode, docker-compose). */
export class StripeEmulatorEnv {
  @IsOptional()
  @IsInt({ message: 'STRIPE_EMULATOR_PORT must be a port number' })
  @Min(0)
  @Max(65535)
  STRIPE_EMULATOR_PORT: number = 12111;

  @IsOptional()
  @IsString()
  STRIPE_EMULATOR_HOST: string = '127.0.0.1';

  /** How a browser reaches the emulator (3D Secure and onboarding pages), when not its listening address. */
  @IsOptional()
  @Matches(/^https?:\/\/[^/\s]+\/?$/, { message: 'STRIPE_EMULATOR_PUBLIC_URL must be a base URL such as http://localhost:12111' })
  STRIPE_EMULATOR_PUBLIC_URL?: string;

  /** Where events are POSTed (the gateway's /api/stripe/webhook). */
  @IsOptional()
  @Matches(/^https?:\/\/\S+$/, { message: 'STRIPE_WEBHOOK_URL must be an http(s) URL' })
  STRIPE_WEBHOOK_URL?: string;

  @ValidateIf((env: StripeEmulatorEnv) => env.STRIPE_WEBHOOK_URL !== undefined)
  @Matches(/^whsec_[A-Za-z0-9_]+$/, {
    message: 'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…) when STRIPE_WEBHOOK_URL is set',
  })
  STRIPE_WEBHOOK_SECRET?: string;

  /** The endpoint's `enabled_events`: event types separated by commas, or `*` for all; default the events payments acts on. */
  @IsOptional()
  @Matches(/^(\*|[a-z_]+(\.[a-z_]+)+(,[a-z_]+(\.[a-z_]+)+)*)$/, {
    message: 'STRIPE_WEBHOOK_EVENTS must be * or event types separated by commas, such as payment_intent.succeeded,charge.dispute.created',
  })
  STRIPE_WEBHOOK_EVENTS?: string;

  /** Stripe's request rate limits: off (default), test (25/s), live (100/s, 25/s per endpoint) or `<global>,<per endpoint>`. */
  @IsOptional()
  @Matches(/^(off|test|live|\d{1,5}(,\d{1,5})?)$/i, { message: RATE_LIMIT_SETTING_MESSAGE })
  STRIPE_EMULATOR_RATE_LIMIT?: string;
}
