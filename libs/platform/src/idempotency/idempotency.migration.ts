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

/** Pruning keys past their retention (`Idempotency.prune`) reads by age. */
export class IdempotencyKeysByAge1764120000000 implements MigrationInterface {
  name = 'IdempotencyKeysByAge1764120000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX idempotency_keys_updated_at ON idempotency_keys (updated_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX idempotency_keys_updated_at`);
  }
}
