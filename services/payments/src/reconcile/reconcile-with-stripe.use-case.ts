import { Injectable } from '@nestjs/common';
import { createLogger, OutboxRelay } from '@paymarket/platform';
import type { EntityManager } from 'typeorm';
import { PaymentProcessor, type ProcessorPaymentIntent, type ProcessorTransfer } from '../checkout/payment-processor.js';
import { SettlePayment, splitOf } from '../checkout/settle-payment.js';
import { RecordDispute } from '../disputes/record-dispute.use-case.js';
import type { OrderEntity } from '../orders/order.entity.js';
import { orderFromMetadata, OrderMetadataError, type RebuiltOrder } from '../orders/order-metadata.js';
import { writeOrderCreated, writePaymentPending } from '../orders/order-events.js';
import { OrdersRepository } from '../orders/orders.repository.js';
import { RefundOrder } from '../refunds/refund-order.use-case.js';

const log = createLogger('reconcile-with-stripe');

/** How many of one kind of Stripe object were brought back, and how many the database already had. */
export interface ReconcileCount {
  restored: number;
  present: number;
}

export interface ReconcileReport {
  since: Date;
  orders: ReconcileCount;
  /** Orders whose status moved by what Stripe says (restored ones included). */
  statusChanged: number;
  refunds: ReconcileCount;
  transfers: ReconcileCount;
  disputes: ReconcileCount;
  /** Stripe objects that are not PayMarket orders, or whose metadata cannot rebuild one (ids and why). */
  skipped: Array<{ id: string; reason: string }>;
  /** Objects whose restore failed; a run with failures exits non-zero and is safe to run again. */
  failed: Array<{ id: string; reason: string }>;
}

/** The one-line summary the CLI prints and the service logs. */
export function formatReconcileReport(report: ReconcileReport): string {
  const count = (name: string, c: ReconcileCount) => `${name} ${c.restored} restored, ${c.present} already present`;
  return (
    `reconcile since ${report.since.toISOString()}: ${count('orders', report.orders)}; ${count('refunds', report.refunds)}; ` +
    `${count('transfers', report.transfers)}; ${count('disputes', report.disputes)}; ${report.statusChanged} status changes; ` +
    `${report.skipped.length} skipped; ${report.failed.length} failed`
  );
}

const SETTLING = new Set(['succeeded', 'canceled']);
const FINAL_REFUND = new Set(['failed', 'canceled']);

function reasonOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * After a restore, Stripe is the record of what was charged, transferred, refunded and disputed (ADR 0069). Everything
 * Stripe made since `since` that the database lacks is brought back through the live path's own code: a lost order is
 * rebuilt from its PaymentIntent's metadata as checkout left it (`processing`), then SettlePayment moves it exactly as
 * the webhook would; transfers are booked by SettlePayment.recordTransfer, refunds by RefundOrder with Stripe's own
 * refund and reversals, disputes by RecordDispute. Nothing is created at Stripe. Every step is keyed by a Stripe id,
 * so a second run finds everything present and changes nothing; events keep the ids the live path gave them.
 */
@Injectable()
export class ReconcileWithStripe {
  private readonly seen = new Set<string>();

  constructor(
    private readonly orders: OrdersRepository,
    private readonly processor: PaymentProcessor,
    private readonly settle: SettlePayment,
    private readonly refunds: RefundOrder,
    private readonly disputes: RecordDispute,
    private readonly relay: OutboxRelay,
  ) {}

  async execute(since: Date): Promise<ReconcileReport> {
    const report: ReconcileReport = {
      since,
      orders: { restored: 0, present: 0 },
      statusChanged: 0,
      refunds: { restored: 0, present: 0 },
      transfers: { restored: 0, present: 0 },
      disputes: { restored: 0, present: 0 },
      skipped: [],
      failed: [],
    };
    // Transfers are listed first: a rebuilt order's transfers must be booked before it settles, or settling would
    // start transfers of its own (keyed, but Stripe forgets keys after a day: that would pay a recipient twice).
    this.seen.clear();
    const transfers = await this.processor.listTransfers(since);
    const intents = await this.processor.listPaymentIntents(since);
    for (const intent of intents) await this.guard(report, intent.id, () => this.reconcileIntent(report, intent, transfers));
    await this.guard(report, 'processing orders', () => this.recheckProcessing(report, new Set(intents.map((i) => i.id))));
    for (const transfer of transfers) await this.guard(report, transfer.id, () => this.reconcileTransfer(report, transfer));
    for (const refund of await this.processor.listRefunds(since)) {
      await this.guard(report, refund.id, async () => {
        if (FINAL_REFUND.has(refund.status ?? '')) return;
        const order = refund.paymentIntentId ? await this.byIntent(refund.paymentIntentId) : null;
        if (!order) return void report.skipped.push({ id: refund.id, reason: 'no order has its PaymentIntent' });
        const outcome = await this.refunds.restoreFromStripe(order.id, {
          refund,
          reversalsOf: (transferId) => this.processor.listTransferReversals(transferId),
        });
        report.refunds[outcome]++;
      });
    }
    for (const disputeId of await this.processor.listDisputes(since))
      await this.guard(report, disputeId, () => this.reconcileDispute(report, disputeId));
    this.relay.kick();
    log.info({ report: formatReconcileReport(report) }, 'reconciled with Stripe');
    return report;
  }

  /** One object's failure is reported and the rest go on; a second run retries it. */
  private async guard(report: ReconcileReport, id: string, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (err) {
      log.error({ err, id }, 'reconciling a Stripe object failed');
      report.failed.push({ id, reason: reasonOf(err) });
    }
  }

