import { Redis } from 'ioredis';
import { RateLimiter, resultOf, type RateLimitResult, type RateLimitRule } from './rate-limiter.js';

// One round trip, atomic: the first hit of a window sets its expiry, so the key disappears with the window.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { count, ttl }
`;

/** Counters in Redis, shared by every gateway replica (cluster mode with REDIS_URL). */
export class RedisRateLimiter extends RateLimiter {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix = 'paymarket:rl:',
  ) {
    super();
    // Fail fast instead of queueing commands while Redis is away: a request must not hang on its rate limit.
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 1, enableOfflineQueue: true, connectTimeout: 5_000 });
    this.redis.on('error', () => undefined);
  }

  async hit(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, String(rule.windowMs))) as [number, number];
    return resultOf(Number(count), rule, Number(ttl));
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
