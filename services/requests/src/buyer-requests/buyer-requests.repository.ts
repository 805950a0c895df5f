import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { BudgetBucket, RequestCategory } from '@paymarket/contracts';
import { BUDGET_BUCKET_BOUNDS_CENTS } from '@paymarket/contracts';
import type { Transaction } from '@paymarket/platform';

export interface BuyerRequestRow {
  id: string;
  seq: string;
  title: string;
  description: string;
  category: RequestCategory;
  budget: string;
  budgetMinCents: number | null;
  timeline: string;
  location: string;
  buyerId: string;
  buyerEmail: string;
  buyerName: string;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}

export type NewBuyerRequest = Omit<BuyerRequestRow, 'seq' | 'createdAt' | 'updatedAt' | 'deletedAt'>;
export type BuyerRequestChanges = Pick<
  BuyerRequestRow,
  'title' | 'description' | 'category' | 'budget' | 'budgetMinCents' | 'timeline' | 'location'
>;

export interface BoardFilter {
  /** Plain text; matched case-insensitively anywhere in the title or the description. */
  q?: string;
  category?: RequestCategory;
  budget?: BudgetBucket;
  /** Only rows older than this `seq` (the cursor). */
  beforeSeq?: string;
  limit: number;
}

export interface BoardStats {
  total: number;
  categories: Partial<Record<RequestCategory, number>>;
}

export interface NewInterest {
  id: string;
  requestId: string;
  sellerId: string;
  sellerBusinessName: string;
  message: string;
}

/** Port: where buyer requests and seller interest are kept. Deleted requests stay (soft delete) but are never "visible". */
export abstract class BuyerRequestsRepository {
  abstract insert(tx: Transaction, request: NewBuyerRequest): Promise<BuyerRequestRow>;
  /** The visible request, locked for the rest of the transaction. */
  abstract findVisibleForUpdate(tx: Transaction, id: string): Promise<BuyerRequestRow | null>;
  abstract update(tx: Transaction, id: string, changes: BuyerRequestChanges): Promise<BuyerRequestRow>;
  abstract softDelete(tx: Transaction, id: string): Promise<Date>;
  abstract listVisible(filter: BoardFilter): Promise<BuyerRequestRow[]>;
  abstract visibleStats(): Promise<BoardStats>;
  /** False when this seller already registered interest in this request. */
  abstract insertInterest(tx: Transaction, interest: NewInterest): Promise<boolean>;
}

interface RawRow {
  id: string;
  seq_text: string;
  title: string;
  description: string;
  category: RequestCategory;
  budget: string;
  budget_min_cents_text: string | null;
  timeline: string;
  location: string;
  buyer_id: string;
  buyer_email: string;
  buyer_name: string;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
}

/**
 * The bigints come as text, under names of their own: an alias named like its column is what a bare `ORDER BY seq`
 * sorts on, and the text put the tenth request after the second (issue 24).
 */
const COLUMNS = `id, seq::text AS seq_text, title, description, category, budget, budget_min_cents::text AS budget_min_cents_text,
  timeline, location, buyer_id, buyer_email, buyer_name, created_at, updated_at, deleted_at`;

function toRow(raw: RawRow): BuyerRequestRow {
  return {
    id: raw.id,
    seq: raw.seq_text,
    title: raw.title,
    description: raw.description,
    category: raw.category,
    budget: raw.budget,
    budgetMinCents: raw.budget_min_cents_text === null ? null : Number(raw.budget_min_cents_text),
    timeline: raw.timeline,
    location: raw.location,
    buyerId: raw.buyer_id,
    buyerEmail: raw.buyer_email,
    buyerName: raw.buyer_name,
    createdAt: raw.created_at,
    updatedAt: raw.updated_at,
    deletedAt: raw.deleted_at,
  };
}

