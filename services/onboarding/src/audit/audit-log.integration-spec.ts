import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createHash, randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import {
  AUDIT_QUERY_MESSAGES,
  ServiceErrorCodes,
  type AuditPage,
  type AuditState,
  type AuditRecordedPayload,
  type EventEnvelope,
  type RpcEnvelope,
  type RpcRequest,
} from '@paymarket/contracts';
import { Inbox, openServiceDatabase, ServiceError } from '@paymarket/platform';
import { createTestDatabase, type TestDatabase } from '@paymarket/platform/testing';
import { SystemClock } from '../auth/clock.js';
import { ONBOARDING_MIGRATIONS } from '../onboarding.module.js';
import { AppendAuditEntry } from './append-audit-entry.use-case.js';
import { canonicalAuditJson, GENESIS_HASH } from './audit-hash.js';
import { AuditLogRepository } from './audit-log.repository.js';
import { AuditRecordedHandler } from './audit-recorded.handler.js';
import { AuditHandler } from './audit.handler.js';
import { ListAudit } from './list-audit.use-case.js';
import { verifyAuditLogAt } from './verify-audit-log.js';

jest.setTimeout(60_000);

const ACME = randomUUID();
const GLOBEX = randomUUID();
const ADMIN = randomUUID();

function event(
  data: Partial<AuditRecordedPayload> & Record<string, unknown> = {},
  envelope: Partial<EventEnvelope<'audit.recorded'>> = {},
): EventEnvelope<'audit.recorded'> {
  return {
    id: randomUUID(),
    name: 'audit.recorded',
    occurredAt: new Date().toISOString(),
    producer: 'payments',
    correlationId: randomUUID(),
    data: {
      action: 'order.refunded',
      actor: { type: 'admin', id: ADMIN, label: 'Ops@Example.com' },
      ip: '203.0.113.5',
      userAgent: 'Mozilla/5.0 (audit spec)',
      target: { type: 'order', id: randomUUID() },
      companyId: ACME,
      outcome: 'succeeded',
      before: { status: 'paid', refundedMinor: 0 },
      after: { status: 'refunded', refundedMinor: 1200 },
      ...data,
    } as AuditRecordedPayload,
    ...envelope,
  };
}

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string; fields?: Record<string, string[]> }> {
  const error = await promise.then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return (error as ServiceError).getError() as { code: string; message: string; fields?: Record<string, string[]> };
}

interface StoredRow {
  seq: string;
  id: string;
  prev_hash: string;
  hash: string;
  action: string;
  company_id: string | null;
  after: Record<string, unknown> | null;
}

