import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * White-label marketplaces (ADR 0051): payments' own copy of each marketplace's fee terms and payout account, kept
 * from `marketplace.updated` (a newer `version` only); each order records the marketplace and the terms it was made
 * under; the marketplace's share is transferred like a recipient's.
 */
export class Marketplaces1764200000000 implements MigrationInterface {
  name = 'Marketplaces1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE marketplaces (
        id uuid PRIMARY KEY,
        company_id uuid,
        display_name text NOT NULL,
        custom_fees boolean NOT NULL,
        transaction_fee_usd_minor bigint CHECK (transaction_fee_usd_minor >= 0),
        transaction_fee_cad_minor bigint CHECK (transaction_fee_cad_minor >= 0),
        platform_fee_bps integer CHECK (platform_fee_bps BETWEEN 0 AND 10000),
        payout_account_id text,
        version integer NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    // Not unique: copies of two marketplaces may name the same company for a moment while their events arrive.
    await q.query(`CREATE INDEX marketplaces_company ON marketplaces (company_id) WHERE company_id IS NOT NULL`);
    await q.query(`ALTER TABLE orders ADD COLUMN marketplace_id uuid NULL, ADD COLUMN fee_terms jsonb NULL`);
    await q.query(`CREATE INDEX orders_marketplace ON orders (marketplace_id, created_at DESC) WHERE marketplace_id IS NOT NULL`);
    await q.query(`ALTER TABLE transfers DROP CONSTRAINT transfers_party_check`);
    await q.query(`ALTER TABLE transfers ADD CONSTRAINT transfers_party_check CHECK (party IN ('seller', 'provider', 'marketplace'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE transfers DROP CONSTRAINT transfers_party_check`);
    await q.query(`ALTER TABLE transfers ADD CONSTRAINT transfers_party_check CHECK (party IN ('seller', 'provider'))`);
    await q.query(`DROP INDEX orders_marketplace`);
    await q.query(`ALTER TABLE orders DROP COLUMN fee_terms, DROP COLUMN marketplace_id`);
    await q.query(`DROP TABLE marketplaces`);
  }
}
