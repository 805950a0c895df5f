import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { JournalEntry } from './journal.js';

/**
 * Persists journal entries. `(kind, source)` is unique — the source is the Stripe object or event that caused the
 * entry — so booking the same fact twice (a webhook and a re-check racing) books it once.
 */
export async function postEntry(manager: EntityManager, entry: JournalEntry, source: string): Promise<boolean> {
  const id = randomUUID();
  const inserted = (await manager.query(
    `INSERT INTO ledger_entries (id, order_id, kind, source) VALUES ($1, $2, $3, $4) ON CONFLICT (kind, source) DO NOTHING RETURNING id`,
    [id, entry.orderId, entry.kind, source],
  )) as unknown[];
  if (inserted.length === 0) return false;
  for (const posting of entry.postings) {
    await manager.query(
      `INSERT INTO ledger_postings (entry_id, account, amount_minor) VALUES ($1, $2, $3)
       ON CONFLICT (entry_id, account) DO UPDATE SET amount_minor = ledger_postings.amount_minor + EXCLUDED.amount_minor`,
      [id, posting.account, posting.amount.toString()],
    );
  }
  return true;
}

export interface StoredEntry {
  id: string;
  orderId: string;
  kind: JournalEntry['kind'];
  source: string;
  postings: Array<{ account: string; amount: bigint }>;
}

export async function loadEntries(manager: EntityManager, orderId?: string): Promise<StoredEntry[]> {
  const rows = (await manager.query(
    `SELECT e.id, e.order_id, e.kind, e.source, p.account, p.amount_minor
       FROM ledger_entries e JOIN ledger_postings p ON p.entry_id = e.id
      ${orderId ? 'WHERE e.order_id = $1' : ''}
      ORDER BY e.created_at, e.id`,
    orderId ? [orderId] : [],
  )) as Array<{ id: string; order_id: string; kind: JournalEntry['kind']; source: string; account: string; amount_minor: string }>;
  const entries = new Map<string, StoredEntry>();
  for (const row of rows) {
    const entry = entries.get(row.id) ?? { id: row.id, orderId: row.order_id, kind: row.kind, source: row.source, postings: [] };
    entry.postings.push({ account: row.account, amount: BigInt(row.amount_minor) });
    entries.set(row.id, entry);
  }
  return [...entries.values()];
}
