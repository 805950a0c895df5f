import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { PaymentCurrency, QuoteMessage, QuoteStatus, QuoteSeller } from '@paymarket/contracts';
import type { Transaction } from '@paymarket/platform';

/** The request a quote is about, as the quote use cases need it. */
export interface QuotedRequest {
  id: string;
  title: string;
  buyerId: string;
  buyerEmail: string;
  buyerName: string;
  status: 'open' | 'fulfilled';
  deleted: boolean;
}

export interface QuoteRow {
  id: string;
  requestId: string;
  seller: QuoteSeller;
  amountMinor: bigint;
  currency: PaymentCurrency;
  included: string;
  deliveryDate: string;
  providerStripeAccountId: string | null;
  providerAmountMinor: bigint | null;
  status: QuoteStatus;
  orderId: string | null;
  declineReason: string | null;
  createdAt: Date;
  decidedAt: Date | null;
}

export type NewQuote = Omit<QuoteRow, 'status' | 'orderId' | 'declineReason' | 'createdAt' | 'decidedAt'>;

/** Port: quotes and the request columns they change. */
export abstract class QuotesRepository {
  /** The request (deleted ones too, so the caller can say why), locked for the rest of the transaction. */
  abstract requestForUpdate(tx: Transaction, requestId: string): Promise<QuotedRequest | null>;
  /** False when the seller already has a live quote on the request. */
  abstract insert(tx: Transaction, quote: NewQuote): Promise<boolean>;
  abstract byId(tx: Transaction, quoteId: string): Promise<QuoteRow | null>;
  abstract byOrderId(tx: Transaction, orderId: string): Promise<QuoteRow | null>;
  abstract listForRequest(requestId: string): Promise<QuoteRow[]>;
  abstract decide(
    tx: Transaction,
    quoteId: string,
    change: { status: QuoteStatus; orderId?: string; declineReason?: string | null },
  ): Promise<void>;
  abstract addMessage(
    tx: Transaction,
    message: { id: string; quoteId: string; author: QuoteMessage['author']; message: string },
  ): Promise<void>;
  /** Messages of these quotes, oldest first, by quote id; inside `tx` when given (it sees that transaction's writes). */
  abstract messagesOf(quoteIds: string[], tx?: Transaction): Promise<Map<string, QuoteMessage[]>>;
  /** Marks the request fulfilled and closes its other live quotes; answers the sellers of those quotes. */
  abstract fulfil(tx: Transaction, requestId: string, paidQuoteId: string): Promise<QuoteSeller[]>;
}

interface RawQuote {
  id: string;
  request_id: string;
  seller_id: string;
  seller_business_name: string;
  seller_email: string;
  amount_minor: string;
  currency: PaymentCurrency;
  included: string;
  delivery_date: string;
  provider_stripe_account_id: string | null;
  provider_amount_minor: string | null;
  status: QuoteStatus;
  order_id: string | null;
  decline_reason: string | null;
  created_at: Date;
  decided_at: Date | null;
}

const COLUMNS = `id, request_id, seller_id, seller_business_name, seller_email, amount_minor::text AS amount_minor, currency, included,
  to_char(delivery_date, 'YYYY-MM-DD') AS delivery_date, provider_stripe_account_id, provider_amount_minor::text AS provider_amount_minor,
  status, order_id, decline_reason, created_at, decided_at`;

function toRow(r: RawQuote): QuoteRow {
  return {
    id: r.id,
    requestId: r.request_id,
    seller: { id: r.seller_id, businessName: r.seller_business_name, email: r.seller_email },
    amountMinor: BigInt(r.amount_minor),
    currency: r.currency,
    included: r.included,
    deliveryDate: r.delivery_date,
    providerStripeAccountId: r.provider_stripe_account_id,
    providerAmountMinor: r.provider_amount_minor === null ? null : BigInt(r.provider_amount_minor),
    status: r.status,
    orderId: r.order_id,
    declineReason: r.decline_reason,
    createdAt: r.created_at,
    decidedAt: r.decided_at,
  };
}

