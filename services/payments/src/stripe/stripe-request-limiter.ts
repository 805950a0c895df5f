import { createLogger, MemorySlidingWindow, paymarketMetrics, type SlidingWindow } from '@paymarket/platform';

const log = createLogger('stripe-limiter');

/**
 * Stripe allows an account 100 requests a second in live mode and 25 in test mode, and 25 a second on one endpoint
 * (issue 22). Every Stripe request payments makes waits here for a place in a window sized below those limits.
 */
export interface StripeRateSettings {
  /** Requests a second for the whole account (every replica together). */
  perSecond: number;
  /** Requests a second on one endpoint (method and path, ids left out). */
  perEndpointPerSecond: number;
  /** How long a request may wait for a place before it gives up as "Stripe is busy" (a retryable error). */
  maxWaitMs: number;
}

/** Below Stripe's limits: 20/s in test mode (25), 80/s live (100), 20/s per endpoint (25). */
export function defaultStripeRate(developmentMode: boolean): StripeRateSettings {
  return { perSecond: developmentMode ? 20 : 80, perEndpointPerSecond: 20, maxWaitMs: 8_000 };
}

/** Stripe's ids in a path (`pi_…`, `acct_…`, `tr_…`) become `:id`, so an endpoint is one label and one window. */
export function endpointOf(method: string, path: string): string {
  const bare = path.split('?', 1)[0]!;
  return `${method.toUpperCase()} ${bare.replace(/\/[a-z]{2,5}_[A-Za-z0-9_]+/g, '/:id')}`;
}

/** A request could not get a place in time: Stripe is at its limit for longer than the caller can wait. */
export class StripeBusyError extends Error {
  constructor(waitedMs: number) {
    super(`Stripe is busy: no request slot within ${Math.round(waitedMs)} ms (our rate limit below Stripe's). Please try again.`);
    this.name = 'StripeBusyError';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The one line every Stripe request waits in. Requests of this process queue in order; the head asks the window
 * (this process's, or the one all replicas share in Redis) and, when refused, sleeps until a place frees. A window
 * that cannot be asked (Redis down) lets requests through on this process's own share instead of stopping payments.
 */
export class StripeRequestLimiter {
  private tail: Promise<void> = Promise.resolve();

  constructor(
    private readonly window: SlidingWindow,
    private readonly settings: StripeRateSettings,
    private readonly fallback: SlidingWindow = new MemorySlidingWindow({
      perSecond: settings.perSecond,
      perKeyPerSecond: settings.perEndpointPerSecond,
    }),
  ) {}

  /**
   * Resolves when this request may go to Stripe, with the function to call once Stripe answered (its place then ends
   * a second later); throws StripeBusyError after `maxWaitMs`.
   */
  acquire(endpoint: string): Promise<() => Promise<void>> {
    const started = performance.now();
    const turn = this.tail.then(() => this.admit(endpoint, started));
    // The next request waits for this one's turn, not for its outcome.
    this.tail = turn.then(
      () => undefined,
      () => undefined,
    );
    return turn;
  }

  private async admit(endpoint: string, started: number): Promise<() => Promise<void>> {
    for (;;) {
      let answer;
      let window = this.window;
      try {
        answer = await window.tryAcquire(endpoint);
      } catch (err) {
        log.warn({ err: err instanceof Error ? err.message : String(err) }, 'shared Stripe window unreachable; using this replica’s own');
        window = this.fallback;
        answer = await window.tryAcquire(endpoint);
      }
      const waited = performance.now() - started;
      if (answer.admitted) {
        paymarketMetrics.stripeLimiterWait.observe({ service: 'payments' }, waited / 1000);
        const { ticket } = answer;
        // A release that fails leaves the place to expire on its own (HOLD_MS): never worth failing the payment for.
        return () => window.release(endpoint, ticket).catch(() => undefined);
      }
      if (waited + answer.retryInMs > this.settings.maxWaitMs) {
        paymarketMetrics.stripeRequests.inc({ service: 'payments', operation: endpoint, outcome: 'busy' });
        throw new StripeBusyError(waited);
      }
      await sleep(Math.max(1, answer.retryInMs));
    }
  }

  close(): Promise<void> {
    return this.window.close();
  }
}
