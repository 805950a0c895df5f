import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateMarketplaces1763820000000 implements MigrationInterface {
  name = 'CreateMarketplaces1763820000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE marketplaces (
        id uuid PRIMARY KEY,
        company_name text NOT NULL,
        domain text NOT NULL UNIQUE,
        contact_email text NOT NULL,
        admin_email text NOT NULL,
        business_type text,
        expected_volume text,
        custom_branding boolean NOT NULL,
        white_label boolean NOT NULL,
        api_access boolean NOT NULL,
        custom_fees boolean NOT NULL,
        transaction_fee_minor integer CHECK (transaction_fee_minor >= 0),
        platform_fee_bps integer CHECK (platform_fee_bps BETWEEN 0 AND 10000),
        description text,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (custom_fees OR (transaction_fee_minor IS NULL AND platform_fee_bps IS NULL))
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE marketplaces`);
  }
}
