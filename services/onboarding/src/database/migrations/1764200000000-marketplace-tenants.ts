import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ADR 0051: a marketplace is a tenant of a company. It gains the company it is attached to (at most one each way),
 * branding, a fixed fee per currency (registration set one fee, so the cad fee starts equal to it), a payout account,
 * a version its events carry, and a list of domains (the registered one first; each domain belongs to one
 * marketplace across both the primary and the extra domains).
 */
export class MarketplaceTenants1764200000000 implements MigrationInterface {
  name = 'MarketplaceTenants1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE marketplaces ADD COLUMN company_id uuid NULL UNIQUE REFERENCES companies (id)`);
    await q.query(`ALTER TABLE marketplaces ADD COLUMN display_name text`);
    await q.query(`UPDATE marketplaces SET display_name = company_name`);
    await q.query(`ALTER TABLE marketplaces ALTER COLUMN display_name SET NOT NULL`);
    await q.query(
      `ALTER TABLE marketplaces ADD COLUMN accent_color text NULL, ADD COLUMN logo_url text NULL, ADD COLUMN payout_account_id text NULL`,
    );

    // The old rule (fees only with custom_fees) is replaced by one that also requires every fee when custom_fees is on.
    const checks = (await q.query(
      `SELECT conname FROM pg_constraint
        WHERE conrelid = 'marketplaces'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%custom_fees%'`,
    )) as Array<{ conname: string }>;
    for (const { conname } of checks) await q.query(`ALTER TABLE marketplaces DROP CONSTRAINT "${conname}"`);
    await q.query(`ALTER TABLE marketplaces RENAME COLUMN transaction_fee_minor TO transaction_fee_usd_minor`);
    await q.query(`ALTER TABLE marketplaces ADD COLUMN transaction_fee_cad_minor integer CHECK (transaction_fee_cad_minor >= 0)`);
    await q.query(`UPDATE marketplaces SET transaction_fee_cad_minor = transaction_fee_usd_minor`);
    await q.query(`
      ALTER TABLE marketplaces ADD CONSTRAINT marketplaces_fee_terms CHECK (
        (NOT custom_fees AND transaction_fee_usd_minor IS NULL AND transaction_fee_cad_minor IS NULL AND platform_fee_bps IS NULL)
        OR (custom_fees AND transaction_fee_usd_minor IS NOT NULL AND transaction_fee_cad_minor IS NOT NULL AND platform_fee_bps IS NOT NULL)
      )`);

    await q.query(`ALTER TABLE marketplaces ADD COLUMN version integer NOT NULL DEFAULT 1`);
    await q.query(`ALTER TABLE marketplaces ADD COLUMN updated_at timestamptz`);
    await q.query(`UPDATE marketplaces SET updated_at = created_at`);
    await q.query(`ALTER TABLE marketplaces ALTER COLUMN updated_at SET NOT NULL, ALTER COLUMN updated_at SET DEFAULT now()`);

    await q.query(`
      CREATE TABLE marketplace_domains (
        domain text PRIMARY KEY,
        -- Deferred: registration claims its domain row before inserting the marketplace, so every writer locks a
        -- domain before a marketplace row (one lock order: no deadlock between a registration and a domain change).
        marketplace_id uuid NOT NULL REFERENCES marketplaces (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
        position int NOT NULL,
        UNIQUE (marketplace_id, position)
      )`);
    await q.query(`INSERT INTO marketplace_domains (domain, marketplace_id, position) SELECT domain, id, 0 FROM marketplaces`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE marketplace_domains`);
    await q.query(`ALTER TABLE marketplaces DROP COLUMN version, DROP COLUMN updated_at`);
    await q.query(`ALTER TABLE marketplaces DROP CONSTRAINT marketplaces_fee_terms`);
    await q.query(`ALTER TABLE marketplaces DROP COLUMN transaction_fee_cad_minor`);
    await q.query(`ALTER TABLE marketplaces RENAME COLUMN transaction_fee_usd_minor TO transaction_fee_minor`);
    await q.query(`
      ALTER TABLE marketplaces ADD CONSTRAINT marketplaces_check
        CHECK (custom_fees OR (transaction_fee_minor IS NULL AND platform_fee_bps IS NULL))`);
    await q.query(`ALTER TABLE marketplaces DROP COLUMN company_id, DROP COLUMN display_name, DROP COLUMN accent_color`);
    await q.query(`ALTER TABLE marketplaces DROP COLUMN logo_url, DROP COLUMN payout_account_id`);
  }
}
