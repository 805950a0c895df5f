import type { MigrationInterface, QueryRunner } from 'typeorm';

/** ADR 0047: payee sign-in looks sellers and print providers up by email (case-insensitive) at every session check. */
export class PayeeEmailIndexes1764100000000 implements MigrationInterface {
  name = 'PayeeEmailIndexes1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX sellers_email_lower_idx ON sellers (lower(email))`);
    await q.query(`CREATE INDEX print_providers_email_lower_idx ON print_providers (lower(email))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX print_providers_email_lower_idx`);
    await q.query(`DROP INDEX sellers_email_lower_idx`);
  }
}
