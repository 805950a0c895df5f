import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ADR 0075: the audit trail of privileged actions, one row per `audit.recorded` event. Append-only: `seq` is given by
 * the appender (the last row's + 1, under an advisory lock; a sequence would leave a false gap when a transaction
 * rolls back) and each row's `hash` covers the row and its predecessor's hash, so `npm run audit:verify` finds a row
 * missing or edited. The database refuses UPDATE, DELETE and TRUNCATE (trigger), whoever asks.
 */
export class AuditLog1764500000000 implements MigrationInterface {
  name = 'AuditLog1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE audit_log (
        seq bigint PRIMARY KEY,
        -- The audit.recorded event's id: an event is appended once.
        id uuid NOT NULL UNIQUE,
        occurred_at timestamptz NOT NULL,
        recorded_at timestamptz NOT NULL,
        producer text NOT NULL,
        action text NOT NULL,
        actor_type text NOT NULL,
        actor_id text,
        actor_label text NOT NULL,
        ip text,
        user_agent text,
        target_type text NOT NULL,
        target_id text NOT NULL,
        company_id uuid,
        outcome text NOT NULL CHECK (outcome IN ('succeeded', 'failed')),
        before jsonb,
        after jsonb,
        -- sha256 hex of the previous row's hash (64 zeros before seq 1) and of this row's canonical JSON.
        prev_hash text NOT NULL,
        hash text NOT NULL UNIQUE
      )`);
    // The filters of /admin and the developer console, newest first.
    await q.query(`CREATE INDEX audit_log_company ON audit_log (company_id, seq)`);
    await q.query(`CREATE INDEX audit_log_action ON audit_log (action, seq)`);
    await q.query(`CREATE INDEX audit_log_actor_id ON audit_log (actor_id, seq)`);
    await q.query(`CREATE INDEX audit_log_actor_label ON audit_log (lower(actor_label), seq)`);
    await q.query(`CREATE INDEX audit_log_target ON audit_log (target_id, seq)`);
    await q.query(`CREATE INDEX audit_log_occurred ON audit_log (occurred_at)`);
    await q.query(`
      CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
      END
      $$`);
    await q.query(`
      CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
        FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`);
    await q.query(`
      CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
        FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`);
    await q.query(`REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM PUBLIC`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE audit_log`);
    await q.query(`DROP FUNCTION audit_log_append_only()`);
  }
}
