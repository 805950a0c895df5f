import { describe, expect, it } from '@jest/globals';
import { MemorySlidingWindow, type SlidingWindow, type WindowAnswer } from '@paymarket/platform';
import { endpointOf, StripeBusyError, StripeRequestLimiter } from './stripe-request-limiter.js';

const settings = { perSecond: 3, perEndpointPerSecond: 3, maxWaitMs: 5_000 };

describe(endpointOf.name, () => {
  it('names an endpoint by method and path with Stripe ids as :id', () => {
    expect(endpointOf('post', '/v1/payment_intents/pi_3Nabc123/confirm')).toBe('POST /v1/payment_intents/:id/confirm');
    expect(endpointOf('GET', '/v1/accounts/acct_1PMDemoPrintCo00001?expand[]=x')).toBe('GET /v1/accounts/:id');
    expect(endpointOf('POST', '/v1/transfers/tr_123/reversals')).toBe('POST /v1/transfers/:id/reversals');
    expect(endpointOf('POST', '/v1/payment_intents')).toBe('POST /v1/payment_intents');
  });
});

describe(StripeRequestLimiter.name, () => {
  it('lets requests through in the order they came, no more than the window admits in a second', async () => {
    const sut = new StripeRequestLimiter(new MemorySlidingWindow({ perSecond: 3, perKeyPerSecond: 3 }), settings);
    const started = performance.now();
    const order: number[] = [];
    const at: number[] = [];
    await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        sut.acquire('GET /v1/accounts/:id').then((release) => {
          order.push(i);
          at.push(performance.now() - started);
          return release();
        }),
      ),
    );
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6]);
    // 3 at once, 3 a second later, the 7th two seconds later: never 4 within one second.
    for (let i = 3; i < at.length; i++) expect(at[i]! - at[i - 3]!).toBeGreaterThanOrEqual(990);
  });

  it('gives up with StripeBusyError when no place frees within maxWaitMs, and the line moves on', async () => {
    const sut = new StripeRequestLimiter(new MemorySlidingWindow({ perSecond: 1, perKeyPerSecond: 1 }), { ...settings, maxWaitMs: 200 });
    await (
      await sut.acquire('POST /v1/transfers')
    )();
    await expect(sut.acquire('POST /v1/transfers')).rejects.toBeInstanceOf(StripeBusyError);
    await new Promise((r) => setTimeout(r, 1_000));
    await expect(sut.acquire('POST /v1/transfers')).resolves.toBeInstanceOf(Function);
  });

  it("uses this replica's own share when the shared window cannot be asked", async () => {
    const broken: SlidingWindow = {
      tryAcquire: (): Promise<WindowAnswer> => Promise.reject(new Error('Redis is down')),
      release: async () => undefined,
      close: async () => undefined,
    };
    const own = new MemorySlidingWindow({ perSecond: 2, perKeyPerSecond: 2 });
    const sut = new StripeRequestLimiter(broken, { ...settings, maxWaitMs: 100 }, own);
    await (
      await sut.acquire('GET /v1/accounts/:id')
    )();
    await (
      await sut.acquire('GET /v1/accounts/:id')
    )();
    await expect(sut.acquire('GET /v1/accounts/:id')).rejects.toBeInstanceOf(StripeBusyError);
  });
});

describe(MemorySlidingWindow.name, () => {
  it('says how long until a place frees, and by which limit', async () => {
    let now = 1_000;
    const sut = new MemorySlidingWindow({ perSecond: 5, perKeyPerSecond: 2 }, () => now);
    const first = await sut.tryAcquire('a');
    expect(first).toMatchObject({ admitted: true });
    // Held while its request is in flight: the window is full until it is answered, then for a second.
    expect(await sut.tryAcquire('a')).toMatchObject({ admitted: true });
    expect(await sut.tryAcquire('a')).toEqual({ admitted: false, limitedBy: 'key', retryInMs: 20 });
    await sut.release('a', (first as { ticket: string }).ticket);
    now += 300;
    expect(await sut.tryAcquire('a')).toEqual({ admitted: false, limitedBy: 'key', retryInMs: 700 });
    expect(await sut.tryAcquire('b')).toMatchObject({ admitted: true });
  });
});
