import { Controller, Injectable } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { RpcPatterns, StatementQueryDto, validateDto, type RpcEnvelope, type RpcRequest, type SellerStatement } from '@paymarket/contracts';
import { ServiceError } from '@paymarket/platform';
import { DataSource } from 'typeorm';
import { SELLER_REF_PREFIX } from '../checkout/recipient.js';
import type { Currency } from '../fees/money.js';
import type { StoredSplit } from '../orders/order.entity.js';
import type { RefundAllocation } from '../refunds/refund.entity.js';
import { sellerStatement, type StatementOrder } from './seller-statement.js';

/** Reads a seller's paid orders (recipient `seller_<id>`, from PayMarket's pages and integrators alike). */
@Injectable()
export class StatementsReader {
  constructor(private readonly dataSource: DataSource) {}

  async ordersOfSeller(sellerId: string): Promise<StatementOrder[]> {
    const orders = (await this.dataSource.query(
      `SELECT o.id, o.order_id, o.status, o.currency, o.total_minor::text AS total, o.fee_minor::text AS fee,
              o.refunded_minor::text AS refunded, o.split,
              COALESCE((SELECT min(e.created_at) FROM ledger_entries e WHERE e.order_id = o.id AND e.kind = 'charge'), o.created_at) AS paid_at
         FROM orders o
        WHERE o.recipient_ref = $1 AND o.status IN ('completed', 'partially_refunded', 'refunded')
        ORDER BY o.created_at DESC LIMIT 5000`,
      [`${SELLER_REF_PREFIX}${sellerId}`],
    )) as Array<{
      id: string;
      order_id: string;
      status: string;
      currency: Currency;
      total: string;
      fee: string;
      refunded: string;
      split: StoredSplit;
      paid_at: Date;
    }>;
    if (orders.length === 0) return [];
    const ids = orders.map((o) => o.id);
    const refunds = (await this.dataSource.query(`SELECT order_id, allocation FROM refunds WHERE state = 'done' AND order_id = ANY($1)`, [
      ids,
    ])) as Array<{ order_id: string; allocation: RefundAllocation[] }>;
    const disputes = (await this.dataSource.query(
      `SELECT order_id, status, amount_minor::text AS amount FROM disputes WHERE order_id = ANY($1) ORDER BY created_at`,
      [ids],
    )) as Array<{ order_id: string; status: string; amount: string }>;
    return orders.map((o) => ({
      orderId: o.order_id,
      status: o.status,
      currency: o.currency,
      total: BigInt(o.total),
      fee: BigInt(o.fee),
      refunded: BigInt(o.refunded),
      split: o.split,
      paidAt: new Date(o.paid_at),
      refunds: refunds.filter((r) => r.order_id === o.id).map((r) => r.allocation),
      disputes: disputes.filter((d) => d.order_id === o.id).map((d) => ({ status: d.status, amount: BigInt(d.amount) })),
    }));
  }
}

@Controller()
export class StatementsHandler {
  constructor(private readonly reader: StatementsReader) {}

  /** The gateway checked the seller's edit token; the seller id is all that is needed here. */
  @MessagePattern<string>(RpcPatterns.statements.SELLER_STATEMENT)
  async sellerStatement(@Payload() message: RpcEnvelope<RpcRequest<'payments.seller_statement'>>): Promise<SellerStatement> {
    const sellerId = message.data?.sellerId;
    if (typeof sellerId !== 'string' || !/^[0-9a-f-]{36}$/i.test(sellerId)) throw ServiceError.notFound('Seller not found.');
    const query = validateDto(StatementQueryDto, message.data?.query ?? {});
    if (!query.ok) throw ServiceError.invalid(Object.values(query.errors).flat().join('; '), query.errors);
    return sellerStatement(sellerId, await this.reader.ordersOfSeller(sellerId), query.value.from ?? null, query.value.to ?? null);
  }
}
