import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { MemorySlidingWindow, paymarketMetrics, RedisSlidingWindow } from '@paymarket/platform';
import { testRedis } from '@paymarket/platform/testing';
import { STRIPE_RATE_LIMITS, startStripeEmulator, type StripeEmulator } from '@paymarket/stripe-emulator';
import { StripeRequestLimiter } from '../src/stripe/stripe-request-limiter.js';
import { StripeSdkGateway, StripeUnavailableError } from '../src/stripe/stripe.gateway.js';

jest.setTimeout(60_000);

const PROVIDER = 'acct_1PMDemoPrintCo00001';
const { url: redisUrl, describeWithRedis } = await testRedis('Stripe limiter over Redis tests', describe);

function gateway(emulator: StripeEmulator, limiter: StripeRequestLimiter | null): StripeSdkGateway {
  return new StripeSdkGateway({ secretKey: 'sk_test_rate_limit_spec', apiUrl: emulator.url, limiter });
}

async function counted(outcome: string): Promise<number> {
  const metric = await paymarketMetrics.stripeRequests.get();
  return metric.values.filter((v) => v.labels.outcome === outcome).reduce((a, v) => a + v.value, 0);
}

// A fresh emulator at Stripe's test-mode limits (25/s, 25/s per endpoint) for each test: its counts are the test's.
describe('payments under Stripe’s rate limit (issue 22): every request waits in the limiter', () => {
  let emulator: StripeEmulator;
  const limiters: StripeRequestLimiter[] = [];
  const limiter = (window: ConstructorParameters<typeof StripeRequestLimiter>[0], perSecond: number, maxWaitMs = 20_000) => {
    const made = new StripeRequestLimiter(window, { perSecond, perEndpointPerSecond: perSecond, maxWaitMs });
    limiters.push(made);
    return made;
  };

  beforeEach(async () => {
    emulator = await startStripeEmulator({ rateLimit: STRIPE_RATE_LIMITS.test });
  });
  afterEach(async () => {
    await Promise.all(limiters.splice(0).map((l) => l.close()));
    await emulator?.close();
  });

  it('a burst of 60 waits in line below the limit: all succeed, Stripe never answers 429', async () => {
    const before = emulator.rateLimitStats().limited;
    const sut = gateway(emulator, limiter(new MemorySlidingWindow({ perSecond: 20, perKeyPerSecond: 20 }), 20));
    const accounts = await Promise.all(Array.from({ length: 60 }, () => sut.retrieveConnectedAccount(PROVIDER)));
    expect(accounts.every((a) => a?.canReceiveTransfers)).toBe(true);
    const stats = emulator.rateLimitStats();
    expect(stats.limited - before).toBe(0);
    expect(stats.maxPerSecond).toBeLessThanOrEqual(20);
  });

  it('a 429 that still happens is retried with the same Idempotency-Key: each PaymentIntent is created once', async () => {
    // A limiter sized above the account's limit (as when something else shares the account): Stripe refuses some.
    const sut = gateway(emulator, limiter(new MemorySlidingWindow({ perSecond: 60, perKeyPerSecond: 60 }), 60));
    const before = emulator.state.paymentIntents.size;
    const limitedBefore = emulator.rateLimitStats().limited;
    const rateLimitedBefore = await counted('rate_limited');
    const keys = Array.from({ length: 50 }, () => randomUUID());
    const intents = await Promise.all(
      keys.map((key) =>
        sut.createPaymentIntent({
          amount: 1_356,
          currency: 'usd',
          transferGroup: key,
          metadata: { order_id: key },
          idempotencyKey: `pi:${key}`,
        }),
      ),
    );
    expect(new Set(intents.map((i) => i.id)).size).toBe(50);
    expect(emulator.state.paymentIntents.size - before).toBe(50);
    expect(emulator.rateLimitStats().limited - limitedBefore).toBeGreaterThan(0);
    expect((await counted('rate_limited')) - rateLimitedBefore).toBeGreaterThan(0);
    expect(emulator.rateLimitStats().maxPerSecond).toBeLessThanOrEqual(25);
  });

  it('gives up with a retryable "Stripe is busy" when no place frees in time, and Stripe never sees that request', async () => {
    const sut = gateway(emulator, limiter(new MemorySlidingWindow({ perSecond: 2, perKeyPerSecond: 2 }), 2, 300));
    const admittedBefore = emulator.rateLimitStats().admitted;
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => sut.retrieveConnectedAccount(PROVIDER)));
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as Error] : []));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    expect(refused).toHaveLength(3);
    for (const error of refused) {
      expect(error).toBeInstanceOf(StripeUnavailableError);
      expect(error.message).toContain('Stripe is busy');
    }
    expect(emulator.rateLimitStats().admitted - admittedBefore).toBe(2);
  });

  it('without the limiter (the unsafe switch), the same burst meets 429s at Stripe', async () => {
    const sut = gateway(emulator, null);
    const limitedBefore = emulator.rateLimitStats().limited;
    await Promise.allSettled(Array.from({ length: 60 }, () => sut.retrieveConnectedAccount(PROVIDER)));
    expect(emulator.rateLimitStats().limited - limitedBefore).toBeGreaterThan(0);
  });

  describeWithRedis('shared by replicas through Redis', () => {
    it('three replicas together stay under the one account limit', async () => {
      const prefix = `test:stripe:${randomUUID()}:`;
      const replicas = [0, 1, 2].map(() =>
        gateway(emulator, limiter(new RedisSlidingWindow(redisUrl, { perSecond: 20, perKeyPerSecond: 20 }, prefix), 20)),
      );
      const limitedBefore = emulator.rateLimitStats().limited;
      const results = await Promise.all(Array.from({ length: 90 }, (_, i) => replicas[i % 3]!.retrieveConnectedAccount(PROVIDER)));
      expect(results.every((a) => a !== null)).toBe(true);
      expect(emulator.rateLimitStats().limited - limitedBefore).toBe(0);
      // Redis's clock admits 20 a second; the emulator's window may see a request or two bunched by the network.
      expect(emulator.rateLimitStats().maxPerSecond).toBeLessThanOrEqual(22);
    });
  });
});
