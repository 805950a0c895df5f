import { Injectable } from '@nestjs/common';
import type { AuditAction, AuditActorType, AuditEntry, AuditState } from '@paymarket/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { NewAuditEntry } from './audit-event.js';
import { auditHash, GENESIS_HASH, type ChainedAuditRow } from './audit-hash.js';

/** Whose rows a reader sees: an administrator all of them, a company's console those whose companyId is its own. */
export type AuditScope = { kind: 'admin' } | { kind: 'company'; companyId: string };

/** Validated filters of one page (AuditQuery): instants parsed, limit defaulted. */
export interface AuditFilters {
  actor?: string;
  action?: AuditAction;
  target?: string;
  from?: Date;
  to?: Date;
  before?: number;
  limit: number;
}

/** A stored row: the chained fields and the hash that covers them. */
export interface StoredAuditRow extends ChainedAuditRow {
  hash: string;
}

interface Row {
  /** bigint: node-postgres reads it as text. */
  seq: string;
  id: string;
  occurred_at: Date;
  recorded_at: Date;
  producer: string;
  action: AuditAction;
  actor_type: AuditActorType;
  actor_id: string | null;
  actor_label: string;
  ip: string | null;
  user_agent: string | null;
  target_type: string;
  target_id: string;
  company_id: string | null;
  outcome: 'succeeded' | 'failed';
  before: AuditState | null;
  after: AuditState | null;
  prev_hash: string;
  hash: string;
}

const COLUMNS = `seq, id, occurred_at, recorded_at, producer, action, actor_type, actor_id, actor_label, ip,
  user_agent, target_type, target_id, company_id, outcome, before, after, prev_hash, hash`;

function fromRow(r: Row): StoredAuditRow {
  return {
    seq: Number(r.seq),
    id: r.id,
    occurredAt: new Date(r.occurred_at),
    recordedAt: new Date(r.recorded_at),
    producer: r.producer,
    action: r.action,
    actorType: r.actor_type,
    actorId: r.actor_id,
    actorLabel: r.actor_label,
    ip: r.ip,
    userAgent: r.user_agent,
    targetType: r.target_type,
    targetId: r.target_id,
    companyId: r.company_id,
    outcome: r.outcome,
    before: r.before,
    after: r.after,
    prevHash: r.prev_hash,
    hash: r.hash,
  };
}

export function toAuditEntry(row: StoredAuditRow): AuditEntry {
  return {
    id: row.id,
    seq: row.seq,
    occurredAt: row.occurredAt.toISOString(),
    recordedAt: row.recordedAt.toISOString(),
    action: row.action,
    actor: { type: row.actorType, id: row.actorId, label: row.actorLabel },
    ip: row.ip,
    userAgent: row.userAgent,
    target: { type: row.targetType, id: row.targetId },
    companyId: row.companyId,
    outcome: row.outcome,
    before: row.before,
    after: row.after,
    producer: row.producer,
  };
}

/** One appender at a time across replicas: each row's seq and prev_hash come from the row before it. */
const APPEND_LOCK = 'onboarding.audit_log';

/** The audit trail (ADR 0075): appended to, never changed; read newest first. */
@Injectable()
export class AuditLogRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Appends the entry at the end of the chain in the caller's transaction (the inbox's): seq = last + 1, prev_hash =
   * the last row's hash (GENESIS_HASH for the first). Null when a row with this event id exists already.
   */
  async append(manager: EntityManager, entry: NewAuditEntry, recordedAt: Date): Promise<StoredAuditRow | null> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [APPEND_LOCK]);
    const [last] = (await manager.query(`SELECT seq, hash FROM audit_log ORDER BY seq DESC LIMIT 1`)) as Array<{
      seq: string;
      hash: string;
    }>;
    // Milliseconds, as timestamptz keeps them from a Date and as the hash reads them back.
    const chained: ChainedAuditRow = {
      ...entry,
      occurredAt: new Date(entry.occurredAt.getTime()),
      recordedAt: new Date(recordedAt.getTime()),
      seq: last ? Number(last.seq) + 1 : 1,
      prevHash: last?.hash ?? GENESIS_HASH,
    };
    const row: StoredAuditRow = { ...chained, hash: auditHash(chained) };
    const inserted = (await manager.query(
      `INSERT INTO audit_log (seq, id, occurred_at, recorded_at, producer, action, actor_type, actor_id, actor_label, ip,
         user_agent, target_type, target_id, company_id, outcome, before, after, prev_hash, hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16::jsonb, $17::jsonb, $18, $19)
       ON CONFLICT (id) DO NOTHING RETURNING seq`,
      [
        row.seq,
        row.id,
        row.occurredAt,
        row.recordedAt,
        row.producer,
        row.action,
        row.actorType,
        row.actorId,
        row.actorLabel,
        row.ip,
        row.userAgent,
        row.targetType,
        row.targetId,
        row.companyId,
        row.outcome,
        row.before === null ? null : JSON.stringify(row.before),
        row.after === null ? null : JSON.stringify(row.after),
        row.prevHash,
        row.hash,
      ],
    )) as unknown[];
    return inserted.length === 1 ? row : null;
  }

  /** One page, newest first: `limit + 1` rows are read to know whether another page follows. */
  async page(scope: AuditScope, filters: AuditFilters): Promise<{ rows: StoredAuditRow[]; more: boolean }> {
    const params: unknown[] = [];
    const where: string[] = [];
    const bind = (value: unknown): string => {
      params.push(value);
      return `$${params.length}`;
    };
    if (scope.kind === 'company') where.push(`company_id = ${bind(scope.companyId)}`);
    if (filters.actor !== undefined) {
      const actor = bind(filters.actor);
      where.push(`(actor_id = ${actor} OR lower(actor_label) = lower(${actor}))`);
    }
    if (filters.action !== undefined) where.push(`action = ${bind(filters.action)}`);
    if (filters.target !== undefined) where.push(`target_id = ${bind(filters.target)}`);
    if (filters.from !== undefined) where.push(`occurred_at >= ${bind(filters.from)}`);
    if (filters.to !== undefined) where.push(`occurred_at < ${bind(filters.to)}`);
    if (filters.before !== undefined) where.push(`seq < ${bind(filters.before)}`);
    const rows = (await this.dataSource.query(
      `SELECT ${COLUMNS} FROM audit_log ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY seq DESC LIMIT ${bind(filters.limit + 1)}`,
      params,
    )) as Row[];
    return { rows: rows.slice(0, filters.limit).map(fromRow), more: rows.length > filters.limit };
  }

  /** Rows after `afterSeq` in chain order, at most `limit` (audit:verify walks the trail with it). */
  async batchAfter(afterSeq: number, limit: number): Promise<StoredAuditRow[]> {
    const rows = (await this.dataSource.query(`SELECT ${COLUMNS} FROM audit_log WHERE seq > $1 ORDER BY seq LIMIT $2`, [
      afterSeq,
      limit,
    ])) as Row[];
    return rows.map(fromRow);
  }
}
