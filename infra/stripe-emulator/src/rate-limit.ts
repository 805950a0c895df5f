import { MemorySlidingWindow } from '@paymarket/platform';
/**
 * Stripe's API rate limits, as the emulator enforces them when asked (issue 22). Stripe allows 100 requests a second
 * per account in live mode and 25 in test mode, and by default 25 a second on any one endpoint; beyond that it
 * answers 429 with `code: rate_limit` and a `Stripe-Rate-Limited-Reason` header. Off by default (embedded mode).
 */
export interface RateLimitSettings {
  /** Requests admitted in any one-second window, whatever the endpoint. */
  globalPerSecond: number;
  /** Requests admitted in any one-second window on one endpoint (method and route, e.g. `POST /v1/transfers`). */
  perEndpointPerSecond: number;
}

export const STRIPE_RATE_LIMITS = {
  test: { globalPerSecond: 25, perEndpointPerSecond: 25 },
  live: { globalPerSecond: 100, perEndpointPerSecond: 25 },
} as const satisfies Record<string, RateLimitSettings>;

export const RATE_LIMIT_SETTING_MESSAGE =
  'STRIPE_EMULATOR_RATE_LIMIT must be off, test (25/s), live (100/s, 25/s per endpoint) or "<global>,<per endpoint>" requests a second, such as 50,20';

/** `off` (or unset) → null; `test`, `live`; or `<global>[,<per endpoint>]` whole numbers from 1 to 10000. */
export function parseRateLimit(value: string | undefined): RateLimitSettings | null | undefined {
  const text = value?.trim().toLowerCase();
  if (text === undefined || text === '' || text === 'off') return null;
  if (text === 'test' || text === 'live') return { ...STRIPE_RATE_LIMITS[text] };
  const match = /^(\d{1,5})(?:,(\d{1,5}))?$/.exec(text);
  if (!match) return undefined;
  const globalPerSecond = Number(match[1]);
  const perEndpointPerSecond = Number(match[2] ?? match[1]);
  const ok = (n: number) => n >= 1 && n <= 10_000;
  return ok(globalPerSecond) && ok(perEndpointPerSecond) ? { globalPerSecond, perEndpointPerSecond } : undefined;
}

export type RateLimitedReason = 'global-rate' | 'endpoint-rate';

export interface RateLimitStats {
  settings: RateLimitSettings | null;
  /** Requests admitted (answered normally) and refused with 429 since start. */
  admitted: number;
  limited: number;
  limitedByReason: Record<RateLimitedReason, number>;
  /** The most requests admitted within any one-second window (sliding), overall and per endpoint. */
  maxPerSecond: number;
  maxPerSecondByEndpoint: Record<string, number>;
}

/**
 * Stripe's limits as the emulator applies them: the platform's sliding one-second window (overall and per endpoint),
 * counted. Without settings it admits everything and only counts.
 */
export class RequestRateLimiter {
  private readonly window: MemorySlidingWindow;
  private admitted = 0;
  private limited = 0;
  private readonly limitedByReason: Record<RateLimitedReason, number> = { 'global-rate': 0, 'endpoint-rate': 0 };
  private maxPerSecond = 0;
  private readonly maxPerSecondByEndpoint = new Map<string, number>();

  constructor(
    private readonly settings: RateLimitSettings | null,
    now: () => number = () => performance.now(),
  ) {
    const unlimited = Number.MAX_SAFE_INTEGER;
    this.window = new MemorySlidingWindow(
      { perSecond: settings?.globalPerSecond ?? unlimited, perKeyPerSecond: settings?.perEndpointPerSecond ?? unlimited },
      now,
    );
  }

  /** Admits the request (null) or says which limit refused it. */
  admit(endpoint: string): RateLimitedReason | null {
    const answer = this.window.acquireNow(endpoint);
    if (!answer.admitted) {
      const reason: RateLimitedReason = answer.limitedBy === 'global' ? 'global-rate' : 'endpoint-rate';
      this.limited += 1;
      this.limitedByReason[reason] += 1;
      return reason;
    }
    this.admitted += 1;
    this.maxPerSecond = Math.max(this.maxPerSecond, answer.inWindow!.global);
    this.maxPerSecondByEndpoint.set(endpoint, Math.max(this.maxPerSecondByEndpoint.get(endpoint) ?? 0, answer.inWindow!.key));
    return null;
  }

  stats(): RateLimitStats {
    return {
      settings: this.settings,
      admitted: this.admitted,
      limited: this.limited,
      limitedByReason: { ...this.limitedByReason },
      maxPerSecond: this.maxPerSecond,
      maxPerSecondByEndpoint: Object.fromEntries(this.maxPerSecondByEndpoint),
    };
  }
}
