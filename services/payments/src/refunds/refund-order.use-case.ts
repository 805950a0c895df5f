import { randomUUID } from 'node:crypto';
import { Injectable, Optional } from '@nestjs/common';
import {
  amountToMinor,
  API_ORDER_MESSAGES,
  API_ORDERS_DEFAULT_LIMIT,
  REFUND_MESSAGES,
  type AuditContext,
  type AuditedCallerRequest,
  type CallerRequest,
  type CreateRefundDto,
  type ListRefundsDto,
  type OrderView,
  type RefundList,
  type RefundOrderDto,
  type RefundView,
} from '@paymarket/contracts';
import {
  decodeKeysetCursor,
  Idempotency,
  keysetPage,
  OutboxRelay,
  paymarketMetrics,
  recordAudit,
  ServiceError,
  writeToOutbox,
} from '@paymarket/platform';
import type { EntityManager } from 'typeorm';
import { allocateRefund } from '../fees/apportion.js';
import { formatMinor } from '../fees/money.js';
import { refundEntry, transferReversalEntry } from '../ledger/journal.js';
import { postEntry } from '../ledger/ledger.repository.js';
import { OrdersRepository, toOrderView, type CompanyRefundRow } from '../orders/orders.repository.js';
import { companyOf } from '../checkout/company-orders.use-case.js';
import type { OrderEntity } from '../orders/order.entity.js';
import { paymentEventPayload } from '../orders/payment-event.js';
import { stableEventId } from '../orders/event-ids.js';
import { CheckoutErrors } from '../checkout/checkout.errors.js';
import { PaymentProcessor, type ProcessorRefund, type ProcessorReversal } from '../checkout/payment-processor.js';
import type { TransferEntity } from '../transfers/transfer.entity.js';
import type { RefundAllocation } from './refund.entity.js';
import { DisputeFreeze } from '../disputes/refund-freeze.js';
import { SettlePayment } from '../checkout/settle-payment.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toRefundView(row: CompanyRefundRow): RefundView {
  return {
    id: row.id,
    orderId: row.orderId,
    amount: Number(row.amount),
    currency: row.currency,
    status: row.state === 'done' ? 'succeeded' : 'pending',
    reason: row.reason,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/**
 * Where a refund's Stripe objects come from: made now with keys derived from the refund (the live path), or found at
 * Stripe when a restore lost the refund we had made (ADR 0069). Everything else about carrying a refund out, the
 * ledger, the order's status and the events, is one code path.
 */
export interface RefundStripeSteps {
  /** The live path pays out transfers still owed before reversing them; a restore never creates anything at Stripe. */
  makeMissingTransfers: boolean;
  /** The reversal of `transfer` by `amount` for this refund; null when there is none to book. */
  reversal(input: { refundId: string; transfer: TransferEntity; amount: bigint }): Promise<{ id: string } | null>;
  refund(input: { refundId: string; order: OrderEntity; amount: bigint }): Promise<{ id: string }>;
}

/** A refund Stripe has made, and where to find the reversals made for it (ADR 0069). */
export interface RefundAtStripe {
  refund: ProcessorRefund;
  reversalsOf(stripeTransferId: string): Promise<ProcessorReversal[]>;
}

/**
 * A refund without an Idempotency-Key cannot be told apart from its own retry: the gateway answers "did not answer in
 * time" while the first attempt may have committed, and the retry would refund a second time (ADR 0049).
 */
function requireRefundKey(key: string | undefined): void {
  if (key === undefined) throw ServiceError.invalid(REFUND_MESSAGES.KEY_REQUIRED, { 'Idempotency-Key': [REFUND_MESSAGES.KEY_REQUIRED] });
}

/**
 * An administrator refunds all or part of a paid order. The refund is split over the fee and the recipients in
 * proportion to what each still holds; each recipient's transfer is reversed by its share, then the buyer is
 * refunded. The plan is recorded first (one pending refund per order), and every Stripe call is keyed by the
 * refund's id, so a crash or a retry resumes the same refund instead of starting another.
 */
@Injectable()
export class RefundOrder {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly processor: PaymentProcessor,
    private readonly idempotency: Idempotency,
    private readonly relay: OutboxRelay,
    // Optional so fakes that build RefundOrder by hand need not know disputes; Nest always injects it (ADR 0045).
    @Optional() private readonly disputes?: DisputeFreeze,
    // Transfers follow the charge off the card step's path (issue 22): a refund right after a payment makes them
    // first, so it reverses a real transfer rather than refund money a transfer would then pay out anyway.
    @Optional() private readonly settle?: SettlePayment,
  ) {}

  async execute(request: AuditedCallerRequest<RefundOrderDto & { orderId: string }>): Promise<OrderView> {
    const admin = request.caller.admin;
    if (!admin) throw ServiceError.forbidden('Only administrators can refund orders.');
    requireRefundKey(request.idempotencyKey);
    const body = request.body;
    // Step 1: plan (or find the plan a failed attempt left).
    const refund = await this.idempotency.run(`refunds:${body.orderId}`, request.idempotencyKey, body, async (manager) => {
      // Any order by its uuid (the admin page sends it; the only way to name an integrator company's order, whose
      // order id is unique only within the company, ADR 0032), else PayMarket's own orders by their order id.
      // Several buyers may share an order id (issue 12): then only the uuid names the order.
      const found =
        (UUID.test(body.orderId) ? await this.orders.byId(manager, body.orderId, true) : null) ??
        (await this.orders.byPaymarketOrderId(manager, body.orderId, true));
      if (found === 'ambiguous') throw ServiceError.conflict(CheckoutErrors.ORDER_ID_AMBIGUOUS);
      const order = found;
      if (!order) throw ServiceError.notFound(CheckoutErrors.ORDER_NOT_FOUND);
      const pending = await this.orders.pendingRefund(manager, order.id);
      if (pending) return { id: pending.id, orderUuid: order.id, inProgress: true };
      if (order.status !== 'completed' && order.status !== 'partially_refunded')
        throw new ServiceError('unprocessable', CheckoutErrors.NOT_REFUNDABLE);
      const left = order.total - order.refunded;
      const amount = body.amount === undefined ? left : BigInt(amountToMinor(body.amount)!);
      if (amount <= 0n || amount > left) {
        throw new ServiceError('unprocessable', CheckoutErrors.REFUND_TOO_LARGE(formatMinor(left)), {
          amount: [CheckoutErrors.REFUND_TOO_LARGE(formatMinor(left))],
        });
      }
      const id = await this.record(manager, order, amount, body.reason ?? null, admin.email, request.audit);
      return { id, orderUuid: order.id, inProgress: false };
    });
    // Step 2: carry it out (idempotent at Stripe and in the ledger).
    await this.carryOut(refund.id);
    this.relay.kick();
    // Another refund of the order was left half-done: it was finished instead, and this one was not made. Saying so
    // (rather than answering the other refund as if it were this one) keeps every accepted refund a real one.
    if (refund.inProgress) throw ServiceError.conflict(REFUND_MESSAGES.IN_PROGRESS);
    const order = await this.orders.byId(this.orders.dataSource.manager, refund.orderUuid);
    return toOrderView(order!);
  }

  /**
   * POST /api/v1/refunds (ADR 0038): a company refunds all or part of its own paid order, in minor units. The same
   * plan and reversals as an administrator's refund; another owner's order answers 404 like a missing one.
   */
  async forCompany(request: AuditedCallerRequest<CreateRefundDto>): Promise<RefundView> {
    const companyId = companyOf(request);
    requireRefundKey(request.idempotencyKey);
    const body = request.body;
    const planned = await this.idempotency.run(`api-refunds:${companyId}`, request.idempotencyKey, body, async (manager) => {
      const order = await this.orders.byIdForCompany(manager, body.order, companyId, true);
      // The body names the order, so the 404 names the field (ServiceError.notFound carries no fields).
      if (!order) throw new ServiceError('not_found', REFUND_MESSAGES.ORDER_NOT_FOUND, { order: [REFUND_MESSAGES.ORDER_NOT_FOUND] });
      const pending = await this.orders.pendingRefund(manager, order.id);
      if (pending) return { id: pending.id, orderUuid: order.id, inProgress: true };
      if (order.status === 'refunded')
        throw ServiceError.conflict(REFUND_MESSAGES.FULLY_REFUNDED, { order: [REFUND_MESSAGES.FULLY_REFUNDED] });
      if (order.status !== 'completed' && order.status !== 'partially_refunded') {
        throw ServiceError.conflict(CheckoutErrors.NOT_REFUNDABLE, { order: [CheckoutErrors.NOT_REFUNDABLE] });
      }
      const left = order.total - order.refunded;
      const amount = body.amount === undefined ? left : BigInt(body.amount);
      if (amount <= 0n || amount > left) {
        const message = REFUND_MESSAGES.TOO_LARGE(left, formatMinor(left), order.currency);
        throw new ServiceError('unprocessable', message, { amount: [message] });
      }
      const id = await this.record(manager, order, amount, body.reason ?? null, `company:${companyId}`, request.audit);
      return { id, orderUuid: order.id, inProgress: false };
    });
    await this.carryOut(planned.id);
    this.relay.kick();
    // A refund another request had left half-done was finished instead: this one was not made (no idempotent replay).
    if (planned.inProgress) throw ServiceError.conflict(REFUND_MESSAGES.IN_PROGRESS);
    return this.getForCompany({ caller: request.caller, body: { id: planned.id } });
  }

  async getForCompany(request: CallerRequest<{ id: string }>): Promise<RefundView> {
    const [row] = await this.orders.refundsForCompany(companyOf(request), 1, { refundId: request.body.id });
    if (!row) throw ServiceError.notFound(REFUND_MESSAGES.REFUND_NOT_FOUND);
    return toRefundView(row);
  }

  async listForCompany(request: CallerRequest<ListRefundsDto>): Promise<RefundList> {
    const limit = request.body.limit ?? API_ORDERS_DEFAULT_LIMIT;
    const after = request.body.cursor ? decodeKeysetCursor(request.body.cursor) : null;
    if (request.body.cursor && !after) throw ServiceError.invalid(API_ORDER_MESSAGES.CURSOR, { cursor: [API_ORDER_MESSAGES.CURSOR] });
    const rows = await this.orders.refundsForCompany(companyOf(request), limit + 1, {
      after,
      ...(request.body.order ? { orderId: request.body.order } : {}),
    });
    const page = keysetPage(rows, limit, (row) => ({ createdAt: new Date(row.createdAt), id: row.id }));
    return { data: page.data.map(toRefundView), nextCursor: page.nextCursor };
  }

  /**
   * Writes the plan of a refund (one pending refund per order, so a crash resumes it) and, in the same transaction, its
   * `order.refunded` audit row (ADR 0075): the refund is decided here, whoever later carries it out. A replay of the
   * Idempotency-Key never gets here, so it records nothing new.
   */
  private async record(
    manager: EntityManager,
    order: OrderEntity,
    amount: bigint,
    reason: string | null,
    requestedBy: string,
    audit: AuditContext,
  ): Promise<string> {
    await this.disputes?.assertNotDisputed(manager, order.id);
    const allocation = await this.plan(manager, order, amount);
    const id = randomUUID();
    await this.orders.insertRefund(manager, {
      id,
      orderId: order.id,
      amount,
      allocation,
      reason,
      state: 'pending',
      stripeRefundId: null,
      requestedBy,
    });
    await recordAudit(manager, 'payments', audit, {
      action: 'order.refunded',
      target: { type: 'order', id: order.id },
      companyId: order.companyId,
      before: { orderStatus: order.status, refunded: formatMinor(order.refunded) },
      after: {
        refundId: id,
        amount: formatMinor(amount),
        currency: order.currency,
        reason,
        // What the refund makes of the order once carried out (carryOut books the same).
        orderStatus: order.refunded + amount === order.total ? 'refunded' : 'partially_refunded',
        refunded: formatMinor(order.refunded + amount),
      },
    });
    return id;
  }

  private async plan(
    manager: Parameters<OrdersRepository['transfersOf']>[0],
    order: OrderEntity,
    amount: bigint,
  ): Promise<RefundAllocation[]> {
    const transfers = await this.orders.transfersOf(manager, order.id);
    const parts = order.split.lines.map((line) => {
      const transfer = transfers.find((t) => t.party === line.party);
      const share = BigInt(line.amount);
      return { line, held: line.party === 'platform' ? 0n : share - (transfer?.reversed ?? 0n) };
    });
    const recipientsHeld = parts.reduce((a, p) => a + p.held, 0n);
    const platform = parts.find((p) => p.line.party === 'platform');
    if (platform) platform.held = order.total - order.refunded - recipientsHeld;
    const taken = allocateRefund(
      parts.map((p) => p.held),
      amount,
    );
    return parts.map((p, i) => ({
      party: p.line.party,
      ...(p.line.stripeAccountId ? { stripeAccountId: p.line.stripeAccountId } : {}),
      amount: taken[i]!.toString(),
    }));
  }

  /** The live path's Stripe calls, each keyed by the refund so a retry repeats nothing at Stripe. */
  private madeNow(requestedBy: () => Promise<Record<string, string>>): RefundStripeSteps {
    return {
      makeMissingTransfers: true,
      reversal: ({ refundId, transfer, amount }) =>
        this.processor.reverseTransfer({
          transferId: transfer.stripeTransferId,
          amount,
          idempotencyKey: `reversal:${refundId}:${transfer.party}`,
          // Lets the reconciliation after a restore tell which refund a reversal belongs to (ADR 0069).
          metadata: { refund_id: refundId, party: transfer.party },
        }),
      refund: async ({ refundId, order, amount }) =>
        this.processor.createRefund({
          paymentIntentId: order.paymentIntentId!,
          amount,
          idempotencyKey: `refund:${refundId}`,
          metadata: { refund_id: refundId, order_uuid: order.id, ...(await requestedBy()) },
        }),
    };
  }

  /** What the refund row says of who asked and why, for the Stripe refund's metadata (values of at most 500). */
  private async refundMetadata(refundId: string): Promise<Record<string, string>> {
    const [row] = (await this.orders.dataSource.query(`SELECT requested_by, reason FROM refunds WHERE id = $1`, [refundId])) as Array<{
      requested_by: string;
      reason: string | null;
    }>;
    if (!row) return {};
    return { requested_by: row.requested_by.slice(0, 500), ...(row.reason ? { reason: row.reason.slice(0, 500) } : {}) };
  }

  /** Stripe's refund and reversals as they are: the restore books what Stripe did, and creates nothing. */
  private foundAtStripe(found: RefundAtStripe): RefundStripeSteps {
    const booked = new Set<string>();
    return {
      makeMissingTransfers: false,
      reversal: async ({ refundId, transfer, amount }) => {
        const reversals = await found.reversalsOf(transfer.stripeTransferId);
        // Made since ADR 0069: named by refund and party. Older reversals carry no metadata: matched by amount.
        const match =
          reversals.find((r) => r.metadata.refund_id === refundId && r.metadata.party === transfer.party) ??
          reversals.find((r) => r.metadata.refund_id === undefined && r.amount === amount && !booked.has(r.id));
        if (match) booked.add(match.id);
        return match ?? null;
      },
      refund: () => Promise.resolve({ id: found.refund.id }),
    };
  }

  /**
   * A refund Stripe made that the database lacks after a restore (ADR 0069): planned again as the live path planned
   * it (refunds are restored oldest first, so each sees the order as its original did), under the id Stripe's
   * metadata names, then carried out with Stripe's own refund and reversals. 'present' when it was booked already.
   */
  async restoreFromStripe(orderUuid: string, found: RefundAtStripe): Promise<'restored' | 'present'> {
    const manager = this.orders.dataSource.manager;
    const known = (await manager.query(`SELECT 1 FROM refunds WHERE stripe_refund_id = $1`, [found.refund.id])) as unknown[];
    if (known.length > 0) return 'present';
    const named = found.refund.metadata.refund_id;
    const refundId = named && UUID.test(named) ? named : stableEventId('refund', found.refund.id);
    await this.orders.dataSource.transaction(async (tx) => {
      const order = await this.orders.byId(tx, orderUuid, true);
      if (!order) throw new Error(`refund ${found.refund.id}: order ${orderUuid} is not in the database`);
      const planned = (await tx.query(`SELECT 1 FROM refunds WHERE id = $1`, [refundId])) as unknown[];
      // A refund the restored database holds as pending is the one Stripe finished: it is carried out as it was planned.
      if (planned.length > 0) return;
      await this.orders.insertRefund(tx, {
        id: refundId,
        orderId: order.id,
        amount: found.refund.amount,
        allocation: await this.plan(tx, order, found.refund.amount),
        reason: found.refund.metadata.reason ?? null,
        state: 'pending',
        stripeRefundId: null,
        requestedBy: found.refund.metadata.requested_by ?? 'stripe-reconciliation',
      });
    });
    await this.carryOut(refundId, this.foundAtStripe(found));
    return 'restored';
  }

  private async carryOut(refundId: string, steps: RefundStripeSteps = this.madeNow(() => this.refundMetadata(refundId))): Promise<void> {
    const manager = this.orders.dataSource.manager;
    const refund = await manager
      .query(`SELECT id, order_id, amount_minor, allocation, state FROM refunds WHERE id = $1`, [refundId])
      .then((r: unknown[]) => r[0] as { order_id: string; amount_minor: string; allocation: RefundAllocation[]; state: string });
    if (refund.state === 'done') return;
    const order = (await this.orders.byId(manager, refund.order_id))!;
    let transfers = await this.orders.transfersOf(manager, order.id);
    const owed = refund.allocation.some(
      (part) => part.party !== 'platform' && BigInt(part.amount) > 0n && !transfers.some((t) => t.party === part.party),
    );
    if (owed && steps.makeMissingTransfers && this.settle) {
      await this.settle.makeTransfers(order.id);
      transfers = await this.orders.transfersOf(manager, order.id);
    }
    for (const part of refund.allocation) {
      const amount = BigInt(part.amount);
      if (part.party === 'platform' || amount === 0n) continue;
      const transfer = transfers.find((t) => t.party === part.party);
      if (!transfer) continue; // never transferred: the money is still in our balance
      const reversal = await steps.reversal({ refundId, transfer, amount });
      if (!reversal) continue;
      await this.orders.dataSource.transaction(async (tx) => {
        const recipient = { party: transfer.party, stripeAccountId: transfer.destination };
        if (await postEntry(tx, transferReversalEntry(order.id, recipient, amount), reversal.id))
          await this.orders.addReversal(tx, transfer.id, amount);
      });
    }
    const total = BigInt(refund.amount_minor);
    const stripeRefund = await steps.refund({ refundId, order, amount: total });
    const settled = await this.orders.dataSource.transaction(async (tx) => {
      const locked = (await this.orders.byId(tx, order.id, true))!;
      const booked = await postEntry(
        tx,
        refundEntry(
          order.id,
          refund.allocation.map((p) => ({ party: p.party, stripeAccountId: p.stripeAccountId, amount: BigInt(p.amount) })),
        ),
        stripeRefund.id,
      );
      if (!booked) return false;
      const refunded = locked.refunded + total;
      const status = refunded === locked.total ? 'refunded' : 'partially_refunded';
      await this.orders.update(tx, order.id, { refunded, status });
      await this.orders.finishRefund(tx, refundId, stripeRefund.id);
      // Ids derived from Stripe's refund (ADR 0069): the refund booked again after a restore keeps its ids.
      await writeToOutbox(
        tx,
        'payments',
        'payment.refunded',
        {
          ...paymentEventPayload(locked, order.paymentIntentId!),
          refundId,
          refundedMinor: total.toString(),
          refundedTotalMinor: refunded.toString(),
        },
        { id: stableEventId('payment.refunded', stripeRefund.id) },
      );
      await writeToOutbox(
        tx,
        'payments',
        'order.updated',
        { orderId: order.orderId, companyId: order.companyId, status },
        { id: stableEventId('order.updated', stripeRefund.id, status) },
      );
      return true;
    });
    if (settled) paymarketMetrics.payments.inc({ service: 'payments', outcome: 'refunded' });
  }
}
