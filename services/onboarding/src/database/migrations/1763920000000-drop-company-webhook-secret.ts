import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The company-wide webhook secret was kept in clear text so PayMarket could sign with it (ADR 0027/0033). Each webhook
 * endpoint now has its own secret, encrypted by notifications (ADR 0036): this one is no longer used, and is dropped.
 */
export class DropCompanyWebhookSecret1763920000000 implements MigrationInterface {
  name = 'DropCompanyWebhookSecret1763920000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE companies DROP COLUMN webhook_secret`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE companies ADD COLUMN webhook_secret text`);
  }
}
