import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import type { EventEnvelope } from '@paymarket/contracts';
import { openServiceDatabase } from '../database/service-database.js';
import { Inbox } from '../inbox/inbox.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { OutboxRelay } from './outbox-relay.js';
import { UnitOfWork } from './unit-of-work.js';

describe('transactional outbox and inbox (real PostgreSQL)', () => {
  let database: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = await openServiceDatabase({ url: database.url, schema: 'onboarding', entities: [], migrations: [] });
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  const unsent = async () => Number((await dataSource.query(`SELECT count(*) AS n FROM outbox WHERE sent_at IS NULL`))[0].n);

  it('writes the event only when the transaction commits', async () => {
    const sut = new UnitOfWork(dataSource, 'onboarding');
    const before = await unsent();
    await expect(
      sut.run(async (tx) => {
        await tx.publish('buyer.registered', { buyerId: 'b1', email: 'a@b.co', name: 'A' });
        throw new Error('business rule failed after publishing');
      }),
    ).rejects.toThrow('business rule failed');
    expect(await unsent()).toBe(before);

    await sut.run(async (tx) => {
      await tx.publish('buyer.registered', { buyerId: 'b2', email: 'c@d.co', name: 'C' });
    });
    expect(await unsent()).toBe(before + 1);
  });

  it('runs a keyed write and its events once: a repeat, even a concurrent one, answers the first result', async () => {
    let kicks = 0;
    const sut = new UnitOfWork(dataSource, 'onboarding', () => kicks++);
    const before = await unsent();
    let runs = 0;
    const once = { scope: 'test-posts:buyer-1', key: 'submission-1', request: { title: 'A shelf' } };
    const write = () =>
      sut.runOnce(once, async (tx) => {
        runs++;
        await tx.publish('buyer.registered', { buyerId: `once-${runs}`, email: 'o@n.ce', name: 'O' });
        return { id: `post-${runs}` };
      });
    const answers = await Promise.all([write(), write(), write()]);
    expect(answers).toEqual([{ id: 'post-1' }, { id: 'post-1' }, { id: 'post-1' }]);
    expect(await write()).toEqual({ id: 'post-1' });
    expect(runs).toBe(1);
    expect(await unsent()).toBe(before + 1);
    expect(kicks).toBe(1);
    // Another request under the same key is refused, naming the header; another scope (caller) has its own keys.
    await expect(sut.runOnce({ ...once, request: { title: 'A lamp' } }, async () => ({ id: 'x' }))).rejects.toMatchObject({
      fields: { 'Idempotency-Key': [expect.stringContaining('different request')] },
    });
    expect(await sut.runOnce({ ...once, scope: 'test-posts:buyer-2' }, async () => ({ id: 'other' }))).toEqual({ id: 'other' });
    // Without a key every call runs.
    await sut.runOnce({ ...once, key: undefined }, async () => runs++);
    await sut.runOnce({ ...once, key: undefined }, async () => runs++);
    expect(runs).toBe(3);
  });

  it('relays every committed event once, keeps it when publishing fails, and sends it on the next try', async () => {
    const received: EventEnvelope[] = [];
    let brokerUp = false;
    const sut = new OutboxRelay(dataSource, 'onboarding', async (envelope) => {
      if (!brokerUp) throw new Error('broker unreachable');
      received.push(envelope);
    });
    await new UnitOfWork(dataSource, 'onboarding').run((tx) =>
      tx.publish('buyer.registered', { buyerId: 'b3', email: 'e@f.co', name: 'E' }),
    );

    expect(await sut.drain()).toBe(0);
    expect(await unsent()).toBeGreaterThan(0);

    brokerUp = true;
    const sent = await sut.drain();
    expect(sent).toBeGreaterThanOrEqual(1);
    expect(await unsent()).toBe(0);
    expect(received.map((e) => e.data)).toContainEqual({ buyerId: 'b3', email: 'e@f.co', name: 'E' });
    expect(received.every((e) => e.producer === 'onboarding' && e.correlationId.length > 0)).toBe(true);
    expect(await sut.drain()).toBe(0);
  });

  it('lets two relays drain concurrently without sending a row twice', async () => {
    const uow = new UnitOfWork(dataSource, 'onboarding');
    for (let i = 0; i < 250; i++)
      await uow.run((tx) => tx.publish('buyer.registered', { buyerId: `r${i}`, email: `r${i}@x.co`, name: 'R' }));
    const seen: string[] = [];
    const sink = async (e: EventEnvelope) => {
      seen.push(e.id);
      await new Promise((r) => setTimeout(r, 1));
    };
    const a = new OutboxRelay(dataSource, 'onboarding', sink, { batchSize: 20 });
    const b = new OutboxRelay(dataSource, 'onboarding', sink, { batchSize: 20 });
    await Promise.all([a.drain(), b.drain()]);
    expect(await unsent()).toBe(0);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(250);
  });

  it('applies an event once however often it is delivered, even concurrently', async () => {
    await dataSource.query(`CREATE TABLE IF NOT EXISTS effects (id serial PRIMARY KEY, event_id uuid NOT NULL)`);
    const sut = new Inbox(dataSource, 'onboarding');
    const envelope: EventEnvelope<'buyer.registered'> = {
      id: '6f1c7a52-0a53-4c53-9c7e-6f3b1f1f4e11',
      name: 'buyer.registered',
      occurredAt: new Date().toISOString(),
      producer: 'onboarding',
      correlationId: 'corr-1',
      data: { buyerId: 'b', email: 'x@y.co', name: 'X' },
    };
    const effect = async (tx: { manager: { query(sql: string, p: unknown[]): Promise<unknown> } }) => {
      await tx.manager.query(`INSERT INTO effects (event_id) VALUES ($1)`, [envelope.id]);
    };
    const outcomes = await Promise.all([1, 2, 3, 4, 5].map(() => sut.handle(envelope, 'test-consumer', effect)));
    expect(outcomes.filter((o) => o === 'processed')).toHaveLength(1);
    expect(await sut.handle(envelope, 'test-consumer', effect)).toBe('duplicate');
    // Another consumer of the same event has its own record.
    expect(await sut.handle(envelope, 'other-consumer', effect)).toBe('processed');
    const rows = (await dataSource.query(`SELECT count(*) AS n FROM effects WHERE event_id = $1`, [envelope.id])) as Array<{ n: string }>;
    expect(Number(rows[0]!.n)).toBe(2);
  });

  it('rolls the inbox record back with a failing effect, so a redelivery retries it', async () => {
    const sut = new Inbox(dataSource, 'onboarding');
    const envelope: EventEnvelope<'buyer.registered'> = {
      id: '0a6e9a7e-7f0e-4d4c-9a51-2f3c8a1b2c3d',
      name: 'buyer.registered',
      occurredAt: new Date().toISOString(),
      producer: 'onboarding',
      correlationId: 'corr-2',
      data: { buyerId: 'b', email: 'x@y.co', name: 'X' },
    };
    await expect(
      sut.handle(envelope, 'flaky', async () => {
        throw new Error('smtp down');
      }),
    ).rejects.toThrow('smtp down');
    expect(await sut.handle(envelope, 'flaky', async () => undefined)).toBe('processed');
  });

  it('migrates idempotently (a second start applies nothing new)', async () => {
    const again = await openServiceDatabase({ url: database.url, schema: 'onboarding', entities: [], migrations: [] });
    const rows = (await again.query(`SELECT count(*) AS n FROM onboarding.migrations`)) as Array<{ n: string }>;
    // The platform's own migrations (outbox/inbox, idempotency keys, outbox trace context, keys by age), each applied once.
    expect(Number(rows[0]!.n)).toBe(4);
    await again.destroy();
  });
});
