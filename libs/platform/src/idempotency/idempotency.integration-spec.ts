import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { openServiceDatabase } from '../database/service-database.js';
import { ServiceError } from '../errors/service-error.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { Idempotency, IDEMPOTENCY_MESSAGES } from './idempotency.js';

describe(`${Idempotency.name} (real PostgreSQL)`, () => {
  let database: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = await openServiceDatabase({ url: database.url, schema: 'payments', entities: [], migrations: [] });
    await dataSource.query(`CREATE TABLE things (id serial PRIMARY KEY, label text NOT NULL)`);
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  const count = async (label: string) =>
    Number((await dataSource.query(`SELECT count(*) AS n FROM things WHERE label = $1`, [label]))[0].n);
  const create = (label: string) => async (manager: { query(sql: string, params: unknown[]): Promise<unknown> }) => {
    const rows = (await manager.query(`INSERT INTO things (label) VALUES ($1) RETURNING id`, [label])) as Array<{ id: number }>;
    return { id: rows[0]!.id, label };
  };

  it('replays the same response for the same key and body, creating one object', async () => {
    const sut = new Idempotency(dataSource);
    const first = await sut.run('intents', 'key-1', { amount: 100, currency: 'usd' }, create('a'));
    const again = await sut.run('intents', 'key-1', { currency: 'usd', amount: 100 }, create('a'));
    expect(again).toEqual(first);
    expect(await count('a')).toBe(1);
  });

  it('refuses the same key with a different body with 422', async () => {
    const sut = new Idempotency(dataSource);
    await sut.run('intents', 'key-2', { amount: 100 }, create('b'));
    const error = await sut.run('intents', 'key-2', { amount: 101 }, create('b')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: 'unprocessable', message: IDEMPOTENCY_MESSAGES.BODY_MISMATCH });
    expect(await count('b')).toBe(1);
  });

  it('lets 100 concurrent duplicates create exactly one object and all get the same answer', async () => {
    const sut = new Idempotency(dataSource);
    const work = async (manager: Parameters<ReturnType<typeof create>>[0]) => {
      await new Promise((r) => setTimeout(r, 50));
      return create('c')(manager);
    };
    const results = await Promise.all(Array.from({ length: 100 }, () => sut.run('intents', 'key-3', { amount: 5 }, work)));
    expect(await count('c')).toBe(1);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
  });

  it('replays a typed refusal, but releases the key after an unexpected failure so a retry runs', async () => {
    const sut = new Idempotency(dataSource);
    const refuse = async () => {
      throw ServiceError.invalid('amount too large');
    };
    await expect(sut.run('intents', 'key-4', { amount: 1 }, refuse)).rejects.toMatchObject({ message: 'amount too large' });
    await expect(sut.run('intents', 'key-4', { amount: 1 }, create('d'))).rejects.toMatchObject({ message: 'amount too large' });
    expect(await count('d')).toBe(0);

    const crash = async () => {
      throw new Error('database hiccup');
    };
    await expect(sut.run('intents', 'key-5', { amount: 1 }, crash)).rejects.toThrow('database hiccup');
    await expect(sut.run('intents', 'key-5', { amount: 1 }, create('e'))).resolves.toMatchObject({ label: 'e' });
  });

  it('takes over a claim left running by a crashed process once it is stale', async () => {
    const sut = new Idempotency(dataSource, { staleAfterMs: 100, waitMs: 2_000 });
    await dataSource.query(`INSERT INTO idempotency_keys (scope, key, request_hash, state) VALUES ('intents', 'key-6', $1, 'running')`, [
      Idempotency.hash({ amount: 9 }),
    ]);
    await new Promise((r) => setTimeout(r, 150));
    await expect(sut.run('intents', 'key-6', { amount: 9 }, create('f'))).resolves.toMatchObject({ label: 'f' });
    expect(await count('f')).toBe(1);
  });

  it('keeps keys of different scopes apart and refuses malformed keys', async () => {
    const sut = new Idempotency(dataSource);
    await sut.run('orders', 'shared', { x: 1 }, create('g'));
    await sut.run('refunds', 'shared', { x: 1 }, create('g'));
    expect(await count('g')).toBe(2);
    await expect(sut.run('orders', 'bad key with spaces', {}, create('h'))).rejects.toMatchObject({
      message: IDEMPOTENCY_MESSAGES.INVALID_KEY,
    });
  });
  it('prunes keys past their retention (24 hours), so the key may be used again, and keeps the others', async () => {
    const sut = new Idempotency(dataSource);
    await sut.run('prune', 'old', { n: 1 }, create('old'));
    await sut.run('prune', 'fresh', { n: 2 }, create('fresh'));
    await dataSource.query(`UPDATE idempotency_keys SET updated_at = now() - interval '25 hours' WHERE scope = 'prune' AND key = 'old'`);
    expect(await sut.prune()).toBe(1);
    const left = (await dataSource.query(`SELECT key FROM idempotency_keys WHERE scope = 'prune'`)) as Array<{ key: string }>;
    expect(left.map((r) => r.key)).toEqual(['fresh']);
    // The pruned key runs the work again (a new object), the kept one still answers its first result.
    await sut.run('prune', 'old', { n: 1 }, create('old'));
    expect(await count('old')).toBe(2);
    await sut.run('prune', 'fresh', { n: 2 }, create('fresh'));
    expect(await count('fresh')).toBe(1);
    expect(await sut.prune()).toBe(0);
  });
});
