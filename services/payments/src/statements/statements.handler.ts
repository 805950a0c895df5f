import { Controller, Injectable } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  RpcPatterns,
  StatementQueryDto,
  validateDto,
  type MarketplaceStatement,
  type ProviderStatement,
  type RpcEnvelope,
  type RpcRequest,
  type SellerStatement,
} from '@paymarket/contracts';
import { ServiceError } from '@paymarket/platform';
import { DataSource } from 'typeorm';
import { SELLER_REF_PREFIX } from '../checkout/recipient.js';
import type { Currency } from '../fees/money.js';
import type { StoredSplit } from '../orders/order.entity.js';
import type { RefundAllocation } from '../refunds/refund.entity.js';
import { ConnectedAccountCheck } from '../checkout/account-check.js';
import { MarketplacesRepository } from '../marketplaces/marketplaces.repository.js';
import { partyStatement, type StatementOrder } from './party-statement.js';

const PAID_ORDERS = `SELECT o.id, o.order_id, o.status, o.currency, o.total_minor::text AS total, o.fee_minor::text AS fee,
              o.refunded_minor::text AS refunded, o.split,
              COALESCE((SELECT min(e.created_at) FROM ledger_entries e WHERE e.order_id = o.id AND e.kind = 'charge'), o.created_at) AS paid_at
         FROM orders o
        WHERE o.status IN ('completed', 'partially_refunded', 'refunded')`;

/** Reads a party's paid orders with their refunds and disputes (three queries, whatever the number of orders). */
@Injectable()
export class StatementsReader {
  constructor(private readonly dataSource: DataSource) {}

  /** A seller's: recipient `seller_<id>`, from PayMarket's pages and integrators alike. */
  ordersOfSeller(sellerId: string): Promise<StatementOrder[]> {
    return this.read(`${PAID_ORDERS} AND o.recipient_ref = $1 ORDER BY o.created_at DESC LIMIT 5000`, [`${SELLER_REF_PREFIX}${sellerId}`]);
  }

  /**
   * A print provider's (ADR 0047): a split line pays its connected account as party `provider` — three-way orders
   * and orders paying the provider alone alike.
   */
  ordersOfProvider(stripeAccountId: string): Promise<StatementOrder[]> {
    return this.read(`${PAID_ORDERS} AND o.split->'lines' @> $1::jsonb ORDER BY o.created_at DESC LIMIT 5000`, [
      JSON.stringify([{ party: 'provider', stripeAccountId }]),
    ]);
  }

  /** A marketplace's (ADR 0051): orders placed through it that gave it a share (custom fees on when made). */
  ordersOfMarketplace(marketplaceId: string): Promise<StatementOrder[]> {
    return this.read(
      `${PAID_ORDERS} AND o.marketplace_id = $1 AND o.split->'lines' @> '[{"party":"marketplace"}]'::jsonb ORDER BY o.created_at DESC LIMIT 5000`,
      [marketplaceId],
    );
  }

  private async read(sql: string, params: unknown[]): Promise<StatementOrder[]> {
    const orders = (await this.dataSource.query(sql, params)) as Array<{
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

/** What a company without a marketplace reads (payments' copy has none naming it). */
export const NO_MARKETPLACE = 'Your company has no marketplace. Attach one in the developer console (Marketplace tab).';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function monthsOf(message: RpcEnvelope<{ query?: unknown } | undefined>): { from: string | null; to: string | null } {
  const query = validateDto(StatementQueryDto, (message.data?.query as object | undefined) ?? {});
  if (!query.ok) throw ServiceError.invalid(Object.values(query.errors).flat().join('; '), query.errors);
  return { from: query.value.from ?? null, to: query.value.to ?? null };
}

@Controller()
export class StatementsHandler {
  constructor(
    private readonly reader: StatementsReader,
    private readonly accounts: ConnectedAccountCheck,
    private readonly marketplaces: MarketplacesRepository,
  ) {}

  /** The gateway checked the seller's edit token; the seller id is all that is needed here. */
  @MessagePattern<string>(RpcPatterns.statements.SELLER_STATEMENT)
  async sellerStatement(@Payload() message: RpcEnvelope<RpcRequest<'payments.seller_statement'>>): Promise<SellerStatement> {
    const sellerId = message.data?.sellerId;
    if (typeof sellerId !== 'string' || !/^[0-9a-f-]{36}$/i.test(sellerId)) throw ServiceError.notFound('Seller not found.');
    const { from, to } = monthsOf(message);
    return { sellerId, ...partyStatement('seller', await this.reader.ordersOfSeller(sellerId), from, to) };
  }

  /** The gateway checked the payee session owns the provider and read its connected account from catalog. */
  @MessagePattern<string>(RpcPatterns.statements.PROVIDER_STATEMENT)
  async providerStatement(@Payload() message: RpcEnvelope<RpcRequest<'payments.provider_statement'>>): Promise<ProviderStatement> {
    const { providerId, providerAccountId } = message.data ?? ({} as Partial<RpcRequest<'payments.provider_statement'>>);
    if (typeof providerId !== 'string' || !UUID.test(providerId)) throw ServiceError.notFound('Print provider not found.');
    if (typeof providerAccountId !== 'string' || !/^acct_[A-Za-z0-9]{1,255}$/.test(providerAccountId)) {
      throw ServiceError.notFound('Print provider not found.');
    }
    const { from, to } = monthsOf(message);
    const [orders, ready] = await Promise.all([
      this.reader.ordersOfProvider(providerAccountId),
      this.accounts.canReceiveTransfers(providerAccountId),
    ]);
    return { providerId, payoutAccount: { ready }, ...partyStatement('provider', orders, from, to) };
  }

  /** The gateway authenticated the company (API key or console session); its marketplace comes from payments' copy. */
  @MessagePattern<string>(RpcPatterns.statements.MARKETPLACE_STATEMENT)
  async marketplaceStatement(@Payload() message: RpcEnvelope<RpcRequest<'payments.marketplace_statement'>>): Promise<MarketplaceStatement> {
    const companyId = message.data?.companyId;
    if (typeof companyId !== 'string' || !UUID.test(companyId)) throw ServiceError.notFound(NO_MARKETPLACE);
    const { from, to } = monthsOf(message);
    const marketplace = await this.marketplaces.byCompany(companyId);
    if (!marketplace) throw ServiceError.notFound(NO_MARKETPLACE);
    const payout = marketplace.payoutAccountId;
    const [orders, ready] = await Promise.all([
      this.reader.ordersOfMarketplace(marketplace.id),
      payout ? this.accounts.canReceiveTransfers(payout) : Promise.resolve(false),
    ]);
    return {
      marketplaceId: marketplace.id,
      payoutAccount: payout ? { id: payout, ready } : null,
      ...partyStatement('marketplace', orders, from, to),
    };
  }
}
