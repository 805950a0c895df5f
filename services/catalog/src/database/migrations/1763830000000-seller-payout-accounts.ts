import type { MigrationInterface, QueryRunner } from 'typeorm';

/** ADR 0030: a seller's optional payout account (a Stripe Connect account id, validated by payments when set). */
export class SellerPayoutAccounts1763830000000 implements MigrationInterface {
  name = 'SellerPayoutAccounts1763830000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sellers ADD COLUMN stripe_account_id text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sellers DROP COLUMN stripe_account_id`);
  }
}
