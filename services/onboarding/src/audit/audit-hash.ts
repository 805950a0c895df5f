import { createHash } from 'node:crypto';
import type { AuditAction, AuditActorType, AuditState, AuditValue } from '@paymarket/contracts';

/** The `prev_hash` of seq 1. */
export const GENESIS_HASH = '0'.repeat(64);

/** An `audit.recorded` event made ready to append: what the row holds but its place in the chain. */
export interface NewAuditEntry {
  id: string;
  occurredAt: Date;
  producer: string;
  action: AuditAction;
  actorType: AuditActorType;
  actorId: string | null;
  actorLabel: string;
  ip: string | null;
  userAgent: string | null;
  targetType: string;
  targetId: string;
  companyId: string | null;
  outcome: 'succeeded' | 'failed';
  before: AuditState | null;
  after: AuditState | null;
}

/** One row of `audit_log` as the hash covers it (everything but `hash` itself). */
export interface ChainedAuditRow extends NewAuditEntry {
  seq: number;
  recordedAt: Date;
  prevHash: string;
}

/** Object keys sorted at every depth (arrays keep their order): jsonb does not keep the order they were written in. */
function sortedKeys(value: AuditValue): AuditValue {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, AuditValue> = {};
    for (const key of Object.keys(value).sort()) out[key] = sortedKeys(value[key]!);
    return out;
  }
  return value;
}

/**
 * The row's canonical JSON: a fixed field order, instants as ISO strings with milliseconds, before/after with their
 * keys sorted. The appender and `audit:verify` both hash this, and nothing else.
 */
export function canonicalAuditJson(row: ChainedAuditRow): string {
  // An object literal keeps this key order in JSON.stringify (no key is an integer): the order is part of the format.
  return JSON.stringify({
    seq: row.seq,
    id: row.id,
    occurredAt: row.occurredAt.toISOString(),
    recordedAt: row.recordedAt.toISOString(),
    producer: row.producer,
    action: row.action,
    actor: { type: row.actorType, id: row.actorId, label: row.actorLabel },
    ip: row.ip,
    userAgent: row.userAgent,
    target: { type: row.targetType, id: row.targetId },
    companyId: row.companyId,
    outcome: row.outcome,
    before: row.before === null ? null : sortedKeys(row.before),
    after: row.after === null ? null : sortedKeys(row.after),
    prevHash: row.prevHash,
  });
}

/** sha256 hex of the row's canonical JSON: what `audit_log.hash` holds. */
export function auditHash(row: ChainedAuditRow): string {
  return createHash('sha256').update(canonicalAuditJson(row), 'utf8').digest('hex');
}
