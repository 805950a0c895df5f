// For tests of privileged actions (ADR 0075): the `audit.recorded` events a producer wrote to its outbox, which
// onboarding's audit log appends. Plain SQL through the caller's client (pg.Client or a DataSource), so it ships
// with the testing entry without a test library.
import type { AuditAction, AuditRecordedPayload } from '@paymarket/contracts';

/** Anything that runs a parameterised query: `pg.Client`/`Pool` answer `{ rows }`, a TypeORM DataSource the rows. */
export interface Queryable {
  query(text: string, values: unknown[]): Promise<unknown>;
}

export interface AuditRowFilter {
  action?: AuditAction;
  /** The target's id (a company, an API key, a session, an administrator…). */
  targetId?: string;
  /** The actor's id. */
  actorId?: string;
}

/**
 * The `audit.recorded` payloads in `schema`'s outbox (onboarding's by default) that match, oldest first. A test of an
 * action asserts exactly one; of a replayed or idempotent call, none more.
 */
export async function auditRows(db: Queryable, filter: AuditRowFilter = {}, schema = 'onboarding'): Promise<AuditRecordedPayload[]> {
  if (!/^[a-z][a-z0-9_]*$/.test(schema)) throw new Error(`not a schema name: ${schema}`);
  const result = await db.query(
    `SELECT payload FROM ${schema}.outbox
      WHERE name = 'audit.recorded'
        AND ($1::text IS NULL OR payload->>'action' = $1)
        AND ($2::text IS NULL OR payload->'target'->>'id' = $2)
        AND ($3::text IS NULL OR payload->'actor'->>'id' = $3)
      ORDER BY seq`,
    [filter.action ?? null, filter.targetId ?? null, filter.actorId ?? null],
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ payload: AuditRecordedPayload }>;
  return rows.map((r) => r.payload);
}
