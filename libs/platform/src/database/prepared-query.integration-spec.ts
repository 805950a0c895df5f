import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { queryPrepared, statementName } from './prepared-query.js';
import { openServiceDatabase } from './service-database.js';

describe('queryPrepared (ADR 0048)', () => {
  let database: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = await openServiceDatabase({ url: database.url, schema: 'prepared_spec', entities: [], migrations: [], poolSize: 2 });
    await dataSource.query(`CREATE TABLE items (id int PRIMARY KEY, name text NOT NULL, made_at timestamptz NOT NULL DEFAULT now())`);
    await dataSource.query(`INSERT INTO items (id, name) VALUES (1, 'one'), (2, 'two')`);
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  const byId = `SELECT id, name, made_at FROM items WHERE id = $1`;

  it('answers what an unprepared query answers, with the same types, on every connection of the pool', async () => {
    const plain = (await dataSource.query(byId, [1])) as unknown[];
    // More calls than connections, at once: each connection prepares the statement the first time it runs it.
    const prepared = await Promise.all(
      Array.from({ length: 6 }, () => queryPrepared<{ id: number; made_at: Date }>(dataSource, byId, [1])),
    );
    for (const rows of prepared) expect(rows).toEqual(plain);
    expect(prepared[0]![0]!.made_at).toBeInstanceOf(Date);
    expect(await queryPrepared(dataSource, byId, [2])).toEqual([expect.objectContaining({ id: 2, name: 'two' })]);
    expect(await queryPrepared(dataSource, byId, [3])).toEqual([]);
  });

  it('uses the search_path of the service schema and names each text apart', async () => {
    const other = `SELECT name FROM items WHERE id = $1`;
    expect(statementName(other)).not.toBe(statementName(byId));
    expect(statementName(byId)).toBe(statementName(`${byId}`));
    expect(statementName(byId)).toMatch(/^pm_[0-9a-f]{20}$/);
    expect(await queryPrepared(dataSource, other, [2])).toEqual([{ name: 'two' }]);
  });

  it('reports a bad parameter as the driver does (no half-prepared statement left behind)', async () => {
    await expect(queryPrepared(dataSource, byId, ['not a number'])).rejects.toThrow(/invalid input syntax/);
    expect(await queryPrepared(dataSource, byId, [1])).toEqual([expect.objectContaining({ id: 1 })]);
  });
});
