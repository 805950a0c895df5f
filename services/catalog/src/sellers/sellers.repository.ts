import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { SellerPayoutAccount, SellerProfile, SellersShowcase } from '@paymarket/contracts';
import { batchedReads, type Transaction } from '@paymarket/platform';
import { isUuid } from '../shared/ids.js';

export interface SellerFields {
  businessName: string;
  sellerName: string;
  email: string;
  phone: string;
  category: string;
  description: string;
  products: string;
  pricing: string;
  location: string;
  website: string | null;
}

export interface NewSeller extends SellerFields {
  id: string;
  /** The payout account, already validated by payments (ADR 0030). */
  stripeAccountId: string | null;
}

export interface RecoveryTokenRow {
  id: string;
  sellerId: string;
  expiresAt: Date;
  usedAt: Date | null;
}

export interface ShowcasePage {
  sellers: SellerProfile[];
  nextCursor: string | null;
}

/** Port: where sellers, their edit and recovery tokens and their ratings are kept. Use cases never see SQL. */
export abstract class SellersRepository {
  abstract insert(tx: Transaction, seller: NewSeller): Promise<void>;
  abstract findById(id: string, tx?: Transaction): Promise<SellerProfile | null>;
  /** Locks the seller's row for the rest of the transaction. */
  abstract lockById(tx: Transaction, id: string): Promise<SellerProfile | null>;
  abstract update(tx: Transaction, id: string, fields: SellerFields): Promise<void>;
  /** The seller's payout account, for payments only (never part of the public profile). */
  abstract payoutAccount(id: string, tx?: Transaction): Promise<SellerPayoutAccount | null>;
  /** Sets (an id payments validated) or removes (null) the seller's payout account. */
  abstract setPayoutAccount(tx: Transaction, id: string, stripeAccountId: string | null): Promise<void>;
  /** `payableOnly`: sellers with a payout account only. */
  abstract page(limit: number, cursor: ShowcaseCursor | null, payableOnly?: boolean): Promise<ShowcasePage>;
  abstract stats(): Promise<SellersShowcase['stats']>;

  /** Replaces the seller's edit token (the previous one stops working). */
  abstract setEditTokenHash(tx: Transaction, sellerId: string, hash: Buffer): Promise<void>;
  abstract editTokenHash(sellerId: string, tx?: Transaction): Promise<Buffer | null>;

  abstract addRecoveryToken(tx: Transaction, row: { id: string; sellerId: string; hash: Buffer; expiresAt: Date }): Promise<void>;
  /** Whether the seller has an unused edit link that expires after `after` (i.e. one made recently). */
  abstract hasRecoveryTokenExpiringAfter(tx: Transaction, sellerId: string, after: Date): Promise<boolean>;
  /** Locks the recovery token with this hash, if it belongs to the seller. */
  abstract lockRecoveryToken(tx: Transaction, sellerId: string, hash: Buffer): Promise<RecoveryTokenRow | null>;
  /** Marks every unused recovery token of the seller used (a redeemed link also voids its siblings). */
  abstract useRecoveryTokens(tx: Transaction, sellerId: string, at: Date): Promise<void>;
}

export interface ShowcaseCursor {
  createdAt: string;
  id: string;
}

interface SellerRow {
  id: string;
  business_name: string;
  seller_name: string;
  email: string;
  phone: string;
  category: string;
  description: string;
  products: string;
  pricing: string;
  location: string;
  website: string | null;
  payable: boolean;
  average_rating: string | null;
  total_ratings: string | number;
  created_at: Date;
  cursor_ts: string;
}

function toProfile(row: SellerRow): SellerProfile {
  return {
    id: row.id,
    businessName: row.business_name,
    sellerName: row.seller_name,
    email: row.email,
    phone: row.phone,
    category: row.category,
    description: row.description,
    products: row.products,
    pricing: row.pricing,
    location: row.location,
    website: row.website,
    averageRating: row.average_rating === null ? 0 : Number(row.average_rating),
    totalRatings: Number(row.total_ratings),
    createdAt: row.created_at.toISOString(),
    payable: row.payable,
  };
}

