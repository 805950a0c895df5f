import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { batchedReads, MAX_READ_BATCH } from './batched-read.js';
import { openServiceDatabase } from './service-database.js';

interface Item {
  id: string;
  name: string;
  made_at: Date;
}

const IDS = Array.from({ length: 100 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
const MISSING = '00000000-0000-4000-8000-999999999999';

describe('batchedReads (ADR 0060)', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let statements: unknown[][];

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = await openServiceDatabase({ url: database.url, schema: 'batched_spec', entities: [], migrations: [], poolSize: 4 });
    await dataSource.query(`CREATE TABLE items (id uuid PRIMARY KEY, name text NOT NULL, made_at timestamptz NOT NULL DEFAULT now())`);
    await dataSource.query(`INSERT INTO items (id, name) SELECT id, 'item ' || ord FROM unnest($1::uuid[]) WITH ORDINALITY AS t(id, ord)`, [
      IDS,
    ]);
    // Every statement the pool runs, with its parameters: how many the reads cost.
    const pool = (dataSource.driver as unknown as { master: Pool }).master;
    const query = pool.query.bind(pool) as (config: { values?: unknown[] }) => Promise<unknown>;
    statements = [];
    (pool as unknown as { query: typeof query }).query = (config) => {
      statements.push(config.values ?? []);
      return query(config);
    };
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  const read = () =>
    batchedReads<Item>(
      dataSource,
      `SELECT id, name, made_at FROM items WHERE id = ANY($1::uuid[])`,
      (row) => row.id,
      (id) => id.toLowerCase(),
    );

  it('answers each read with its own row, from one statement for the reads of one tick', async () => {
    const load = read();
    statements.length = 0;
    const asked = [IDS[3]!, IDS[1]!, MISSING, IDS[3]!, IDS[2]!.toUpperCase()];
    const rows = await Promise.all(asked.map((id) => load(id)));
    expect(rows.map((row) => row?.name ?? null)).toEqual(['item 4', 'item 2', null, 'item 4', 'item 3']);
    expect(rows[0]!.made_at).toBeInstanceOf(Date);
    // One statement; the key asked twice is read once.
    expect(statements).toEqual([[[IDS[3], IDS[1], MISSING, IDS[2]]]]);
  });

  it('reads again from PostgreSQL on every call (nothing cached between batches)', async () => {
    const load = read();
    expect((await load(IDS[5]!))?.name).toBe('item 6');
    await dataSource.query(`UPDATE items SET name = 'renamed' WHERE id = $1`, [IDS[5]]);
    expect((await load(IDS[5]!))?.name).toBe('renamed');
  });

  it(`splits a tick's reads into statements of at most ${MAX_READ_BATCH} keys`, async () => {
    const load = read();
    statements.length = 0;
    const rows = await Promise.all(IDS.map((id) => load(id)));
    expect(rows.every((row, i) => row?.id === IDS[i])).toBe(true);
    expect(statements.map((values) => (values[0] as string[]).length)).toEqual([MAX_READ_BATCH, IDS.length - MAX_READ_BATCH]);
  });

  it('fails every read of a batch whose statement fails, and the next batch runs again', async () => {
    const load = read();
    const failed = await Promise.allSettled([load(IDS[0]!), load('not-a-uuid')]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(String((failed[0] as PromiseRejectedResult).reason)).toMatch(/invalid input syntax for type uuid/);
    expect((await load(IDS[0]!))?.id).toBe(IDS[0]);
  });
});
