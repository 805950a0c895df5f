import { afterEach, describe, expect, it } from '@jest/globals';
import { MemoryRateLimiter } from './memory-rate-limiter.js';

describe(MemoryRateLimiter.name, () => {
  let now = 1_000_000;
  let sut: MemoryRateLimiter;
  const rule = { limit: 3, windowMs: 60_000 };

  afterEach(async () => sut.close());

  it('allows up to the limit in a window, then refuses with the time left', async () => {
    sut = new MemoryRateLimiter(() => now);
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await sut.hit('k', rule));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[2]).toMatchObject({ remaining: 0, count: 3 });
    now += 15_000;
    expect(await sut.hit('k', rule)).toMatchObject({ allowed: false, retryAfterMs: 45_000 });
  });

  it('starts a fresh window once the old one has passed', async () => {
    sut = new MemoryRateLimiter(() => now);
    for (let i = 0; i < 5; i++) await sut.hit('k', rule);
    now += 60_000;
    expect(await sut.hit('k', rule)).toMatchObject({ allowed: true, count: 1, remaining: 2 });
  });

  it('counts keys apart and forgets a key on reset', async () => {
    sut = new MemoryRateLimiter(() => now);
    for (let i = 0; i < 3; i++) await sut.hit('a', rule);
    expect((await sut.hit('b', rule)).allowed).toBe(true);
    expect((await sut.hit('a', rule)).allowed).toBe(false);
    await sut.reset('a');
    expect((await sut.hit('a', rule)).allowed).toBe(true);
  });
});
