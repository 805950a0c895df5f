import { Injectable } from '@nestjs/common';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import { formatMinor } from '../fees/money.js';
import { formatBps, type OrderDispute, type OrderMarketplace, type OrderSplitLine, type OrderView } from '@paymarket/contracts';
import { OrderEntity } from './order.entity.js';
import { TransferEntity } from '../transfers/transfer.entity.js';
import { RefundEntity } from '../refunds/refund.entity.js';
import type { KeysetPosition } from '@paymarket/platform';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface CompanyRefundRow {
  id: string;
  orderId: string;
  amount: string;
  currency: 'usd' | 'cad';
  state: 'pending' | 'done';
  reason: string | null;
  createdAt: Date;
}

const PARTY_ORDER = ['platform', 'marketplace', 'seller', 'provider'] as const;

/**
 * Who gets what of the order, as stored when it was created (ADR 0051): PayMarket first, then the marketplace (by its
 * display name), the seller and the provider.
 */
export function splitView(order: OrderEntity): OrderSplitLine[] {
  return [...order.split.lines]
    .sort((a, b) => PARTY_ORDER.indexOf(a.party) - PARTY_ORDER.indexOf(b.party))
    .map((l) => ({
      party: l.party,
      amount: formatMinor(BigInt(l.amount)),
      name: l.party === 'platform' ? 'PayMarket' : (l.displayName ?? null),
    }));
}

/** The marketplace the order was placed through and the terms it recorded (ADR 0051), as decimal text. */
export function marketplaceView(order: OrderEntity): OrderMarketplace | null {
  const terms = order.feeTerms;
  if (!terms) return null;
  return {
    id: terms.marketplaceId,
    name: terms.name,
    terms: {
      customFees: terms.customFees,
      transactionFee: formatMinor(BigInt(terms.transactionFeeMinor)),
      platformFee: terms.platformFeeBps === null ? null : formatBps(terms.platformFeeBps),
    },
  };
}

/** The API's view of an order; the order lists add `dispute` (one query for the page, `disputesOf`). */
export function toOrderView(order: OrderEntity): OrderView {
  const line = order.split.lines.find((l) => l.party === 'seller' || l.party === 'provider');
  return {
    id: order.id,
    orderId: order.orderId,
    createdAt: order.createdAt.toISOString(),
    status: order.status,
    amount: formatMinor(order.amount),
    fee: formatMinor(order.fee),
    total: formatMinor(order.total),
    refunded: formatMinor(order.refunded),
    currency: order.currency,
    description: order.description,
    printProviderId: order.recipientRef,
    recipient: { party: line?.party === 'seller' ? 'seller' : 'provider', name: line?.displayName ?? null },
    stripePaymentIntentId: order.paymentIntentId,
    buyerEmail: order.buyerEmail,
    marketplace: marketplaceView(order),
    split: splitView(order),
  };
}

/** Whose order-id namespace a lookup uses: a company's, a signed-in buyer's, or guests' (`buyerId: null`). */
export type OrderOwner = { companyId: string } | { buyerId: string | null };

/** Where orders, transfers and refunds are kept. Locking reads take the row for the rest of the transaction. */
@Injectable()
export class OrdersRepository {
  constructor(readonly dataSource: DataSource) {}

  /** False when the client's order id is taken. */
  async insert(manager: EntityManager, order: Omit<OrderEntity, 'createdAt' | 'updatedAt'>): Promise<boolean> {
    const result = await manager.createQueryBuilder().insert().into(OrderEntity).values(order).orIgnore().returning('id').execute();
    return (result.raw as unknown[]).length > 0;
  }

