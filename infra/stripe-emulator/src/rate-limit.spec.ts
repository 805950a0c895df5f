import { describe, expect, it } from '@jest/globals';
import { parseRateLimit, RequestRateLimiter, STRIPE_RATE_LIMITS } from './rate-limit.js';

function clock(start = 10_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe(RequestRateLimiter.name, () => {
  it('admits up to the global limit within a second, then refuses with global-rate until the oldest is a second old', () => {
    const time = clock();
    const sut = new RequestRateLimiter({ globalPerSecond: 3, perEndpointPerSecond: 10 }, time.now);

    expect(['a', 'b', 'c'].map((e) => sut.admit(e))).toEqual([null, null, null]);
    expect(sut.admit('d')).toBe('global-rate');
    time.advance(999);
    expect(sut.admit('d')).toBe('global-rate');
    time.advance(1);
    expect(sut.admit('d')).toBeNull();
    expect(sut.stats()).toMatchObject({
      admitted: 4,
      limited: 2,
      limitedByReason: { 'global-rate': 2, 'endpoint-rate': 0 },
      maxPerSecond: 3,
    });
  });

  it('refuses a busy endpoint with endpoint-rate while others still pass', () => {
    const time = clock();
    const sut = new RequestRateLimiter({ globalPerSecond: 10, perEndpointPerSecond: 2 }, time.now);

    expect(sut.admit('POST /v1/transfers')).toBeNull();
    expect(sut.admit('POST /v1/transfers')).toBeNull();
    expect(sut.admit('POST /v1/transfers')).toBe('endpoint-rate');
    expect(sut.admit('GET /v1/accounts/:id')).toBeNull();
    expect(sut.stats().maxPerSecondByEndpoint).toEqual({ 'POST /v1/transfers': 2, 'GET /v1/accounts/:id': 1 });
  });

  it('never admits more than the limit in any one-second window, however the requests are spread', () => {
    const time = clock(0);
    const sut = new RequestRateLimiter({ globalPerSecond: 25, perEndpointPerSecond: 25 }, time.now);
    const admittedAt: number[] = [];
    for (let i = 0; i < 5_000; i++) {
      time.advance((i * 7919) % 13); // 0–12 ms apart, irregular
      if (sut.admit(`e${i % 4}`) === null) admittedAt.push(time.now());
    }
    let worst = 0;
    for (let i = 0, j = 0; i < admittedAt.length; i++) {
      while (admittedAt[i]! - admittedAt[j]! >= 1000) j += 1;
      worst = Math.max(worst, i - j + 1);
    }
    expect(worst).toBe(25);
    expect(sut.stats().maxPerSecond).toBe(25);
  });

  it('admits everything and only counts without settings', () => {
    const sut = new RequestRateLimiter(null, clock().now);
    for (let i = 0; i < 100; i++) expect(sut.admit('x')).toBeNull();
    expect(sut.stats()).toMatchObject({ settings: null, admitted: 100, limited: 0, maxPerSecond: 100 });
  });
});

describe(parseRateLimit.name, () => {
  it('reads off, test, live and explicit numbers, and refuses anything else', () => {
    expect(parseRateLimit(undefined)).toBeNull();
    expect(parseRateLimit('off')).toBeNull();
    expect(parseRateLimit('TEST')).toEqual(STRIPE_RATE_LIMITS.test);
    expect(parseRateLimit('live')).toEqual({ globalPerSecond: 100, perEndpointPerSecond: 25 });
    expect(parseRateLimit('50,20')).toEqual({ globalPerSecond: 50, perEndpointPerSecond: 20 });
    expect(parseRateLimit('40')).toEqual({ globalPerSecond: 40, perEndpointPerSecond: 40 });
    for (const bad of ['0', 'fast', '10,0', '1,2,3', '99999']) expect(parseRateLimit(bad)).toBeUndefined();
  });
});
