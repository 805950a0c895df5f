import { MemoryRateLimiter } from './memory-rate-limiter.js';
import type { RateLimiter } from './rate-limiter.js';
import { RedisRateLimiter } from './redis-rate-limiter.js';

/** Redis when a URL is given (shared across replicas), otherwise memory (one process). */
export function createRateLimiter(options: { redisUrl?: string; keyPrefix?: string }): RateLimiter {
  return options.redisUrl ? new RedisRateLimiter(options.redisUrl, options.keyPrefix) : new MemoryRateLimiter();
}
