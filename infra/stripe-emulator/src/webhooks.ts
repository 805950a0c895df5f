import { createHmac } from 'node:crypto';
import type Stripe from 'stripe';

export interface EmulatorLogger {
  info(message: string): void;
  warn(message: string): void;
}

/** Stripe's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>" keyed with the whole whsec_ secret>`. */
export function signPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export interface WebhookDeliveryOptions {
  url: string;
  secret: string;
  /** First retry delay; each further retry doubles it (capped at `maxRetryDelayMs`). */
  retryBaseMs?: number;
  maxRetryDelayMs?: number;
  /** Stripe keeps trying for three days; the emulator gives up after this many attempts. */
  maxAttempts?: number;
  timeoutMs?: number;
  /** Stripe's `enabled_events`: only these event types are delivered; `['*']` (the default) delivers every one. */
  enabledEvents?: readonly string[];
  logger: EmulatorLogger;
}

export interface DeliveryAttempt {
  eventId: string;
  attempt: number;
  status: number | null;
  error?: string;
}

/**
 * Posts each event to one endpoint the way Stripe does (JSON body, Stripe-Signature header) and retries a failed
 * delivery (non-2xx or no answer) with exponential backoff. Deliveries are independent: like Stripe, order is not
 * guaranteed.
 */
export class WebhookDispatcher {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;
  readonly attempts: DeliveryAttempt[] = [];

  constructor(private readonly options: WebhookDeliveryOptions) {}

  get pending(): number {
    return this.timers.size + this.inFlight.size;
  }

  dispatch(event: Stripe.Event): void {
    const enabled = this.options.enabledEvents ?? ['*'];
    if (!enabled.includes('*') && !enabled.includes(event.type)) return;
    this.schedule(event, 1, 0);
  }

  private schedule(event: Stripe.Event, attempt: number, delayMs: number): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const run = this.deliver(event, attempt).finally(() => this.inFlight.delete(run));
      this.inFlight.add(run);
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  private async deliver(event: Stripe.Event, attempt: number): Promise<void> {
    const payload = JSON.stringify(event, null, 2);
    let status: number | null = null;
    let error: string | undefined;
    try {
      const response = await fetch(this.options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signPayload(payload, this.options.secret),
        },
        body: payload,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
      status = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
    }
    this.attempts.push({ eventId: event.id, attempt, status, ...(error ? { error } : {}) });
    if (status !== null && status >= 200 && status < 300) return;
    const maxAttempts = this.options.maxAttempts ?? 10;
    const reason = status === null ? `no answer (${error})` : `HTTP ${status}`;
    if (attempt >= maxAttempts) {
      this.options.logger.warn(`webhook ${event.type} ${event.id}: giving up after ${attempt} attempts (${reason})`);
      return;
    }
    const delay = Math.min((this.options.retryBaseMs ?? 1_000) * 2 ** (attempt - 1), this.options.maxRetryDelayMs ?? 60_000);
    if (attempt === 1) this.options.logger.warn(`webhook ${event.type} ${event.id}: ${reason}; retrying with backoff`);
    this.schedule(event, attempt + 1, delay);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.inFlight]);
  }
}