  /**
   * An order by its client order id within one owner (ADR 0032, issue 12): one integrator company's orders
   * (`{ companyId }`), one signed-in buyer's (`{ buyerId }`), or guests' orders (`{ buyerId: null }`). The same order
   * id may exist once per owner, so a lookup by order id is always scoped to its owner.
   */
  byOrderId(manager: EntityManager, orderId: string, owner: OrderOwner, lock = false): Promise<OrderEntity | null> {
    const where =
      'companyId' in owner ? { orderId, companyId: owner.companyId } : { orderId, companyId: IsNull(), buyerId: owner.buyerId ?? IsNull() };
    return manager.getRepository(OrderEntity).findOne({
      where,
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
  }

  /**
   * Administrators naming one of PayMarket's own orders by its order id: the order when exactly one has it, 'ambiguous'
   * when several buyers used it (the order is then named by its uuid).
   */
  async byPaymarketOrderId(manager: EntityManager, orderId: string, lock = false): Promise<OrderEntity | null | 'ambiguous'> {
    const found = await manager.getRepository(OrderEntity).find({
      where: { orderId, companyId: IsNull() },
      take: 2,
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (found.length > 1) return 'ambiguous';
    return found[0] ?? null;
  }

  byId(manager: EntityManager, id: string, lock = false): Promise<OrderEntity | null> {
    return manager.getRepository(OrderEntity).findOne({ where: { id }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
  }

  /** An order by a uuid found outside our database (a Stripe transfer group); anything else is no order of ours. */
  byIdIfUuid(id: string): Promise<OrderEntity | null> {
    return UUID.test(id) ? this.byId(this.dataSource.manager, id) : Promise.resolve(null);
  }

  byPaymentIntent(manager: EntityManager, paymentIntentId: string, lock = false): Promise<OrderEntity | null> {
    return manager
      .getRepository(OrderEntity)
      .findOne({ where: { paymentIntentId }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
  }

  async update(manager: EntityManager, id: string, changes: Partial<OrderEntity>): Promise<void> {
    await manager.getRepository(OrderEntity).update(id, { ...changes, updatedAt: new Date() });
  }

  listForBuyer(buyerId: string, limit = 100): Promise<OrderEntity[]> {
    return this.dataSource.getRepository(OrderEntity).find({ where: { buyerId }, order: { createdAt: 'DESC' }, take: limit });
  }

  /**
   * A company's own orders, newest first (the integrator API's GET /api/v1/orders): `take` rows after the cursor
   * position, optionally only the one with the company's own order id.
   */
  listForCompany(
    companyId: string,
    take: number,
    options: { after?: KeysetPosition | null; orderId?: string } = {},
  ): Promise<OrderEntity[]> {
    const query = this.dataSource
      .getRepository(OrderEntity)
      .createQueryBuilder('o')
      .where('o.company_id = :companyId', { companyId })
      // Milliseconds, as the cursor carries them (PostgreSQL keeps microseconds).
      .orderBy(`date_trunc('milliseconds', o.created_at)`, 'DESC')
      .addOrderBy('o.id', 'DESC')
      .limit(take);
    if (options.orderId) query.andWhere('o.order_id = :orderId', { orderId: options.orderId });
    if (options.after) {
      query.andWhere(`(date_trunc('milliseconds', o.created_at), o.id) < (:at, :id)`, {
        at: options.after.createdAt,
        id: options.after.id,
      });
    }
    return query.getMany();
  }

  /** One of a company's orders by its id; another owner's order is null, like a missing one. */
  async byIdForCompany(manager: EntityManager, id: string, companyId: string, lock = false): Promise<OrderEntity | null> {
    if (!UUID.test(id)) return null;
    const order = await this.byId(manager, id, lock);
    return order && order.companyId === companyId ? order : null;
  }

  /** A company's refunds (through its orders), newest first. */
  async refundsForCompany(
    companyId: string,
    take: number,
    options: { after?: KeysetPosition | null; orderId?: string; refundId?: string } = {},
  ): Promise<CompanyRefundRow[]> {
    const params: unknown[] = [companyId, take];
    let where = 'o.company_id = $1';
    if (options.orderId) where += ` AND r.order_id = $${params.push(options.orderId)}`;
    if (options.refundId) where += ` AND r.id = $${params.push(options.refundId)}`;
    if (options.after) {
      where += ` AND (date_trunc('milliseconds', r.created_at), r.id) < ($${params.push(options.after.createdAt)}, $${params.push(options.after.id)})`;
    }
    return (await this.dataSource.query(
      `SELECT r.id, r.order_id AS "orderId", r.amount_minor AS "amount", o.currency, r.state, r.reason, r.created_at AS "createdAt"
         FROM refunds r JOIN orders o ON o.id = r.order_id
        WHERE ${where}
        ORDER BY date_trunc('milliseconds', r.created_at) DESC, r.id DESC
        LIMIT $2`,
      params,
    )) as CompanyRefundRow[];
  }

  /** The newest dispute of each order (ADR 0045, issue 14), for a page of orders in one query; absent ones are null. */
  async disputesOf(orderIds: string[]): Promise<Map<string, OrderDispute>> {
    if (orderIds.length === 0) return new Map();
    const rows = (await this.dataSource.query(
      `SELECT DISTINCT ON (order_id) order_id, status, amount_minor::text AS amount, reason
         FROM disputes WHERE order_id = ANY($1) ORDER BY order_id, created_at DESC`,
      [orderIds],
    )) as Array<{ order_id: string; status: string; amount: string; reason: string }>;
    return new Map(rows.map((r) => [r.order_id, { status: r.status, amount: formatMinor(BigInt(r.amount)), reason: r.reason }]));
  }

  listAll(limit = 200): Promise<OrderEntity[]> {
    return this.dataSource.getRepository(OrderEntity).find({ order: { createdAt: 'DESC' }, take: limit });
  }

  /** Completed orders whose transfers are not all made (a crash between charge and transfer). */
  async completedMissingTransfers(limit = 50): Promise<string[]> {
    const rows = (await this.dataSource.query(
      `SELECT o.id FROM orders o
        WHERE o.status IN ('completed', 'partially_refunded')
          AND (SELECT count(*) FROM jsonb_array_elements(o.split->'lines') l WHERE l->>'party' <> 'platform' AND (l->>'amount')::bigint > 0)
            > (SELECT count(*) FROM transfers t WHERE t.order_id = o.id)
        ORDER BY o.updated_at LIMIT $1`,
      [limit],
    )) as Array<{ id: string }>;
    return rows.map((r) => r.id);
  }

  transfersOf(manager: EntityManager, orderUuid: string): Promise<TransferEntity[]> {
    return manager.getRepository(TransferEntity).find({ where: { orderId: orderUuid } });
  }

  async insertTransfer(manager: EntityManager, transfer: Omit<TransferEntity, 'createdAt'>): Promise<boolean> {
    const result = await manager.createQueryBuilder().insert().into(TransferEntity).values(transfer).orIgnore().returning('id').execute();
    return (result.raw as unknown[]).length > 0;
  }

  async addReversal(manager: EntityManager, transferId: string, amount: bigint): Promise<void> {
    await manager.query(`UPDATE transfers SET reversed_minor = reversed_minor + $2 WHERE id = $1`, [transferId, amount.toString()]);
  }

  pendingRefund(manager: EntityManager, orderUuid: string): Promise<RefundEntity | null> {
    return manager.getRepository(RefundEntity).findOne({ where: { orderId: orderUuid, state: 'pending' } });
  }

  async insertRefund(manager: EntityManager, refund: Omit<RefundEntity, 'createdAt'>): Promise<void> {
    await manager.getRepository(RefundEntity).insert(refund);
  }

  async finishRefund(manager: EntityManager, refundId: string, stripeRefundId: string): Promise<void> {
    await manager.getRepository(RefundEntity).update(refundId, { state: 'done', stripeRefundId });
  }
}