@Injectable()
export class SqlQuotesRepository extends QuotesRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async requestForUpdate(tx: Transaction, requestId: string): Promise<QuotedRequest | null> {
    const rows = (await tx.manager.query(
      `SELECT id, title, buyer_id, buyer_email, buyer_name, status, deleted_at IS NOT NULL AS deleted
       FROM buyer_requests WHERE id = $1 FOR UPDATE`,
      [requestId],
    )) as Array<{
      id: string;
      title: string;
      buyer_id: string;
      buyer_email: string;
      buyer_name: string;
      status: 'open' | 'fulfilled';
      deleted: boolean;
    }>;
    const r = rows[0];
    return r
      ? {
          id: r.id,
          title: r.title,
          buyerId: r.buyer_id,
          buyerEmail: r.buyer_email,
          buyerName: r.buyer_name,
          status: r.status,
          deleted: r.deleted,
        }
      : null;
  }

  async insert(tx: Transaction, q: NewQuote): Promise<boolean> {
    const rows = (await tx.manager.query(
      `INSERT INTO quotes (id, request_id, seller_id, seller_business_name, seller_email, amount_minor, currency, included, delivery_date,
         provider_stripe_account_id, provider_amount_minor)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (request_id, seller_id) WHERE status IN ('sent', 'accepted') DO NOTHING RETURNING id`,
      [
        q.id,
        q.requestId,
        q.seller.id,
        q.seller.businessName,
        q.seller.email,
        q.amountMinor.toString(),
        q.currency,
        q.included,
        q.deliveryDate,
        q.providerStripeAccountId,
        q.providerAmountMinor?.toString() ?? null,
      ],
    )) as unknown[];
    return rows.length > 0;
  }

  async byId(tx: Transaction, quoteId: string): Promise<QuoteRow | null> {
    const rows = (await tx.manager.query(`SELECT ${COLUMNS} FROM quotes WHERE id = $1`, [quoteId])) as RawQuote[];
    return rows[0] ? toRow(rows[0]) : null;
  }

  async byOrderId(tx: Transaction, orderId: string): Promise<QuoteRow | null> {
    const rows = (await tx.manager.query(`SELECT ${COLUMNS} FROM quotes WHERE order_id = $1 FOR UPDATE`, [orderId])) as RawQuote[];
    return rows[0] ? toRow(rows[0]) : null;
  }

  async listForRequest(requestId: string): Promise<QuoteRow[]> {
    const rows = (await this.dataSource.query(`SELECT ${COLUMNS} FROM quotes WHERE request_id = $1 ORDER BY created_at, id`, [
      requestId,
    ])) as RawQuote[];
    return rows.map(toRow);
  }

  async decide(
    tx: Transaction,
    quoteId: string,
    change: { status: QuoteStatus; orderId?: string; declineReason?: string | null },
  ): Promise<void> {
    await tx.manager.query(
      `UPDATE quotes SET status = $2, order_id = COALESCE($3, order_id), decline_reason = COALESCE($4, decline_reason),
         decided_at = COALESCE(decided_at, now())
       WHERE id = $1`,
      [quoteId, change.status, change.orderId ?? null, change.declineReason ?? null],
    );
  }

  async addMessage(tx: Transaction, m: { id: string; quoteId: string; author: QuoteMessage['author']; message: string }): Promise<void> {
    await tx.manager.query(`INSERT INTO quote_messages (id, quote_id, author, message) VALUES ($1, $2, $3, $4)`, [
      m.id,
      m.quoteId,
      m.author,
      m.message,
    ]);
  }

  async messagesOf(quoteIds: string[], tx?: Transaction): Promise<Map<string, QuoteMessage[]>> {
    const byQuote = new Map<string, QuoteMessage[]>();
    if (quoteIds.length === 0) return byQuote;
    const rows = (await (tx?.manager ?? this.dataSource).query(
      `SELECT quote_id, author, message, created_at FROM quote_messages WHERE quote_id = ANY($1) ORDER BY created_at, id`,
      [quoteIds],
    )) as Array<{ quote_id: string; author: QuoteMessage['author']; message: string; created_at: Date }>;
    for (const r of rows) {
      const list = byQuote.get(r.quote_id) ?? [];
      list.push({ author: r.author, message: r.message, createdAt: r.created_at.toISOString() });
      byQuote.set(r.quote_id, list);
    }
    return byQuote;
  }

  async fulfil(tx: Transaction, requestId: string, paidQuoteId: string): Promise<QuoteSeller[]> {
    await tx.manager.query(`UPDATE buyer_requests SET status = 'fulfilled', fulfilled_at = now(), updated_at = now() WHERE id = $1`, [
      requestId,
    ]);
    const closed = (await tx.manager.query(
      `UPDATE quotes SET status = 'closed', decided_at = now()
       WHERE request_id = $1 AND id <> $2 AND status = 'sent' RETURNING seller_id, seller_business_name, seller_email`,
      [requestId, paidQuoteId],
    )) as [Array<{ seller_id: string; seller_business_name: string; seller_email: string }>, number];
    return closed[0].map((s) => ({ id: s.seller_id, businessName: s.seller_business_name, email: s.seller_email }));
  }
}
