/** How many hits a key may make per window. */
export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
  remaining: number;
  /** Milliseconds until the window resets (when refused: when to try again). */
  retryAfterMs: number;
}

/**
 * Port: counts hits per key in fixed windows. Embedded mode counts in memory; with REDIS_URL the counters live in
 * Redis so every gateway replica shares them (ADR: rate limiting).
 */
export abstract class RateLimiter {
  abstract hit(key: string, rule: RateLimitRule): Promise<RateLimitResult>;
  /** Forgets a key (e.g. after a successful sign-in). */
  abstract reset(key: string): Promise<void>;
  abstract close(): Promise<void>;
}

export function resultOf(count: number, rule: RateLimitRule, msLeft: number): RateLimitResult {
  const allowed = count <= rule.limit;
  return { allowed, count, remaining: Math.max(0, rule.limit - count), retryAfterMs: Math.max(0, msLeft) };
}
