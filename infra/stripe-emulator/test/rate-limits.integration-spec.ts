import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import Stripe from 'stripe';
import { startStripeEmulator, type StripeEmulator } from '../src/index.js';

jest.setTimeout(30_000);

const KEY = 'sk_test_rate_limit_spec';
const DEMO = 'acct_1PMDemoPrintCo00001';

async function settled<T>(promises: Array<Promise<T>>): Promise<{ ok: T[]; errors: unknown[] }> {
  const results = await Promise.allSettled(promises);
  return {
    ok: results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])),
    errors: results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : [])),
  };
}

// Driven by the official SDK, so the SDK reads the emulator's 429 exactly as it reads Stripe's.
describe('Stripe emulator rate limits (issue 22), driven by the official stripe SDK', () => {
  let emulator: StripeEmulator;
  let stripe: Stripe;

  beforeAll(async () => {
    emulator = await startStripeEmulator({ rateLimit: { globalPerSecond: 8, perEndpointPerSecond: 4 } });
    stripe = new Stripe(KEY, { host: '127.0.0.1', port: emulator.port, protocol: 'http', maxNetworkRetries: 0 });
  });

  afterAll(async () => {
    await emulator?.close();
  });

  it('answers requests past an endpoint’s limit 429 rate_limit, as a StripeRateLimitError with the reason header', async () => {
    const { ok, errors } = await settled(Array.from({ length: 10 }, () => stripe.accounts.retrieve(DEMO)));

    expect(ok).toHaveLength(4);
    expect(errors).toHaveLength(6);
    for (const error of errors) {
      expect(error).toBeInstanceOf(Stripe.errors.StripeRateLimitError);
      const e = error as InstanceType<typeof Stripe.errors.StripeRateLimitError>;
      expect(e.statusCode).toBe(429);
      expect(e.code).toBe('rate_limit');
      expect(e.type).toBe('StripeRateLimitError');
      expect(e.message).toContain('rate limit');
      expect(e.headers?.['stripe-rate-limited-reason']).toBe('endpoint-rate');
      expect(e.headers?.['stripe-should-retry']).toBe('true');
    }
    await new Promise((r) => setTimeout(r, 1_100));
  });

  it('limits the account as a whole across endpoints (global-rate); a limited request did nothing and left its key free', async () => {
    const before = emulator.state.paymentIntents.size;
    const create = (client: Stripe, i: number) =>
      client.paymentIntents.create({ amount: 1_000 + i, currency: 'usd' }, { idempotencyKey: `rl-create-${i}` });
    const first = await Promise.allSettled([
      ...Array.from({ length: 6 }, (_, i) => create(stripe, i)),
      ...Array.from({ length: 6 }, () => stripe.accounts.retrieve(DEMO)),
    ]);
    const reasons = first.flatMap((r) =>
      r.status === 'rejected' ? [(r.reason as { headers?: Record<string, string> }).headers?.['stripe-rate-limited-reason']] : [],
    );
    expect(reasons).toContain('global-rate');
    expect(first.filter((r) => r.status === 'fulfilled')).toHaveLength(8);
    const createdFirst = first.slice(0, 6).flatMap((r) => (r.status === 'fulfilled' ? [(r.value as Stripe.PaymentIntent).id] : []));
    expect(emulator.state.paymentIntents.size - before).toBe(createdFirst.length);
    await new Promise((r) => setTimeout(r, 1_100));

    // The same keys again, through the SDK's own retries: those refused run now, those that ran replay.
    const retrying = new Stripe(KEY, { host: '127.0.0.1', port: emulator.port, protocol: 'http', maxNetworkRetries: 8 });
    const again = await Promise.all(Array.from({ length: 6 }, (_, i) => create(retrying, i)));
    expect(emulator.state.paymentIntents.size - before).toBe(6);
    for (const id of createdFirst) expect(again.map((pi) => pi.id)).toContain(id);
    await new Promise((r) => setTimeout(r, 1_100));
  });

  it('lets the SDK’s own retries (Stripe-Should-Retry) get every request through, never above the limit in any second', async () => {
    const retrying = new Stripe(KEY, { host: '127.0.0.1', port: emulator.port, protocol: 'http', maxNetworkRetries: 8 });
    const { ok, errors } = await settled(Array.from({ length: 12 }, () => retrying.accounts.retrieve(DEMO)));

    expect(errors).toEqual([]);
    expect(ok).toHaveLength(12);
    const stats = emulator.rateLimitStats();
    expect(stats.limited).toBeGreaterThan(0);
    expect(stats.maxPerSecond).toBeLessThanOrEqual(8);
    expect(Math.max(...Object.values(stats.maxPerSecondByEndpoint))).toBeLessThanOrEqual(4);
    const overHttp = (await fetch(`${emulator.url}/emulator/rate-limit`).then((r) => r.json())) as typeof stats;
    expect(overHttp).toMatchObject({ settings: { globalPerSecond: 8, perEndpointPerSecond: 4 }, limited: stats.limited });
  });
});