// Ratings are aggregated per seller on the page only (index ratings_seller_idx), never over the whole table.
const SELECT_SELLER = `
  SELECT s.id, s.business_name, s.seller_name, s.email, s.phone, s.category, s.description, s.products, s.pricing,
         s.location, s.website, s.created_at, s.stripe_account_id IS NOT NULL AS payable,
         to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_ts,
         r.average_rating, coalesce(r.total_ratings, 0) AS total_ratings
  FROM %SOURCE% s
  LEFT JOIN LATERAL (
    SELECT round(avg(score)::numeric, 1) AS average_rating, count(*) AS total_ratings FROM ratings WHERE seller_id = s.id
  ) r ON true`;

const SELECT_PAYOUT = `SELECT id, business_name, seller_name, stripe_account_id FROM sellers`;

interface PayoutRow {
  id: string;
  business_name: string;
  seller_name: string;
  stripe_account_id: string | null;
}

@Injectable()
export class PgSellersRepository extends SellersRepository {
  /** Profile reads outside a transaction, batched per tick (ADR 0060): the uncached read path of bench P2. */
  private readonly profileReads: (id: string) => Promise<SellerRow | null>;
  private readonly payoutReads: (id: string) => Promise<PayoutRow | null>;

  constructor(private readonly dataSource: DataSource) {
    super();
    const lower = (id: string) => id.toLowerCase();
    this.profileReads = batchedReads<SellerRow>(
      dataSource,
      `${SELECT_SELLER.replace('%SOURCE%', 'sellers')} WHERE s.id = ANY($1::uuid[])`,
      (row) => row.id,
      lower,
    );
    this.payoutReads = batchedReads<PayoutRow>(dataSource, `${SELECT_PAYOUT} WHERE id = ANY($1::uuid[])`, (row) => row.id, lower);
  }

  private run<T>(sql: string, params: unknown[], tx?: Transaction): Promise<T[]> {
    return (tx ? tx.manager.query(sql, params) : this.dataSource.query(sql, params)) as Promise<T[]>;
  }

