import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Outbox and inbox tables, created in every service's schema (search_path points there). */
export class CreatePlatformTables1763769600000 implements MigrationInterface {
  name = 'CreatePlatformTables1763769600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE outbox (
        id uuid PRIMARY KEY,
        seq bigserial NOT NULL,
        name text NOT NULL,
        producer text NOT NULL,
        payload jsonb NOT NULL,
        correlation_id text NOT NULL,
        occurred_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        attempts integer NOT NULL DEFAULT 0
      )`);
    await q.query(`CREATE INDEX outbox_unsent ON outbox (seq) WHERE sent_at IS NULL`);
    await q.query(`
      CREATE TABLE inbox (
        event_id uuid NOT NULL,
        consumer text NOT NULL,
        event_name text NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (event_id, consumer)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE inbox`);
    await q.query(`DROP TABLE outbox`);
  }
}
