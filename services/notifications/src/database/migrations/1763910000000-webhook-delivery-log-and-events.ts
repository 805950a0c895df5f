import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The delivery log and the events API (ADR 0039): every attempt is recorded; deliveries are `succeeded` (was
 * `delivered`) and can be resent; the events a company may receive are kept 30 days for GET /api/v1/events.
 */
export class WebhookDeliveryLogAndEvents1763910000000 implements MigrationInterface {
  name = 'WebhookDeliveryLogAndEvents1763910000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_status_check`);
    await q.query(`UPDATE webhook_deliveries SET status = 'succeeded' WHERE status = 'delivered'`);
    await q.query(
      `ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_status_check CHECK (status IN ('pending', 'succeeded', 'failed'))`,
    );
    await q.query(`ALTER TABLE webhook_deliveries ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`);
    await q.query(`CREATE INDEX webhook_deliveries_endpoint_created ON webhook_deliveries (endpoint_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX webhook_deliveries_created ON webhook_deliveries (created_at)`);
    await q.query(`
      CREATE TABLE webhook_attempts (
        id uuid PRIMARY KEY,
        delivery_id uuid NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
        attempted_at timestamptz NOT NULL DEFAULT now(),
        status_code integer,
        duration_ms integer NOT NULL,
        response_body text,
        error text
      )`);
    await q.query(`CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, attempted_at)`);
    await q.query(`ALTER TABLE webhook_endpoints ADD COLUMN failing_since timestamptz`);
    await q.query(`
      CREATE TABLE integrator_events (
        id uuid PRIMARY KEY,
        company_id uuid,
        type text NOT NULL,
        occurred_at timestamptz NOT NULL,
        data jsonb NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX integrator_events_company ON integrator_events (company_id, occurred_at DESC, id DESC)`);
    await q.query(`CREATE INDEX integrator_events_occurred ON integrator_events (occurred_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE integrator_events`);
    await q.query(`ALTER TABLE webhook_endpoints DROP COLUMN failing_since`);
    await q.query(`DROP TABLE webhook_attempts`);
    await q.query(`DROP INDEX webhook_deliveries_created`);
    await q.query(`DROP INDEX webhook_deliveries_endpoint_created`);
    await q.query(`ALTER TABLE webhook_deliveries DROP COLUMN updated_at`);
    await q.query(`ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_status_check`);
    await q.query(`UPDATE webhook_deliveries SET status = 'delivered' WHERE status = 'succeeded'`);
    await q.query(
      `ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_status_check CHECK (status IN ('pending', 'delivered', 'failed'))`,
    );
  }
}
