import { Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { createLogger, OutboxRelay, writeToOutbox } from '@paymarket/platform';
import { OrdersRepository } from '../orders/orders.repository.js';
import { PaymentProcessor } from './payment-processor.js';
import { SettlePayment } from './settle-payment.js';

const log = createLogger('processing-reconciler');

/** How long an order may sit in `processing` before Stripe is asked again (PAYMENTS_RECONCILE_AFTER_SECONDS). */
export function reconcileAfterMs(env: NodeJS.ProcessEnv = process.env): number {
  const seconds = Number(env.PAYMENTS_RECONCILE_AFTER_SECONDS ?? '');
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 10 * 60_000;
}

/**
 * No order stays `processing` once Stripe says otherwise. An order turns `processing` when its PaymentIntent is
 * made; the card step that follows can fail on our side (a broker or database outage answered 503) or never come
 * (the buyer left). Orders `processing` for longer than the threshold have their PaymentIntent read again: one that
 * succeeded, was declined or canceled is settled through SettlePayment (the webhook's path); one still waiting for
 * a payment method with no attempt goes back to `pending`, which is what Stripe says it is.
 */
@Injectable()
export class ProcessingReconciler implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private readonly afterMs = reconcileAfterMs();

  constructor(
    private readonly orders: OrdersRepository,
    private readonly processor: PaymentProcessor,
    private readonly settle: SettlePayment,
    private readonly relay: OutboxRelay,
  ) {}

  onApplicationBootstrap(): void {
    // A Nest microservice calls this hook twice (init, then registerModules): one timer chain, not two.
    if (this.timer) return;
    this.schedule(Math.min(5_000, this.afterMs));
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Reconciles orders `processing` for longer than `olderThanMs`; returns how many changed. */
  async reconcile(olderThanMs = this.afterMs): Promise<number> {
    const stale = (await this.orders.dataSource.query(
      `SELECT id, payment_intent_id FROM orders
        WHERE status = 'processing' AND payment_intent_id IS NOT NULL AND updated_at < now() - make_interval(secs => $1)
        ORDER BY updated_at LIMIT 50`,
      [olderThanMs / 1000],
    )) as Array<{ id: string; payment_intent_id: string }>;
    let changed = 0;
    for (const row of stale) {
      const intent = await this.processor.retrievePaymentIntent(row.payment_intent_id);
      const settled = await this.settle.fromIntent(intent);
      if (settled && settled.status !== 'processing') {
        changed++;
        continue;
      }
      if (intent.status !== 'requires_payment_method' || intent.lastErrorMessage) continue;
      const reopened = await this.orders.dataSource.transaction(async (manager) => {
        const order = await this.orders.byId(manager, row.id, true);
        if (order?.status !== 'processing') return false;
        await this.orders.update(manager, order.id, { status: 'pending' });
        await writeToOutbox(manager, 'payments', 'order.updated', {
          orderId: order.orderId,
          companyId: order.companyId,
          status: 'pending',
        });
        return true;
      });
      if (reopened) {
        changed++;
        log.info(
          { order: row.id, paymentIntent: row.payment_intent_id },
          'order back to pending: its PaymentIntent awaits a payment method',
        );
      }
    }
    if (changed > 0) this.relay.kick();
    return changed;
  }

  private schedule(delay: number): void {
    this.timer = setTimeout(() => {
      this.running = this.reconcile()
        .then(() => undefined)
        .catch((err: unknown) => log.warn({ err }, 'processing reconciliation failed'))
        .finally(() => {
          this.running = undefined;
          if (this.timer) this.schedule(Math.min(30_000, this.afterMs));
        });
    }, delay);
    this.timer.unref();
  }
}
