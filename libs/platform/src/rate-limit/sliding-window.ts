import { Redis } from 'ioredis';

/**
 * Requests in any one-second window (sliding), overall and per key (an endpoint, say). Stripe limits an account this
 * way (issue 22): the emulator enforces it, and payments keeps its own calls under it.
 */
export interface SlidingWindowLimits {
  perSecond: number;
  perKeyPerSecond: number;
}

export type WindowLimitedBy = 'global' | 'key';

export type WindowAnswer = { admitted: true; ticket: string } | { admitted: false; limitedBy: WindowLimitedBy; retryInMs: number };

/**
 * A sliding one-second window. A sender (payments) holds each place from admission until its request is answered
 * (`release`), then a second longer: the receiver counts the request when it arrives, somewhere in between, so two
 * requests more than the limit apart are always more than a second apart there too, however the network delays them.
 * Refused requests take no place (a fast retrier cannot lock itself out).
 */
export interface SlidingWindow {
  tryAcquire(key: string): Promise<WindowAnswer>;
  /** The request was answered: its place now ends a second from now. */
  release(key: string, ticket: string): Promise<void>;
  close(): Promise<void>;
}

const WINDOW_MS = 1000;
/** How long an unreleased place counts at most (a replica that died with requests in flight). */
export const HOLD_MS = 30_000;
/** When every place is held by a request still in flight, look again this soon. */
const POLL_MS = 20;

interface Place {
  ticket: string;
  key: string;
  /** When the place stops counting, minus the window: the answer's time, or admission + HOLD_MS while in flight. */
  until: number;
}

/**
 * One process's window. `acquireNow` without a hold (the emulator, which counts arrivals) admits only when fewer than
 * the limit arrived in the 1,000 ms before: no one-second window, and no calendar second, ever holds more.
 */
export class MemorySlidingWindow implements SlidingWindow {
  private places: Place[] = [];
  private sequence = 0;

  constructor(
    private readonly limits: SlidingWindowLimits,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Synchronously; `holdMs` 0 counts the request at this instant (nothing to release). */
  acquireNow(key: string, holdMs = 0): WindowAnswer & { inWindow?: { global: number; key: number } } {
    const now = this.now();
    this.places = this.places.filter((p) => p.until > now - WINDOW_MS);
    const mine = this.places.filter((p) => p.key === key);
    const full =
      this.places.length >= this.limits.perSecond
        ? { by: 'global' as const, in: this.places }
        : mine.length >= this.limits.perKeyPerSecond
          ? { by: 'key' as const, in: mine }
          : null;
    if (full) {
      const earliest = Math.min(...full.in.map((p) => p.until));
      const wait = earliest + WINDOW_MS - now;
      return { admitted: false, limitedBy: full.by, retryInMs: wait > WINDOW_MS ? POLL_MS : Math.max(1, wait) };
    }
    const ticket = String(++this.sequence);
    this.places.push({ ticket, key, until: now + holdMs });
    return { admitted: true, ticket, inWindow: { global: this.places.length, key: mine.length + 1 } };
  }

  async tryAcquire(key: string): Promise<WindowAnswer> {
    const answer = this.acquireNow(key, HOLD_MS);
    return answer.admitted ? { admitted: true, ticket: answer.ticket } : answer;
  }

  async release(_key: string, ticket: string): Promise<void> {
    const place = this.places.find((p) => p.ticket === ticket);
    if (place) place.until = Math.min(place.until, this.now());
  }

  async close(): Promise<void> {}
}

// Atomic over both keys, on Redis's clock (replicas' clocks may disagree). Scores are when a place stops counting,
// minus the window: admission + hold while in flight, the answer's time once released.
const ACQUIRE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - 1000)
local g = redis.call('ZCARD', KEYS[1])
local k = redis.call('ZCARD', KEYS[2])
if g < tonumber(ARGV[1]) and k < tonumber(ARGV[2]) then
  local expires = now + tonumber(ARGV[4])
  redis.call('ZADD', KEYS[1], expires, ARGV[3])
  redis.call('ZADD', KEYS[2], expires, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[4]) + 2000)
  redis.call('PEXPIRE', KEYS[2], tonumber(ARGV[4]) + 2000)
  return { 0, 0 }
end
local full = KEYS[1]
local by = 1
if g < tonumber(ARGV[1]) then full = KEYS[2]; by = 2 end
local earliest = redis.call('ZRANGE', full, 0, 0, 'WITHSCORES')
local wait = tonumber(earliest[2]) + 1000 - now
if wait > 1000 then wait = ${POLL_MS} end
return { by, math.max(1, wait) }
`;

const RELEASE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', KEYS[1], 'XX', 'LT', now, ARGV[1])
redis.call('ZADD', KEYS[2], 'XX', 'LT', now, ARGV[1])
return 1
`;

/** The window shared by every replica through Redis (keys under `prefix`): one round trip to take a place, one to end it. */
export class RedisSlidingWindow implements SlidingWindow {
  private readonly redis: Redis;
  private sequence = 0;
  private readonly instance = Math.random().toString(36).slice(2, 10);

  constructor(
    url: string,
    private readonly limits: SlidingWindowLimits,
    private readonly prefix: string,
  ) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 1, enableOfflineQueue: true, connectTimeout: 5_000 });
    this.redis.on('error', () => undefined);
  }

  private keys(key: string): [string, string] {
    return [`${this.prefix}all`, `${this.prefix}key:${key}`];
  }

  async tryAcquire(key: string): Promise<WindowAnswer> {
    const ticket = `${this.instance}:${++this.sequence}`;
    const [by, wait] = (await this.redis.eval(
      ACQUIRE_SCRIPT,
      2,
      ...this.keys(key),
      String(this.limits.perSecond),
      String(this.limits.perKeyPerSecond),
      ticket,
      String(HOLD_MS),
    )) as [number, number];
    if (Number(by) === 0) return { admitted: true, ticket };
    return { admitted: false, limitedBy: Number(by) === 1 ? 'global' : 'key', retryInMs: Number(wait) };
  }

  async release(key: string, ticket: string): Promise<void> {
    await this.redis.eval(RELEASE_SCRIPT, 2, ...this.keys(key), ticket);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
