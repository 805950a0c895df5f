import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OutboxRelay, writeToOutbox, createLogger, paymarketMetrics } from '@paymarket/platform';
import type { OrderStatus } from '@paymarket/contracts';
import { chargeEntry, transferEntry, type Recipient } from '../ledger/journal.js';
import { postEntry } from '../ledger/ledger.repository.js';
import type { Payee, Split } from '../fees/fee-policy.js';
import type { OrderEntity } from '../orders/order.entity.js';
import { OrdersRepository } from '../orders/orders.repository.js';
import { paymentEventPayload } from '../orders/payment-event.js';
import { stableEventId } from '../orders/event-ids.js';
import { PaymentProcessor, type ProcessorPaymentIntent } from './payment-processor.js';

const log = createLogger('settle-payment');

export function splitOf(order: OrderEntity): { split: Split; recipients: Recipient[] } {
  const lines = order.split.lines.map((l) => ({ party: l.party, amount: BigInt(l.amount) }));
  const recipients = order.split.lines
    .filter((l): l is typeof l & { party: Payee; stripeAccountId: string } => l.party !== 'platform' && Boolean(l.stripeAccountId))
    .map((l) => ({ party: l.party, stripeAccountId: l.stripeAccountId }));
  return { split: { currency: order.currency, total: order.total, amount: order.amount, lines }, recipients };
}

const SETTLED: readonly OrderStatus[] = ['completed', 'refunded', 'partially_refunded'];

/**
 * The one path that moves an order by what Stripe says about its PaymentIntent — used by the signed webhook, by
 * the server-side re-check and right after a development-mode confirmation. Completing books the charge and queues
 * the events in the same transaction, once (the order row is locked and re-read); transfers follow, each keyed so
 * a repeat creates nothing new.
 */
