import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@paymarket/contracts';
import { auditEntryFromEvent, type NewAuditEntry } from './audit-event.js';
import { auditHash, canonicalAuditJson, GENESIS_HASH, type ChainedAuditRow } from './audit-hash.js';

const row = (overrides: Partial<ChainedAuditRow> = {}): ChainedAuditRow => ({
  seq: 1,
  id: '2b0f8f1e-4c55-4d36-9c33-1c0a4f1b2a10',
  occurredAt: new Date('2030-01-10T10:00:00.123Z'),
  recordedAt: new Date('2030-01-10T10:00:00.456Z'),
  producer: 'payments',
  action: 'order.refunded',
  actorType: 'admin',
  actorId: 'a1',
  actorLabel: 'ops@example.com',
  ip: '203.0.113.5',
  userAgent: 'spec',
  targetType: 'order',
  targetId: 'o1',
  companyId: null,
  outcome: 'succeeded',
  before: { status: 'paid', fees: { usd: 30, cad: 40 } },
  after: { status: 'refunded' },
  prevHash: GENESIS_HASH,
  ...overrides,
});

describe('the audit row hash (ADR 0075)', () => {
  it('reads the row in a fixed order, instants with milliseconds, before/after keys sorted at every depth', () => {
    expect(canonicalAuditJson(row())).toBe(
      '{"seq":1,"id":"2b0f8f1e-4c55-4d36-9c33-1c0a4f1b2a10","occurredAt":"2030-01-10T10:00:00.123Z",' +
        '"recordedAt":"2030-01-10T10:00:00.456Z","producer":"payments","action":"order.refunded",' +
        '"actor":{"type":"admin","id":"a1","label":"ops@example.com"},"ip":"203.0.113.5","userAgent":"spec",' +
        '"target":{"type":"order","id":"o1"},"companyId":null,"outcome":"succeeded",' +
        '"before":{"fees":{"cad":40,"usd":30},"status":"paid"},"after":{"status":"refunded"},' +
        `"prevHash":"${GENESIS_HASH}"}`,
    );
    // jsonb gives keys back in its own order: the hash does not depend on it.
    expect(auditHash(row({ before: { fees: { cad: 40, usd: 30 }, status: 'paid' } }))).toBe(auditHash(row()));
    expect(auditHash(row())).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each<Partial<ChainedAuditRow>>([
    { seq: 2 },
    { prevHash: 'f'.repeat(64) },
    { occurredAt: new Date('2030-01-10T10:00:00.124Z') },
    { actorLabel: 'someone@else.example' },
    { after: { status: 'paid' } },
    { after: null },
    { companyId: randomUUID() },
  ])('changes with any field: %j', (change) => {
    expect(auditHash(row(change))).not.toBe(auditHash(row()));
  });
});

describe('auditEntryFromEvent', () => {
  const envelope = (data: Record<string, unknown>): EventEnvelope<'audit.recorded'> =>
    ({
      id: randomUUID().toUpperCase(),
      name: 'audit.recorded',
      occurredAt: '2030-01-10T10:00:00.000Z',
      producer: 'onboarding',
      correlationId: 'c',
      data: {
        action: 'admin.sign_in_failed',
        actor: { type: 'anonymous', id: null, label: 'who@example.com' },
        ip: null,
        userAgent: null,
        target: { type: 'admin', id: 'who@example.com' },
        companyId: null,
        outcome: 'failed',
        before: null,
        after: null,
        ...data,
      },
    }) as EventEnvelope<'audit.recorded'>;

  it('cuts over-long free text instead of losing the row, and keeps ids as PostgreSQL prints them', () => {
    const event = envelope({ userAgent: 'u'.repeat(2000), actor: { type: 'anonymous', label: 'l'.repeat(2000) }, ip: '' });
    const entry = auditEntryFromEvent(event) as NewAuditEntry;
    expect(entry.userAgent).toHaveLength(512);
    expect(entry.actorLabel).toHaveLength(500);
    expect(entry.actorId).toBeNull();
    expect(entry.ip).toBeNull();
    expect(entry.id).toBe(event.id.toLowerCase());
  });

  it.each([
    ['an unknown action', { action: 'order.deleted' }, /action/],
    ['an empty actor id', { actor: { type: 'admin', id: '', label: 'x' } }, /actor\.id/],
    ['an actor without a label', { actor: { type: 'admin', id: 'a' } }, /actor\.label/],
    ['an empty target kind', { target: { type: '', id: 'x' } }, /target\.type/],
    ['a target id of 201 characters', { target: { type: 'order', id: 'x'.repeat(201) } }, /target\.id/],
    ['a company id that is not a uuid', { companyId: 'not-a-uuid' }, /companyId/],
    ['an unknown outcome', { outcome: 'partly' }, /outcome/],
    ['an after that is not an object', { after: 'refunded' }, /after/],
    ['a before over 64 KB', { before: { blob: 'x'.repeat(70_000) } }, /before is larger/],
    ['a user agent that is not text', { userAgent: 42 }, /userAgent/],
  ])('refuses %s', (_case, data, problem) => {
    expect(auditEntryFromEvent(envelope(data))).toMatch(problem);
  });
});
