import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { PaymentDisputedPayload } from '@paymarket/contracts';
import { OutboxRelay, createLogger, writeToOutbox } from '@paymarket/platform';
import type { EntityManager } from 'typeorm';
import { PaymentProcessor, type ProcessorDispute } from '../checkout/payment-processor.js';
import { SELLER_REF_PREFIX } from '../checkout/recipient.js';
import { SettlePayment } from '../checkout/settle-payment.js';
import { apportion } from '../fees/apportion.js';
import type { Payee } from '../fees/fee-policy.js';
import { postEntry } from '../ledger/ledger.repository.js';
import type { OrderEntity } from '../orders/order.entity.js';
import { OrdersRepository } from '../orders/orders.repository.js';
import { paymentEventPayload } from '../orders/payment-event.js';
import { stableEventId } from '../orders/event-ids.js';
import { disputeLostEntry, disputeOpenedEntry, disputeWonEntry } from './dispute-entries.js';

const log = createLogger('disputes');

/**
 * What a dispute would cost each payee: the disputed amount over the recipients and the marketplace (ADR 0051) in
 * proportion to their shares.
 */
export function disputeShares(order: OrderEntity, disputed: bigint): PaymentDisputedPayload['shares'] {
  const lines = order.split.lines.filter((l): l is typeof l & { party: Payee } => l.party !== 'platform');
  const recipientTotal = lines.reduce((a, l) => a + BigInt(l.amount), 0n);
  // The fee is the platform's: recipients bear at most what they were paid.
  const borne = disputed < recipientTotal ? disputed : recipientTotal;
  const parts = apportion(
    borne,
    lines.map((l) => BigInt(l.amount)),
  );
  return lines.map((l, i) => ({ party: l.party, displayName: l.displayName ?? null, amountMinor: parts[i]!.toString() }));
}

/**
 * Card disputes from Stripe (ADR 0045). Each charge.dispute.* webhook reads the dispute fresh and brings our books
 * to it: the first sight records the dispute, moves the disputed amount out of the balance (ledger `dispute`), freezes
 * refunds and emits payment.disputed; won or lost books `dispute_won`/`dispute_lost` and emits
 * payment.dispute_closed. Every step is keyed by the dispute id, so a replayed or reordered event books nothing twice.
 */
@Injectable()
export class RecordDispute {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly processor: PaymentProcessor,
    private readonly settle: SettlePayment,
    private readonly relay: OutboxRelay,
  ) {}

  async fromStripe(disputeId: string): Promise<void> {
    const dispute = await this.processor.retrieveDispute(disputeId);
    if (!dispute.paymentIntentId) {
      log.warn({ dispute: dispute.id }, 'dispute without a PaymentIntent; not ours');
      return;
    }
    // Stripe may send the dispute before we settled the payment it disputes (the emulator does): settle first.
    await this.settle.fromIntent(await this.processor.retrievePaymentIntent(dispute.paymentIntentId));
    const changed = await this.orders.dataSource.transaction(async (manager) => {
      const order = await this.orders.byPaymentIntent(manager, dispute.paymentIntentId!, true);
      if (!order) {
        log.warn({ dispute: dispute.id }, 'dispute on a PaymentIntent we do not know');
        return false;
      }
      return this.apply(manager, order, dispute);
    });
    if (changed) this.relay.kick();
  }

  private async apply(manager: EntityManager, order: OrderEntity, dispute: ProcessorDispute): Promise<boolean> {
    const closed = dispute.status === 'won' || dispute.status === 'lost';
    const inserted = (await manager.query(
      `INSERT INTO disputes (id, stripe_dispute_id, order_id, charge_id, amount_minor, currency, reason, status, closed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $9 THEN now() END)
       ON CONFLICT (stripe_dispute_id) DO UPDATE SET status = EXCLUDED.status, updated_at = now(),
         closed_at = COALESCE(disputes.closed_at, EXCLUDED.closed_at)
         WHERE disputes.status IS DISTINCT FROM EXCLUDED.status -- the same news again (a reconciliation, ADR 0069) changes nothing
       RETURNING (xmax = 0) AS inserted`,
      [
        randomUUID(),
        dispute.id,
        order.id,
        dispute.chargeId,
        dispute.amount.toString(),
        dispute.currency,
        dispute.reason,
        dispute.status,
        closed,
      ],
    )) as Array<{ inserted: boolean }>;
    const payload: PaymentDisputedPayload = {
      ...paymentEventPayload(order, order.paymentIntentId ?? dispute.paymentIntentId ?? ''),
      disputeId: dispute.id,
      disputedMinor: dispute.amount.toString(),
      reason: dispute.reason,
      status: dispute.status,
      shares: disputeShares(order, dispute.amount),
      sellerId: order.recipientRef.startsWith(SELLER_REF_PREFIX) ? order.recipientRef.slice(SELLER_REF_PREFIX.length) : null,
      providerAccountId: order.split.lines.find((l) => l.party === 'provider')?.stripeAccountId ?? null,
    };
    let changed = false;
    if (await postEntry(manager, disputeOpenedEntry(order.id, dispute.amount), dispute.id)) {
      await writeToOutbox(manager, 'payments', 'payment.disputed', payload, { id: stableEventId('payment.disputed', dispute.id) });
      changed = true;
    }
    if (dispute.status === 'won' && (await postEntry(manager, disputeWonEntry(order.id, dispute.amount), dispute.id))) {
      await writeToOutbox(
        manager,
        'payments',
        'payment.dispute_closed',
        { ...payload, outcome: 'won' },
        { id: stableEventId('payment.dispute_closed', dispute.id) },
      );
      changed = true;
    }
    if (dispute.status === 'lost' && (await postEntry(manager, disputeLostEntry(order.id, dispute.amount), dispute.id))) {
      await writeToOutbox(
        manager,
        'payments',
        'payment.dispute_closed',
        { ...payload, outcome: 'lost' },
        { id: stableEventId('payment.dispute_closed', dispute.id) },
      );
      changed = true;
    }
    if (inserted[0]?.inserted) log.info({ dispute: dispute.id, orderId: order.orderId }, 'dispute recorded');
    return changed;
  }
}
