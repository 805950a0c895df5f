import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Account deletion requests (ADR 0029) and the tombstone marker on buyers whose personal data was erased. */
export class CreateAccountDeletionRequests1763800000000 implements MigrationInterface {
  name = 'CreateAccountDeletionRequests1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE buyers ADD COLUMN deleted_at timestamptz`);
    await q.query(`
      CREATE TABLE account_deletion_requests (
        id uuid PRIMARY KEY,
        buyer_id uuid NOT NULL REFERENCES buyers (id),
        -- Set to NULL once the deletion is carried out: the row then proves the deletion without naming anyone.
        email text,
        reason text,
        -- sha256 (hex) of the emailed token: a copy of this table cannot be used to confirm anything.
        token_hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        confirmed_at timestamptz
      )`);
    await q.query(`CREATE INDEX account_deletion_requests_open ON account_deletion_requests (buyer_id) WHERE confirmed_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE account_deletion_requests`);
    await q.query(`ALTER TABLE buyers DROP COLUMN deleted_at`);
  }
}