  async insert(tx: Transaction, s: NewSeller): Promise<void> {
    await tx.manager.query(
      `INSERT INTO sellers (id, business_name, seller_name, email, phone, category, description, products, pricing, location, website,
         stripe_account_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        s.id,
        s.businessName,
        s.sellerName,
        s.email,
        s.phone,
        s.category,
        s.description,
        s.products,
        s.pricing,
        s.location,
        s.website,
        s.stripeAccountId,
      ],
    );
  }

  async findById(id: string, tx?: Transaction): Promise<SellerProfile | null> {
    // A public profile read is the uncached read path (bench P2): outside a transaction, reads of the same tick go
    // as one prepared statement (ADR 0048, 0060); a key that is not a UUID names no row and never joins a batch.
    if (!tx) {
      const row = isUuid(id) ? await this.profileReads(id) : null;
      return row ? toProfile(row) : null;
    }
    const rows = await this.run<SellerRow>(`${SELECT_SELLER.replace('%SOURCE%', 'sellers')} WHERE s.id = $1`, [id], tx);
    return rows[0] ? toProfile(rows[0]) : null;
  }

  async lockById(tx: Transaction, id: string): Promise<SellerProfile | null> {
    const locked = await tx.manager.query(`SELECT id FROM sellers WHERE id = $1 FOR UPDATE`, [id]);
    if ((locked as unknown[]).length === 0) return null;
    return this.findById(id, tx);
  }

  async update(tx: Transaction, id: string, f: SellerFields): Promise<void> {
    await tx.manager.query(
      `UPDATE sellers SET business_name = $2, seller_name = $3, email = $4, phone = $5, category = $6, description = $7,
         products = $8, pricing = $9, location = $10, website = $11, updated_at = now()
       WHERE id = $1`,
      [id, f.businessName, f.sellerName, f.email, f.phone, f.category, f.description, f.products, f.pricing, f.location, f.website],
    );
  }

  async payoutAccount(id: string, tx?: Transaction): Promise<SellerPayoutAccount | null> {
    // Payments asks this once per order it prices (ADR 0030); batched like the profile read outside a transaction.
    const row = tx
      ? (await this.run<PayoutRow>(`${SELECT_PAYOUT} WHERE id = $1`, [id], tx))[0]
      : isUuid(id)
        ? await this.payoutReads(id)
        : null;
    return row
      ? { sellerId: row.id, businessName: row.business_name, sellerName: row.seller_name, stripeAccountId: row.stripe_account_id }
      : null;
  }

  async setPayoutAccount(tx: Transaction, id: string, stripeAccountId: string | null): Promise<void> {
    await tx.manager.query(`UPDATE sellers SET stripe_account_id = $2, updated_at = now() WHERE id = $1`, [id, stripeAccountId]);
  }

  async page(limit: number, cursor: ShowcaseCursor | null, payableOnly = false): Promise<ShowcasePage> {
    const where = [cursor ? `(created_at, id) < ($2::timestamptz, $3::uuid)` : null, payableOnly ? `stripe_account_id IS NOT NULL` : null]
      .filter(Boolean)
      .join(' AND ');
    const source = `(SELECT * FROM sellers ${where ? `WHERE ${where}` : ''} ORDER BY created_at DESC, id DESC LIMIT $1)`;
    const params = cursor ? [limit + 1, cursor.createdAt, cursor.id] : [limit + 1];
    const rows = await this.run<SellerRow>(`${SELECT_SELLER.replace('%SOURCE%', source)} ORDER BY s.created_at DESC, s.id DESC`, params);
    const more = rows.length > limit;
    const pageRows = rows.slice(0, limit);
    const last = pageRows.at(-1);
    return {
      sellers: pageRows.map(toProfile),
      nextCursor: more && last ? encodeCursor({ createdAt: last.cursor_ts, id: last.id }) : null,
    };
  }

  async stats(): Promise<SellersShowcase['stats']> {
    const rows = await this.run<{ category: string; n: string }>(`SELECT category, count(*) AS n FROM sellers GROUP BY category`, []);
    const categories: Record<string, number> = {};
    let total = 0;
    for (const row of rows) {
      categories[row.category] = Number(row.n);
      total += Number(row.n);
    }
    return { total, categories };
  }

  async setEditTokenHash(tx: Transaction, sellerId: string, hash: Buffer): Promise<void> {
    await tx.manager.query(
      `INSERT INTO seller_edit_tokens (seller_id, token_hash) VALUES ($1, $2)
       ON CONFLICT (seller_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, created_at = now()`,
      [sellerId, hash],
    );
  }

  async editTokenHash(sellerId: string, tx?: Transaction): Promise<Buffer | null> {
    const rows = await this.run<{ token_hash: Buffer }>(`SELECT token_hash FROM seller_edit_tokens WHERE seller_id = $1`, [sellerId], tx);
    return rows[0]?.token_hash ?? null;
  }

  async hasRecoveryTokenExpiringAfter(tx: Transaction, sellerId: string, after: Date): Promise<boolean> {
    const rows = (await tx.manager.query(
      `SELECT 1 FROM seller_recovery_tokens WHERE seller_id = $1 AND used_at IS NULL AND expires_at > $2 LIMIT 1`,
      [sellerId, after],
    )) as unknown[];
    return rows.length > 0;
  }

  async addRecoveryToken(tx: Transaction, row: { id: string; sellerId: string; hash: Buffer; expiresAt: Date }): Promise<void> {
    await tx.manager.query(`INSERT INTO seller_recovery_tokens (id, seller_id, token_hash, expires_at) VALUES ($1, $2, $3, $4)`, [
      row.id,
      row.sellerId,
      row.hash,
      row.expiresAt,
    ]);
  }

  async lockRecoveryToken(tx: Transaction, sellerId: string, hash: Buffer): Promise<RecoveryTokenRow | null> {
    const rows = (await tx.manager.query(
      `SELECT id, seller_id, expires_at, used_at FROM seller_recovery_tokens WHERE token_hash = $1 AND seller_id = $2 FOR UPDATE`,
      [hash, sellerId],
    )) as Array<{ id: string; seller_id: string; expires_at: Date; used_at: Date | null }>;
    const row = rows[0];
    return row ? { id: row.id, sellerId: row.seller_id, expiresAt: row.expires_at, usedAt: row.used_at } : null;
  }

  async useRecoveryTokens(tx: Transaction, sellerId: string, at: Date): Promise<void> {
    await tx.manager.query(`UPDATE seller_recovery_tokens SET used_at = $2 WHERE seller_id = $1 AND used_at IS NULL`, [sellerId, at]);
  }
}

export function encodeCursor(cursor: ShowcaseCursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`, 'utf8').toString('base64url');
}

const CURSOR_TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Null when the cursor was not made by `encodeCursor` (tampered or truncated). */
export function decodeCursor(value: string): ShowcaseCursor | null {
  if (value.length > 200) return null;
  const [createdAt, id, ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !createdAt || !id || !CURSOR_TS.test(createdAt) || !UUID.test(id)) return null;
  return { createdAt, id };
}
