import { createHash } from 'node:crypto';
import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';

/**
 * Runs `text` as a named prepared statement on the data source's pool (outside any transaction): PostgreSQL parses
 * and plans it once per connection instead of on every call — about a third of the server's CPU for a one-row read
 * (pgbench: 4.0k tps unprepared, 12.6k prepared, ADR 0048). The name is derived from the text, so the same text is
 * always the same statement and two texts never share a name. For hot, parameterised reads only; writes and anything
 * inside a transaction keep using the entity manager.
 */
export async function queryPrepared<T>(dataSource: DataSource, text: string, values: unknown[]): Promise<T[]> {
  const pool = (dataSource.driver as unknown as { master: Pool }).master;
  const result = await pool.query({ name: statementName(text), text, values });
  return result.rows as T[];
}

const names = new Map<string, string>();

/** `pm_` and 20 hex digits of the text's SHA-256 (PostgreSQL names are at most 63 bytes). */
export function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `pm_${createHash('sha256').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}
