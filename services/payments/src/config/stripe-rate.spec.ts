import { describe, expect, it } from '@jest/globals';
import { stripeLimiterFromEnv, stripeRateFromEnv } from './payments-env.js';

const LIVE = { secretKey: 'sk_live_abc' };
const TEST = { secretKey: 'sk_test_abc' };
const EMULATOR = { secretKey: 'sk_test_emulator', apiUrl: 'http://127.0.0.1:12111' };

describe(stripeRateFromEnv.name, () => {
  it("stays below Stripe's limits by default: 80/s live, 20/s in test mode, 20/s per endpoint", () => {
    expect(stripeRateFromEnv(LIVE, {})).toMatchObject({ perSecond: 80, perEndpointPerSecond: 20, maxWaitMs: 8_000, replicas: 1 });
    expect(stripeRateFromEnv(TEST, {})).toMatchObject({ perSecond: 20, perEndpointPerSecond: 20 });
  });

  it('has no limit for the emulator unless one is set (its own limits are opt-in too)', () => {
    expect(stripeRateFromEnv(EMULATOR, {}).perSecond).toBe(Number.MAX_SAFE_INTEGER);
    expect(stripeRateFromEnv(EMULATOR, { STRIPE_RATE_LIMIT: '20' })).toMatchObject({ perSecond: 20, perEndpointPerSecond: 20 });
    expect(stripeRateFromEnv(EMULATOR, { STRIPE_RATE_LIMIT: '60,25' })).toMatchObject({ perSecond: 60, perEndpointPerSecond: 25 });
  });

  it('reads the replicas, the wait, Redis and the key prefix', () => {
    const rate = stripeRateFromEnv(TEST, {
      STRIPE_RATE_LIMIT_REPLICAS: '3',
      STRIPE_RATE_LIMIT_MAX_WAIT_MS: '2000',
      REDIS_URL: 'redis://127.0.0.1:6379/15',
      RATE_LIMIT_KEY_PREFIX: 'pm:',
    });
    expect(rate).toMatchObject({ replicas: 3, maxWaitMs: 2_000, redisUrl: 'redis://127.0.0.1:6379/15', keyPrefix: 'pm:stripe:' });
  });

  it('refuses a setting it cannot read, naming the variable, and refuses "off" for real Stripe', () => {
    expect(() => stripeRateFromEnv(TEST, { STRIPE_RATE_LIMIT: 'fast' })).toThrow(/STRIPE_RATE_LIMIT/);
    expect(() => stripeRateFromEnv(TEST, { STRIPE_RATE_LIMIT_REPLICAS: '0' })).toThrow(/STRIPE_RATE_LIMIT_REPLICAS/);
    expect(() => stripeRateFromEnv(LIVE, { STRIPE_RATE_LIMIT: 'off' })).toThrow(/off is for the emulator only/);
    expect(stripeRateFromEnv(EMULATOR, { STRIPE_RATE_LIMIT: 'off' }).perSecond).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe(stripeLimiterFromEnv.name, () => {
  it('is always there, unless the unsafe switch turns it off', async () => {
    const limiter = stripeLimiterFromEnv(TEST, {});
    expect(limiter).not.toBeNull();
    await limiter!.close();
    expect(stripeLimiterFromEnv(TEST, { PAYMARKET_UNSAFE_NO_STRIPE_LIMITER: '1' })).toBeNull();
  });

  it('gives each replica an even share without Redis', async () => {
    const limiter = stripeLimiterFromEnv(EMULATOR, {
      STRIPE_RATE_LIMIT: '20',
      STRIPE_RATE_LIMIT_REPLICAS: '4',
      STRIPE_RATE_LIMIT_MAX_WAIT_MS: '100',
    })!;
    for (let i = 0; i < 5; i++) await (await limiter.acquire('GET /v1/accounts/:id'))();
    await expect(limiter.acquire('GET /v1/accounts/:id')).rejects.toThrow(/Stripe is busy/);
    await limiter.close();
  });
});