@Injectable()
export class SettlePayment {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly processor: PaymentProcessor,
    private readonly relay: OutboxRelay,
  ) {}

  async fromIntent(intent: ProcessorPaymentIntent): Promise<OrderEntity | null> {
    let changed = false;
    const order = await this.orders.dataSource.transaction(async (manager) => {
      const locked = await this.orders.byPaymentIntent(manager, intent.id, true);
      if (!locked) return null;
      changed = await this.apply(manager, locked, intent);
      return this.orders.byId(manager, locked.id);
    });
    if (changed) {
      this.relay.kick();
      // Counted once the transition committed; a repeat of the same Stripe news changes nothing and counts nothing.
      if (intent.status === 'succeeded') paymarketMetrics.payments.inc({ service: 'payments', outcome: 'succeeded' });
      else paymarketMetrics.payments.inc({ service: 'payments', outcome: 'failed' }); // declined or canceled
    }
    // Transfers follow off the caller's path (issue 22): the buyer's card step, or Stripe's webhook, is answered once
    // the charge is booked. Each transfer is keyed, so this, the sweeper and a refund's own call make it once.
    // Only the call that booked the charge starts them; a repeat of the same news finds them started.
    if (changed && order && intent.status === 'succeeded') this.transferSoon(order.id);
    return order;
  }

  private async apply(manager: EntityManager, order: OrderEntity, intent: ProcessorPaymentIntent): Promise<boolean> {
    if (intent.amount !== order.total || intent.currency !== order.currency) {
      // Never book a payment whose amount differs from the order: something is badly wrong; leave it for a human.
      log.error({ orderId: order.orderId, intent: intent.id }, 'PaymentIntent amount or currency differs from the order');
      return false;
    }
    const payload = paymentEventPayload(order, intent.id);
    if (intent.status === 'succeeded') {
      if (SETTLED.includes(order.status)) return false;
      const { split, recipients } = splitOf(order);
      await postEntry(manager, chargeEntry(order.id, split, recipients), intent.latestChargeId ?? intent.id);
      await this.orders.update(manager, order.id, { status: 'completed', latestChargeId: intent.latestChargeId, failureMessage: null });
      // Ids derived from the PaymentIntent (ADR 0069): the same success booked again after a restore keeps its ids.
      await writeToOutbox(manager, 'payments', 'payment.succeeded', payload, { id: stableEventId('payment.succeeded', intent.id) });
      await writeToOutbox(
        manager,
        'payments',
        'order.updated',
        { orderId: order.orderId, companyId: order.companyId, status: 'completed' },
        { id: stableEventId('order.updated', intent.id, 'completed') },
      );
      return true;
    }
    // `pending` too: the reconciler puts back an order whose intent was never attempted, and a later decline fails it.
    if (
      intent.status === 'requires_payment_method' &&
      intent.lastErrorMessage &&
      (order.status === 'processing' || order.status === 'pending')
    ) {
      await this.orders.update(manager, order.id, { status: 'failed', failureMessage: intent.lastErrorMessage });
      await writeToOutbox(
        manager,
        'payments',
        'payment.failed',
        { ...payload, reason: intent.lastErrorMessage },
        { id: stableEventId('payment.failed', intent.id) },
      );
      await this.writeFailed(manager, order, intent.id);
      return true;
    }
    if (intent.status === 'canceled' && !SETTLED.includes(order.status) && order.status !== 'failed') {
      await this.orders.update(manager, order.id, { status: 'failed', failureMessage: 'The payment was canceled.' });
      await this.writeFailed(manager, order, intent.id);
      return true;
    }
    return false;
  }

  /** A declined and a canceled payment are the same order.updated: an order fails once per PaymentIntent. */
  private async writeFailed(manager: EntityManager, order: OrderEntity, paymentIntentId: string): Promise<void> {
    await writeToOutbox(
      manager,
      'payments',
      'order.updated',
      { orderId: order.orderId, companyId: order.companyId, status: 'failed' },
      { id: stableEventId('order.updated', paymentIntentId, 'failed') },
    );
  }

  private transferSoon(orderUuid: string): void {
    this.makeTransfers(orderUuid).catch((err: unknown) =>
      log.warn({ err, order: orderUuid }, 'transfers after the charge failed; the sweeper retries them'),
    );
  }

  /**
   * One transfer per recipient (the marketplace's share too, ADR 0051: `transfer:<order>:marketplace`), each created at
   * Stripe with a key derived from the order and party.
   */
  async makeTransfers(orderUuid: string): Promise<void> {
    const order = await this.orders.byId(this.orders.dataSource.manager, orderUuid);
    if (!order || !SETTLED.includes(order.status)) return;
    const { recipients } = splitOf(order);
    const done = await this.orders.transfersOf(this.orders.dataSource.manager, order.id);
    for (const line of order.split.lines) {
      if (line.party === 'platform' || !line.stripeAccountId || BigInt(line.amount) <= 0n) continue;
      if (done.some((t) => t.party === line.party)) continue;
      const recipient = recipients.find((r) => r.party === line.party)!;
      const amount = BigInt(line.amount);
      const transfer = await this.processor.createTransfer({
        amount,
        currency: order.currency,
        destination: recipient.stripeAccountId,
        transferGroup: order.id,
        sourceTransaction: order.latestChargeId,
        idempotencyKey: `transfer:${order.id}:${line.party}`,
        // Tells the reconciliation after a restore whose transfer it is (ADR 0069).
        metadata: { order_uuid: order.id, party: line.party },
      });
      await this.recordTransfer(order.id, recipient, amount, transfer.id);
    }
  }

  /**
   * Books a transfer Stripe made: the row and its ledger entry, once (the transfer id is unique in both). Used right
   * after creating it, and by the reconciliation that finds at Stripe a transfer a restore lost (ADR 0069).
   */
  async recordTransfer(orderUuid: string, recipient: Recipient, amount: bigint, stripeTransferId: string): Promise<boolean> {
    return this.orders.dataSource.transaction(async (manager) => {
      const inserted = await this.orders.insertTransfer(manager, {
        id: crypto.randomUUID(),
        orderId: orderUuid,
        party: recipient.party,
        destination: recipient.stripeAccountId,
        amount,
        reversed: 0n,
        stripeTransferId,
      });
      if (inserted) await postEntry(manager, transferEntry(orderUuid, recipient, amount), stripeTransferId);
      return inserted;
    });
  }
}
