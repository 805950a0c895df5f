import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The secrets an email carries (sign-in codes, one-time links), so the delivery worker can remove them from the stored
 * copy once it is sent: the emails table is a record, and a copy of it must not sign anyone in.
 */
export class EmailSecrets1764100000000 implements MigrationInterface {
  name = 'EmailSecrets1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE emails ADD COLUMN secrets text[]`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE emails DROP COLUMN secrets`);
  }
}
