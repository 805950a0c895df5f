import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Idempotency records, in every service's schema (search_path points there). */
export class CreateIdempotencyKeys1763769650000 implements MigrationInterface {
  name = 'CreateIdempotencyKeys1763769650000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE idempotency_keys (
        scope text NOT NULL,
        key text NOT NULL,
        request_hash text NOT NULL,
        state text NOT NULL CHECK (state IN ('running', 'done')),
        response jsonb,
        error jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (scope, key)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE idempotency_keys`);
  }
}
