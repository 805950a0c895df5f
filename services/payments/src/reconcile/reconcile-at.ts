import { Idempotency, openServiceDatabase, OutboxRelay } from '@paymarket/platform';
import type { DataSource } from 'typeorm';
import { CHECKOUT_ENTITIES, CHECKOUT_MIGRATIONS } from '../checkout/checkout.module.js';
import type { PaymentProcessor } from '../checkout/payment-processor.js';
import { SettlePayment } from '../checkout/settle-payment.js';
import { stripeLimiterFromEnv } from '../config/payments-env.js';
import { RecordDispute } from '../disputes/record-dispute.use-case.js';
import { DisputeFreeze } from '../disputes/refund-freeze.js';
import { OrdersRepository } from '../orders/orders.repository.js';
import { RefundOrder } from '../refunds/refund-order.use-case.js';
import { StripePaymentProcessor, StripeSdkGateway, type StripeConfig } from '../stripe/stripe.gateway.js';
import { ReconcileWithStripe, type ReconcileReport } from './reconcile-with-stripe.use-case.js';
import { reconcileDone } from './restore-check.js';

/**
 * The use cases the reconciliation runs, wired as the service wires them, on `dataSource`. The relay is never
 * started: the events stay in the outbox for the payments service's own relay to publish.
 */
export function reconcilerFor(dataSource: DataSource, processor: PaymentProcessor): ReconcileWithStripe {
  const orders = new OrdersRepository(dataSource);
  const relay = new OutboxRelay(dataSource, 'payments', () => Promise.reject(new Error('the reconcile CLI publishes nothing')));
  const settle = new SettlePayment(orders, processor, relay);
  const refunds = new RefundOrder(orders, processor, new Idempotency(dataSource), relay, new DisputeFreeze(), settle);
  const disputes = new RecordDispute(orders, processor, settle, relay);
  return new ReconcileWithStripe(orders, processor, settle, refunds, disputes, relay);
}

/**
 * The operator's reconciliation (`npm run reconcile -- --since <time>`, ADR 0069) outside the running service: the
 * payments schema at `databaseUrl` against the Stripe account `stripe` names, through the same rate limiter the
 * service uses. A run that finishes without failures also clears a reconciliation the service found owed from then.
 */
export async function reconcileAt(options: { databaseUrl: string; stripe: StripeConfig; since: Date }): Promise<ReconcileReport> {
  const dataSource = await openServiceDatabase({
    url: options.databaseUrl,
    schema: 'payments',
    entities: CHECKOUT_ENTITIES,
    migrations: CHECKOUT_MIGRATIONS,
    poolSize: 2,
  });
  const config: StripeConfig =
    options.stripe.limiter === undefined ? { ...options.stripe, limiter: stripeLimiterFromEnv(options.stripe) } : options.stripe;
  try {
    const report = await reconcilerFor(dataSource, new StripePaymentProcessor(new StripeSdkGateway(config), null)).execute(options.since);
    if (report.failed.length === 0) await reconcileDone(dataSource.manager, options.since);
    return report;
  } finally {
    await config.limiter?.close();
    await dataSource.destroy();
  }
}

/** `--since` as the CLI takes it: an ISO 8601 time (`2026-12-01T10:00:00Z`) or Unix seconds; null when it is neither. */
export function parseSince(value: string | undefined, now = new Date()): Date | null {
  if (value === undefined || value.trim() === '') return null;
  const text = value.trim();
  const time = /^\d{9,11}$/.test(text)
    ? new Date(Number(text) * 1000)
    : /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(text)
      ? new Date(text)
      : null;
  if (!time || Number.isNaN(time.getTime()) || time.getTime() > now.getTime()) return null;
  return time;
}