// The audit trail (ADR 0075) on a real PostgreSQL: appended through the event handler (inbox), chained by hash,
// append-only in the database, read through onboarding.list_audit and checked by verifyAuditLogAt.
describe('audit log (onboarding, real PostgreSQL)', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let consumer: AuditRecordedHandler;
  let reader: AuditHandler;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = await openServiceDatabase({ url: database.url, schema: 'onboarding', entities: [], migrations: ONBOARDING_MIGRATIONS });
    const trail = new AuditLogRepository(dataSource);
    consumer = new AuditRecordedHandler(new Inbox(dataSource, 'onboarding'), new AppendAuditEntry(trail, new SystemClock()));
    reader = new AuditHandler(new ListAudit(trail));
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  const rows = async (): Promise<StoredRow[]> =>
    (await dataSource.query(
      `SELECT seq::text AS seq, id, prev_hash, hash, action, company_id, after FROM audit_log ORDER BY audit_log.seq`,
    )) as StoredRow[];
  const list = (request: Record<string, unknown>): Promise<AuditPage> =>
    reader.listAudit({ meta: { correlationId: randomUUID() }, data: request } as RpcEnvelope<Partial<RpcRequest<'onboarding.list_audit'>>>);
  const admin = (query: Record<string, unknown> = {}) => list({ scope: { kind: 'admin' }, query });

  describe('appending', () => {
    it('appends each event once, seq 1, 2, … each linked to the hash of the row before', async () => {
      const first = event();
      await consumer.onAuditRecorded(first);
      await consumer.onAuditRecorded(first); // redelivered: the inbox sees it
      const second = event({ action: 'company.approved', target: { type: 'company', id: ACME }, before: null, after: null });
      await consumer.onAuditRecorded(second);
      // Relayed again after the inbox row was lost (a restore): ON CONFLICT (id) keeps the row single.
      await dataSource.query(`DELETE FROM inbox WHERE event_id = $1`, [second.id]);
      await consumer.onAuditRecorded(second);

      const stored = await rows();
      expect(stored.map((r) => [r.seq, r.id])).toEqual([
        ['1', first.id],
        ['2', second.id],
      ]);
      expect(stored[0]!.prev_hash).toBe(GENESIS_HASH);
      expect(stored[1]!.prev_hash).toBe(stored[0]!.hash);
      expect(stored[0]!.hash).toMatch(/^[0-9a-f]{64}$/);

      // The hash is sha256 of the canonical JSON of the row as read back (jsonb reorders keys: they are sorted).
      const page = await admin();
      const entry = page.entries.find((e) => e.id === first.id)!;
      const canonical = canonicalAuditJson({
        seq: 1,
        id: entry.id,
        occurredAt: new Date(entry.occurredAt),
        recordedAt: new Date(entry.recordedAt),
        producer: 'payments',
        action: entry.action,
        actorType: entry.actor.type,
        actorId: entry.actor.id,
        actorLabel: entry.actor.label,
        ip: entry.ip,
        userAgent: entry.userAgent,
        targetType: entry.target.type,
        targetId: entry.target.id,
        companyId: entry.companyId,
        outcome: entry.outcome,
        before: entry.before as AuditState | null,
        after: entry.after as AuditState | null,
        prevHash: GENESIS_HASH,
      });
      expect(canonical).toContain('"before":{"refundedMinor":0,"status":"paid"}');
      expect(createHash('sha256').update(canonical).digest('hex')).toBe(stored[0]!.hash);
      expect(entry).toMatchObject({
        seq: 1,
        occurredAt: first.occurredAt,
        action: 'order.refunded',
        actor: { type: 'admin', id: ADMIN, label: 'Ops@Example.com' },
        ip: '203.0.113.5',
        userAgent: 'Mozilla/5.0 (audit spec)',
        companyId: ACME,
        outcome: 'succeeded',
        producer: 'payments',
      });
    });

    it('keeps the chain whole when events arrive together (one appender at a time)', async () => {
      const before = (await rows()).length;
      await Promise.all(Array.from({ length: 12 }, () => consumer.onAuditRecorded(event())));
      const stored = await rows();
      expect(stored).toHaveLength(before + 12);
      stored.forEach((row, i) => {
        expect(Number(row.seq)).toBe(i + 1);
        expect(row.prev_hash).toBe(i === 0 ? GENESIS_HASH : stored[i - 1]!.hash);
      });
    });

    it('removes secrets from before/after again, whatever the producer sent', async () => {
      const leaky = event({
        action: 'webhook_endpoint.secret_rolled',
        target: { type: 'webhook_endpoint', id: randomUUID() },
        before: { url: 'https://hooks.example/a' },
        after: { url: 'https://hooks.example/a', secret: 'whsec_abcdefghijklmnop', note: 'sk_test_abcdefghijklmnopqrstuv' },
      });
      await consumer.onAuditRecorded(leaky);
      const [row] = (await dataSource.query(`SELECT after FROM audit_log WHERE id = $1`, [leaky.id])) as StoredRow[];
      expect(row!.after).toEqual({ url: 'https://hooks.example/a', note: '[redacted]' });
    });

    it('keeps text PostgreSQL would refuse or alter as what it stores, so the hash still matches', async () => {
      const odd = event({
        actor: { type: 'anonymous', id: null, label: 'nul\u0000@example.com' },
        action: 'admin.sign_in_failed',
        target: { type: 'admin', id: 'nul\u0000@example.com' },
        companyId: null,
        outcome: 'failed',
        before: null,
        after: { reason: 'lone \ud800 surrogate', 'key\u0000': 1 },
      });
      await consumer.onAuditRecorded(odd);
      const [row] = (await dataSource.query(`SELECT actor_label, after FROM audit_log WHERE id = $1`, [odd.id])) as Array<{
        actor_label: string;
        after: unknown;
      }>;
      expect(row).toEqual({ actor_label: 'nul\uFFFD@example.com', after: { reason: 'lone \uFFFD surrogate', 'key\uFFFD': 1 } });
      expect((await verifyAuditLogAt({ databaseUrl: database.url })).ok).toBe(true);
    });

    it('logs and drops an event it cannot append (no row, no retry): the inbox still records it', async () => {
      const count = (await rows()).length;
      const invalid = [
        event({ action: 'order.deleted' as never }),
        event({ actor: { type: 'robot', id: 'x', label: 'r' } as never }),
        event({ actor: { type: 'admin', id: 42, label: 'x' } as never }),
        event({ actor: undefined as never }),
        event({ target: { type: 'order' } as never }),
        event({ companyId: 'acme' }),
        event({ outcome: 'maybe' as never }),
        event({ before: ['not', 'an', 'object'] as never }),
        event({ ip: 'x'.repeat(500) }),
        event({}, { occurredAt: 'yesterday' }),
        event({}, { producer: 'elsewhere' as never }),
        event({}, { data: undefined as never }),
      ];
      for (const e of invalid) await expect(consumer.onAuditRecorded(e)).resolves.toBeUndefined();
      // Not even a uuid: the inbox cannot key it, so it is dropped before.
      await expect(consumer.onAuditRecorded(event({}, { id: 'not-a-uuid' }))).resolves.toBeUndefined();
      await expect(consumer.onAuditRecorded(undefined as never)).resolves.toBeUndefined();

      expect(await rows()).toHaveLength(count);
      const seen = (await dataSource.query(`SELECT count(*)::int AS n FROM inbox WHERE consumer = 'audit-log' AND event_id = ANY($1)`, [
        invalid.map((e) => e.id),
      ])) as Array<{ n: number }>;
      expect(seen[0]!.n).toBe(invalid.length);
    });

    it('refuses UPDATE, DELETE and TRUNCATE in the database', async () => {
      await expect(dataSource.query(`UPDATE audit_log SET action = 'company.rejected' WHERE seq = 1`)).rejects.toThrow(
        /audit_log is append-only/,
      );
      await expect(dataSource.query(`DELETE FROM audit_log WHERE seq = 1`)).rejects.toThrow(/audit_log is append-only/);
      await expect(dataSource.query(`TRUNCATE audit_log`)).rejects.toThrow(/audit_log is append-only/);
      expect((await rows())[0]!.seq).toBe('1');
    });
  });

  describe('reading (onboarding.list_audit)', () => {
    const GLOBEX_ORDER = randomUUID();
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      const base = Date.parse('2030-01-10T00:00:00.000Z');
      const day = (n: number) => new Date(base + n * 86_400_000).toISOString();
      const fixtures: Array<[string, EventEnvelope<'audit.recorded'>]> = [
        [
          'globexKey',
          event(
            {
              action: 'api_key.created',
              actor: { type: 'console', id: 'sess-globex', label: 'dev@globex.example' },
              target: { type: 'api_key', id: 'key-globex' },
              companyId: GLOBEX,
            },
            { occurredAt: day(0), producer: 'onboarding' },
          ),
        ],
        ['globexRefund', event({ target: { type: 'order', id: GLOBEX_ORDER }, companyId: GLOBEX }, { occurredAt: day(1) })],
        [
          'acmeKey',
          event(
            {
              action: 'api_key.revoked',
              actor: { type: 'api_key', id: 'key-acme', label: 'sk_test_…a1b2' },
              target: { type: 'api_key', id: 'key-acme' },
            },
            { occurredAt: day(2), producer: 'onboarding' },
          ),
        ],
        ['platform', event({ action: 'admin.signed_in', target: { type: 'admin', id: ADMIN }, companyId: null }, { occurredAt: day(3) })],
      ];
      for (const [name, e] of fixtures) {
        ids[name] = e.id;
        await consumer.onAuditRecorded(e);
      }
    });

    it('gives an administrator every row, newest first, and pages with before', async () => {
      const all = await admin({ limit: 200 });
      const seqs = all.entries.map((e) => e.seq);
      expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
      expect(all.entries[0]!.id).toBe(ids.platform);
      expect(all.nextBefore).toBeNull();

      const pages: number[] = [];
      let before: number | null | undefined;
      do {
        const page = await admin({ limit: 5, ...(before ? { before } : {}) });
        expect(page.entries.length).toBeLessThanOrEqual(5);
        pages.push(...page.entries.map((e) => e.seq));
        before = page.nextBefore;
      } while (before !== null);
      expect(pages).toEqual(seqs);
      // From the query string: numbers as text.
      const second = await admin({ limit: '2', before: String(all.entries[1]!.seq) });
      expect(second.entries.map((e) => e.seq)).toEqual(seqs.slice(2, 4));
    });

    it('filters by actor (id, or label whatever its case), action, target and time', async () => {
      const by = async (query: Record<string, unknown>) => (await admin({ limit: 200, ...query })).entries.map((e) => e.id);
      expect(await by({ actor: 'sess-globex' })).toEqual([ids.globexKey]);
      expect(await by({ actor: 'DEV@Globex.Example' })).toEqual([ids.globexKey]);
      expect(await by({ actor: 'dev@globex' })).toEqual([]); // whole value only
      expect(await by({ action: 'api_key.revoked' })).toEqual([ids.acmeKey]);
      expect(await by({ target: GLOBEX_ORDER })).toEqual([ids.globexRefund]);
      expect(await by({ from: '2030-01-11', to: '2030-01-13T00:00:00Z' })).toEqual([ids.acmeKey, ids.globexRefund]);
      expect(await by({ from: '2030-01-13T00:00:00.000+00:00' })).toEqual([ids.platform]);
      expect(await by({ action: 'api_key.created', actor: '  dev@globex.example ', to: '2030-01-10T00:00:00.001Z' })).toEqual([
        ids.globexKey,
      ]);
      expect(await by({ actor: '', target: '' })).toHaveLength((await admin({ limit: 200 })).entries.length); // blank: no filter
    });

    it('gives a company only its own rows, whatever the filters ask', async () => {
      const globex = (query: Record<string, unknown> = {}) => list({ scope: { kind: 'company', companyId: GLOBEX }, query });
      expect((await globex()).entries.map((e) => e.id)).toEqual([ids.globexRefund, ids.globexKey]);
      expect((await globex({ actor: 'key-acme' })).entries).toEqual([]);
      expect((await globex({ target: 'key-acme' })).entries).toEqual([]);
      expect((await globex({ action: 'admin.signed_in' })).entries).toEqual([]);
      const page = await globex({ limit: 1 });
      expect(page.entries.map((e) => e.id)).toEqual([ids.globexRefund]);
      expect((await globex({ limit: 1, before: page.nextBefore })).entries.map((e) => e.id)).toEqual([ids.globexKey]);
      const acme = await list({ scope: { kind: 'company', companyId: ACME.toUpperCase() }, query: { limit: 200 } });
      expect(acme.entries.length).toBeGreaterThan(0);
      expect(acme.entries.every((e) => e.companyId === ACME)).toBe(true);
    });

    it.each([
      ["{ action: 'order.deleted' }", { action: 'order.deleted' }, 'action', AUDIT_QUERY_MESSAGES.ACTION],
      ['{ action: 42 }', { action: 42 }, 'action', AUDIT_QUERY_MESSAGES.ACTION],
      ["{ from: 'yesterday' }", { from: 'yesterday' }, 'from', AUDIT_QUERY_MESSAGES.FROM],
      ["{ from: '2030-02-30' }", { from: '2030-02-30' }, 'from', AUDIT_QUERY_MESSAGES.FROM],
      ["{ to: '2030-01-10T10:00' }", { to: '2030-01-10T10:00' }, 'to', AUDIT_QUERY_MESSAGES.TO],
      ["{ from: '2030-01-12', to: '2030-01-11' }", { from: '2030-01-12', to: '2030-01-11' }, 'to', AUDIT_QUERY_MESSAGES.RANGE],
      ['{ limit: 0 }', { limit: 0 }, 'limit', AUDIT_QUERY_MESSAGES.LIMIT],
      ['{ limit: 201 }', { limit: 201 }, 'limit', AUDIT_QUERY_MESSAGES.LIMIT],
      ["{ limit: '1.5' }", { limit: '1.5' }, 'limit', AUDIT_QUERY_MESSAGES.LIMIT],
      ['{ before: 0 }', { before: 0 }, 'before', AUDIT_QUERY_MESSAGES.BEFORE],
      ["{ before: 'abc' }", { before: 'abc' }, 'before', AUDIT_QUERY_MESSAGES.BEFORE],
      ["{ before: '99999999999999999999' }", { before: '99999999999999999999' }, 'before', AUDIT_QUERY_MESSAGES.BEFORE],
      ['{ actor: 201 characters }', { actor: 'x'.repeat(201) }, 'actor', AUDIT_QUERY_MESSAGES.ACTOR],
      ['{ target: 201 characters }', { target: 'x'.repeat(201) }, 'target', AUDIT_QUERY_MESSAGES.TARGET],
    ])('refuses %s, naming the field', async (_label, query, field, message) => {
      const refused = await refusal(admin(query));
      expect(refused.code).toBe(ServiceErrorCodes.INVALID);
      expect(refused.fields).toEqual({ [field]: [message] });
      expect(refused.message).toContain(field);
    });

    it('refuses an unknown filter and a missing or malformed scope, naming them', async () => {
      expect((await refusal(admin({ company: GLOBEX }))).fields).toEqual({ company: ['Unknown field: company'] });
      expect(Object.keys((await refusal(list({ query: {} }))).fields ?? {})).toEqual(['scope']);
      expect(Object.keys((await refusal(list({ scope: { kind: 'company', companyId: 'acme' }, query: {} }))).fields ?? {})).toEqual([
        'scope',
      ]);
      expect(Object.keys((await refusal(list({ scope: { kind: 'admin' }, query: 'limit=5' }))).fields ?? {})).toEqual(['query']);
    });
  });

  // Last: these break the chain on purpose (as someone with the table owner's rights would).
  describe('verifyAuditLogAt', () => {
    it('passes on the intact trail', async () => {
      const report = await verifyAuditLogAt({ databaseUrl: database.url });
      const stored = await rows();
      expect(report).toEqual({ ok: true, rows: stored.length, problems: [], head: stored[stored.length - 1]!.hash });
    });

    it('names the seq of a row altered in place, then of a row deleted', async () => {
      await dataSource.query(`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change`);
      try {
        const [original] = (await dataSource.query(`SELECT after FROM audit_log WHERE seq = 3`)) as StoredRow[];
        await dataSource.query(`UPDATE audit_log SET after = '{"status": "pending"}' WHERE seq = 3`);
        const altered = await verifyAuditLogAt({ databaseUrl: database.url });
        expect(altered.ok).toBe(false);
        expect(altered.problems).toEqual(['seq 3: hash does not match the row (changed after it was appended)']);

        // The hash recomputed too: the next row's link gives it away.
        await dataSource.query(`UPDATE audit_log SET after = $1::jsonb, hash = repeat('a', 64) WHERE seq = 3`, [
          JSON.stringify(original!.after),
        ]);
        const relinked = await verifyAuditLogAt({ databaseUrl: database.url });
        expect(relinked.problems).toEqual([
          'seq 3: hash does not match the row (changed after it was appended)',
          'seq 4: prev_hash does not match the hash of seq 3',
        ]);

        const [row3] = (await dataSource.query(`SELECT prev_hash FROM audit_log WHERE seq = 4`)) as StoredRow[];
        await dataSource.query(`UPDATE audit_log SET hash = $1 WHERE seq = 3`, [row3!.prev_hash]);
        expect((await verifyAuditLogAt({ databaseUrl: database.url })).ok).toBe(true);

        await dataSource.query(`DELETE FROM audit_log WHERE seq = 5`);
        const gap = await verifyAuditLogAt({ databaseUrl: database.url });
        expect(gap.ok).toBe(false);
        expect(gap.problems).toEqual(['seq 5 is missing']);
        expect(gap.rows).toBe((await rows()).length);

        await dataSource.query(`DELETE FROM audit_log WHERE seq IN (1, 2)`);
        expect((await verifyAuditLogAt({ databaseUrl: database.url })).problems).toEqual(['seq 1 to 2 are missing', 'seq 5 is missing']);
      } finally {
        await dataSource.query(`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_change`);
      }
    });
  });
});