/** `%`, `_` and `\` in what a person typed are literal characters, not LIKE wildcards. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

@Injectable()
export class SqlBuyerRequestsRepository extends BuyerRequestsRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async insert(tx: Transaction, r: NewBuyerRequest): Promise<BuyerRequestRow> {
    const rows = (await tx.manager.query(
      `INSERT INTO buyer_requests (id, title, description, category, budget, budget_min_cents, timeline, location, buyer_id, buyer_email, buyer_name)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING ${COLUMNS}`,
      [r.id, r.title, r.description, r.category, r.budget, r.budgetMinCents, r.timeline, r.location, r.buyerId, r.buyerEmail, r.buyerName],
    )) as RawRow[];
    return toRow(rows[0]!);
  }

  async findVisibleForUpdate(tx: Transaction, id: string): Promise<BuyerRequestRow | null> {
    const rows = (await tx.manager.query(`SELECT ${COLUMNS} FROM buyer_requests WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`, [
      id,
    ])) as RawRow[];
    return rows[0] ? toRow(rows[0]) : null;
  }

  async update(tx: Transaction, id: string, c: BuyerRequestChanges): Promise<BuyerRequestRow> {
    const result = (await tx.manager.query(
      `UPDATE buyer_requests SET title = $2, description = $3, category = $4, budget = $5, budget_min_cents = $6, timeline = $7,
         location = $8, updated_at = now()
       WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, c.title, c.description, c.category, c.budget, c.budgetMinCents, c.timeline, c.location],
    )) as [RawRow[], number];
    return toRow(result[0][0]!);
  }

  async softDelete(tx: Transaction, id: string): Promise<Date> {
    const result = (await tx.manager.query(
      `UPDATE buyer_requests SET deleted_at = now(), updated_at = now() WHERE id = $1 RETURNING deleted_at`,
      [id],
    )) as [Array<{ deleted_at: Date }>, number];
    return result[0][0]!.deleted_at;
  }

  async listVisible(filter: BoardFilter): Promise<BuyerRequestRow[]> {
    const where = ['deleted_at IS NULL'];
    const params: unknown[] = [];
    const param = (value: unknown): string => {
      params.push(value);
      return `$${params.length}`;
    };
    if (filter.q) where.push(`(title || E'\\n' || description) ILIKE ${param(likePattern(filter.q))}`);
    if (filter.category) where.push(`category = ${param(filter.category)}`);
    if (filter.budget === 'under-100') where.push(`budget_min_cents < ${param(BUDGET_BUCKET_BOUNDS_CENTS.hundred)}`);
    if (filter.budget === '100-500') {
      where.push(
        `budget_min_cents BETWEEN ${param(BUDGET_BUCKET_BOUNDS_CENTS.hundred)} AND ${param(BUDGET_BUCKET_BOUNDS_CENTS.fiveHundred)}`,
      );
    }
    if (filter.budget === 'over-500') where.push(`budget_min_cents > ${param(BUDGET_BUCKET_BOUNDS_CENTS.fiveHundred)}`);
    if (filter.beforeSeq) where.push(`seq < ${param(filter.beforeSeq)}::bigint`);
    const rows = (await this.dataSource.query(
      `SELECT ${COLUMNS} FROM buyer_requests WHERE ${where.join(' AND ')} ORDER BY seq DESC LIMIT ${param(filter.limit)}`,
      params,
    )) as RawRow[];
    return rows.map(toRow);
  }

  async visibleStats(): Promise<BoardStats> {
    // Kept exact by triggers on buyer_requests (migration CategoryCounts): no count over the whole table per page.
    const rows = (await this.dataSource.query(
      `SELECT category, visible::int AS n FROM request_category_counts WHERE visible > 0 ORDER BY category`,
    )) as Array<{ category: RequestCategory; n: number }>;
    const categories: BoardStats['categories'] = {};
    let total = 0;
    for (const { category, n } of rows) {
      categories[category] = n;
      total += n;
    }
    return { total, categories };
  }

  async insertInterest(tx: Transaction, i: NewInterest): Promise<boolean> {
    const rows = (await tx.manager.query(
      `INSERT INTO seller_interests (id, request_id, seller_id, seller_business_name, message) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ON CONSTRAINT seller_interests_once DO NOTHING RETURNING id`,
      [i.id, i.requestId, i.sellerId, i.sellerBusinessName, i.message],
    )) as unknown[];
    return rows.length > 0;
  }
}
