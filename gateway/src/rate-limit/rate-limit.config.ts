import { IsOptional, Matches } from 'class-validator';

/** The named limits routes opt into with `@RateLimit(name)`. */
export const RATE_LIMIT_NAMES = [
  'sign-in-code',
  'sign-in-verify',
  'register-buyer',
  'admin-login',
  'public-form',
  'integrator-api',
  'embed',
] as const;
export type RateLimitName = (typeof RATE_LIMIT_NAMES)[number];

export interface RateLimitPolicy {
  /** Requests per window from one client IP. */
  perIp: number;
  /** Requests per window naming one identity (the body's email, or the API key's company), from any IP. */
  perIdentity: number;
  windowMs: number;
}

const MINUTES_15 = 15 * 60_000;

export const DEFAULT_RATE_LIMITS: Record<RateLimitName, RateLimitPolicy> = {
  'sign-in-code': { perIp: 20, perIdentity: 5, windowMs: MINUTES_15 },
  'sign-in-verify': { perIp: 50, perIdentity: 10, windowMs: MINUTES_15 },
  'register-buyer': { perIp: 30, perIdentity: 10, windowMs: MINUTES_15 },
  'admin-login': { perIp: 30, perIdentity: 10, windowMs: MINUTES_15 },
  'public-form': { perIp: 20, perIdentity: 10, windowMs: MINUTES_15 },
  // The integrator API (ADR 0032): per company key; several companies may call from one host, hence the larger per-IP.
  'integrator-api': { perIp: 600, perIdentity: 300, windowMs: 60_000 },
  // The embed widget (ADR 0052): every page view of a marketplace's site asks for a config, and each checkout makes
  // a few calls (config, order, card). Shoppers behind one NAT share an IP, so 20 per 15 minutes (public-form) would
  // refuse real buyers; 300 is about 60 checkouts per IP per 15 minutes. Its bodies carry no `email`, so only per-IP counts.
  embed: { perIp: 300, perIdentity: 300, windowMs: MINUTES_15 },
};

const POLICY = /^\d{1,6},\d{1,6},\d{1,6}$/;
const POLICY_MESSAGE = (name: string) => `${name} must be "perIp,perIdentity,windowSeconds", e.g. 20,5,900`;

/** Gateway env for abuse limits: every variable optional; REDIS_URL shares the counters across replicas. */
export class RateLimitEnv {
  @IsOptional()
  @Matches(/^rediss?:\/\//, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  REDIS_URL?: string;

  /** Namespace of the Redis counters; replicas of one deployment share it. Tests give each suite its own. */
  @IsOptional()
  @Matches(/^[A-Za-z0-9:_.-]{1,64}$/, { message: 'RATE_LIMIT_KEY_PREFIX must be 1-64 letters, digits or : _ . -' })
  RATE_LIMIT_KEY_PREFIX?: string;

  @IsOptional()
  @Matches(POLICY, { message: POLICY_MESSAGE('RATE_LIMIT_SIGN_IN_CODE') })
  RATE_LIMIT_SIGN_IN_CODE?: string;

  @IsOptional()
  @Matches(POLICY, { message: POLICY_MESSAGE('RATE_LIMIT_SIGN_IN_VERIFY') })
  RATE_LIMIT_SIGN_IN_VERIFY?: string;

  @IsOptional()
  @Matches(POLICY, { message: POLICY_MESSAGE('RATE_LIMIT_REGISTER_BUYER') })
  RATE_LIMIT_REGISTER_BUYER?: string;

  @IsOptional()
  @Matches(POLICY, { message: POLICY_MESSAGE('RATE_LIMIT_ADMIN_LOGIN') })
  RATE_LIMIT_ADMIN_LOGIN?: string;

  @IsOptional()
  @Matches(POLICY, { message: POLICY_MESSAGE('RATE_LIMIT_PUBLIC_FORM') })
  RATE_LIMIT_PUBLIC_FORM?: string;

  @IsOptional()
  @Matches(POLICY, { message: POLICY_MESSAGE('RATE_LIMIT_INTEGRATOR_API') })
  RATE_LIMIT_INTEGRATOR_API?: string;

  @IsOptional()
  @Matches(POLICY, { message: POLICY_MESSAGE('RATE_LIMIT_EMBED') })
  RATE_LIMIT_EMBED?: string;
}

export function envVariableOf(name: RateLimitName): keyof RateLimitEnv {
  return `RATE_LIMIT_${name.toUpperCase().replace(/-/g, '_')}` as keyof RateLimitEnv;
}

/** The defaults with any `RATE_LIMIT_*` overrides applied. */
export function rateLimitPolicies(env: RateLimitEnv): Record<RateLimitName, RateLimitPolicy> {
  const policies = { ...DEFAULT_RATE_LIMITS };
  for (const name of RATE_LIMIT_NAMES) {
    const value = env[envVariableOf(name)];
    if (!value) continue;
    const [perIp, perIdentity, windowSeconds] = value.split(',').map(Number) as [number, number, number];
    policies[name] = { perIp, perIdentity, windowMs: Math.max(1, windowSeconds) * 1000 };
  }
  return policies;
}
