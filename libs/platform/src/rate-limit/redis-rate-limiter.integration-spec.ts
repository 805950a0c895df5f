import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { testRedis } from '../testing/redis.js';
import { RedisRateLimiter } from './redis-rate-limiter.js';

jest.setTimeout(30_000);

// Against the real Redis of the machine (REDIS_URL, default 127.0.0.1:6379), as cluster mode uses it.
const { url, describeWithRedis } = await testRedis('Redis rate-limiter tests', describe);

describeWithRedis(RedisRateLimiter.name, () => {
  let first: RedisRateLimiter;
  let second: RedisRateLimiter;
  const key = () => `test:${randomUUID()}`;

  beforeAll(() => {
    // Two clients stand for two gateway replicas.
    first = new RedisRateLimiter(url);
    second = new RedisRateLimiter(url);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it('shares one counter between replicas and refuses past the limit', async () => {
    const k = key();
    const rule = { limit: 3, windowMs: 10_000 };
    const results = [await first.hit(k, rule), await second.hit(k, rule), await first.hit(k, rule), await second.hit(k, rule)];
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.retryAfterMs).toBeGreaterThan(8_000);
    expect(results[3]!.retryAfterMs).toBeLessThanOrEqual(10_000);
  });

  it('counts concurrent hits exactly (atomic script)', async () => {
    const k = key();
    const rule = { limit: 10, windowMs: 10_000 };
    const results = await Promise.all(Array.from({ length: 25 }, (_, i) => (i % 2 ? first : second).hit(k, rule)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });

  it('opens a new window when the old one expires', async () => {
    const k = key();
    const rule = { limit: 1, windowMs: 300 };
    expect((await first.hit(k, rule)).allowed).toBe(true);
    expect((await second.hit(k, rule)).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 400));
    expect(await first.hit(k, rule)).toMatchObject({ allowed: true, count: 1 });
  });

  it('forgets a key on reset', async () => {
    const k = key();
    const rule = { limit: 1, windowMs: 10_000 };
    await first.hit(k, rule);
    await second.reset(k);
    expect((await first.hit(k, rule)).allowed).toBe(true);
  });

  it('keeps deployments with different key prefixes apart', async () => {
    const k = key();
    const rule = { limit: 1, windowMs: 10_000 };
    const other = new RedisRateLimiter(url, `test-${randomUUID()}:`);
    try {
      expect((await first.hit(k, rule)).allowed).toBe(true);
      expect((await other.hit(k, rule)).allowed).toBe(true);
      expect((await second.hit(k, rule)).allowed).toBe(false);
    } finally {
      await other.close();
    }
  });
});
