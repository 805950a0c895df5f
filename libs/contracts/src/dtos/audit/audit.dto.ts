import type { AuditAction, AuditActor } from '../../events/audit.events.js';

/** One row of the audit trail (ADR 0075), as /admin and the developer console read it. */
export interface AuditEntry {
  /** The `audit.recorded` event's id. */
  id: string;
  /** Position in the trail (1, 2, …): a gap is detectable. */
  seq: number;
  occurredAt: string;
  /** When onboarding appended it (after occurredAt: the event travelled through the outbox). */
  recordedAt: string;
  action: AuditAction;
  actor: AuditActor;
  ip: string | null;
  userAgent: string | null;
  target: { type: string; id: string };
  companyId: string | null;
  outcome: 'succeeded' | 'failed';
  /** JSON objects (AuditState); typed loosely here because the OpenAPI SDK cannot name a recursive type. */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** The producing service. */
  producer: string;
}

/**
 * Filters of GET /api/admin/audit (and the console's, which is always its own company's). All optional; `actor`
 * matches the actor's id or label (case-insensitive, whole value), `target` the target's id, `from`/`to` are ISO
 * instants (from inclusive, to exclusive). `before`: the `seq` of the last row already shown (newest first paging).
 */
export interface AuditQuery {
  actor?: string;
  action?: AuditAction;
  target?: string;
  from?: string;
  to?: string;
  before?: number;
  /** 1–200, default 50. The CSV export reads up to 10,000 rows in pages of 200. */
  limit?: number;
}

export interface AuditPage {
  entries: AuditEntry[];
  /** The `before` for the next page, or null when this was the last. */
  nextBefore: number | null;
}

/** `npm run audit:verify`'s result: the chain checked from seq 1. */
export interface AuditVerification {
  ok: boolean;
  rows: number;
  /** Each problem in one line: a seq missing, a hash that does not match its row, a link to the wrong predecessor. */
  problems: string[];
}