  private byIntent(paymentIntentId: string): Promise<OrderEntity | null> {
    return this.orders.byPaymentIntent(this.orders.dataSource.manager, paymentIntentId);
  }

  private async reconcileIntent(report: ReconcileReport, intent: ProcessorPaymentIntent, transfers: ProcessorTransfer[]): Promise<void> {
    if (!SETTLING.has(intent.status)) return;
    let order = await this.byIntent(intent.id);
    if (order) report.orders.present++;
    else {
      let rebuilt: RebuiltOrder;
      try {
        rebuilt = orderFromMetadata(intent);
      } catch (err) {
        if (err instanceof OrderMetadataError) return void report.skipped.push({ id: intent.id, reason: err.message });
        throw err;
      }
      order = await this.restoreOrder(rebuilt, intent.id);
      report.orders.restored++;
      for (const transfer of transfers.filter((t) => t.transferGroup === order!.id)) await this.reconcileTransfer(report, transfer);
    }
    const before = order.status;
    const after = (await this.settle.fromIntent(intent))?.status ?? before;
    if (after !== before) report.statusChanged++;
  }

  /**
   * The order as checkout left it once its PaymentIntent was made: `processing`, with order.created and
   * payment.pending written under the ids checkout gave them. A second order with the same order id (made after the
   * restore) keeps its place: the lost one is then reported, not merged.
   */
  private async restoreOrder(rebuilt: RebuiltOrder, paymentIntentId: string): Promise<OrderEntity> {
    return this.orders.dataSource.transaction(async (manager: EntityManager) => {
      const order = {
        ...rebuilt,
        refunded: 0n,
        status: 'processing' as const,
        paymentIntentId,
        latestChargeId: null,
        failureMessage: null,
      };
      if (!(await this.orders.insert(manager, order))) {
        const same = await this.orders.byId(manager, rebuilt.id);
        if (same) return same;
        throw new Error(
          `order ${rebuilt.orderId} of PaymentIntent ${paymentIntentId}: its order id is taken by an order made since the restore`,
        );
      }
      const saved = (await this.orders.byId(manager, rebuilt.id))!;
      await writeOrderCreated(manager, saved);
      await writePaymentPending(manager, saved, paymentIntentId);
      return saved;
    });
  }

  /**
   * Orders the restored database holds as `processing` whose PaymentIntent was made before `since` but settled after
   * it: the listing by creation time misses them, so each is read fresh and settled as the webhook would.
   */
  private async recheckProcessing(report: ReconcileReport, listed: Set<string>): Promise<void> {
    const rows = (await this.orders.dataSource.query(
      `SELECT payment_intent_id FROM orders WHERE status = 'processing' AND payment_intent_id IS NOT NULL`,
    )) as Array<{ payment_intent_id: string }>;
    for (const row of rows.filter((r) => !listed.has(r.payment_intent_id))) {
      const intent = await this.processor.retrievePaymentIntent(row.payment_intent_id);
      const settled = await this.settle.fromIntent(intent);
      if (settled && settled.status !== 'processing') report.statusChanged++;
    }
  }

  /** A transfer of one of our orders (its transfer group is the order's uuid) booked once, to the party it paid. */
  private async reconcileTransfer(report: ReconcileReport, transfer: ProcessorTransfer): Promise<void> {
    // A rebuilt order's transfers were booked with it; the pass over every transfer must not count them again.
    if (this.seen.has(transfer.id)) return;
    this.seen.add(transfer.id);
    if (await this.transferKnown(transfer.id)) return void report.transfers.present++;
    const order = transfer.transferGroup ? await this.orders.byIdIfUuid(transfer.transferGroup) : null;
    if (!order) return void report.skipped.push({ id: transfer.id, reason: 'its transfer group is no order of ours' });
    const { recipients } = splitOf(order);
    const recipient =
      recipients.find((r) => r.party === transfer.metadata.party && r.stripeAccountId === transfer.destination) ??
      recipients.find(
        (r) =>
          r.stripeAccountId === transfer.destination &&
          order.split.lines.some((l) => l.party === r.party && BigInt(l.amount) === transfer.amount),
      );
    if (!recipient)
      return void report.skipped.push({ id: transfer.id, reason: `no party of order ${order.orderId} is paid to ${transfer.destination}` });
    if (await this.settle.recordTransfer(order.id, recipient, transfer.amount, transfer.id)) return void report.transfers.restored++;
    // Not inserted: booked meanwhile (the service's own reconciliation running beside the command), or a conflict.
    if (await this.transferKnown(transfer.id)) return void report.transfers.present++;
    report.failed.push({ id: transfer.id, reason: `order ${order.orderId} already has another transfer to its ${recipient.party}` });
  }

  private async transferKnown(stripeTransferId: string): Promise<boolean> {
    const rows = (await this.orders.dataSource.query(`SELECT 1 FROM transfers WHERE stripe_transfer_id = $1`, [
      stripeTransferId,
    ])) as unknown[];
    return rows.length > 0;
  }

  private async reconcileDispute(report: ReconcileReport, disputeId: string): Promise<void> {
    const known = (await this.orders.dataSource.query(`SELECT 1 FROM disputes WHERE stripe_dispute_id = $1`, [disputeId])) as unknown[];
    // RecordDispute reads the dispute fresh and books what is missing (opened, won, lost), keyed by its id.
    await this.disputes.fromStripe(disputeId);
    if (known.length > 0) return void report.disputes.present++;
    const booked = (await this.orders.dataSource.query(`SELECT 1 FROM disputes WHERE stripe_dispute_id = $1`, [disputeId])) as unknown[];
    if (booked.length > 0) report.disputes.restored++;
    else report.skipped.push({ id: disputeId, reason: 'no order has the disputed PaymentIntent' });
  }
}
