import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateCatalog1763771000000 implements MigrationInterface {
  name = 'CreateCatalog1763771000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE sellers (
        id uuid PRIMARY KEY,
        business_name text NOT NULL,
        seller_name text NOT NULL,
        email text NOT NULL,
        phone text NOT NULL,
        category text NOT NULL,
        description text NOT NULL,
        products text NOT NULL,
        pricing text NOT NULL,
        location text NOT NULL,
        website text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The showcase pages newest first with a keyset cursor (created_at, id); stats group by category.
    await q.query(`CREATE INDEX sellers_showcase_idx ON sellers (created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX sellers_category_idx ON sellers (category)`);

    // One live edit token per seller: a new one replaces (revokes) the old. Only the SHA-256 of the token is kept.
    await q.query(`
      CREATE TABLE seller_edit_tokens (
        seller_id uuid PRIMARY KEY REFERENCES sellers (id) ON DELETE CASCADE,
        token_hash bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE seller_recovery_tokens (
        id uuid PRIMARY KEY,
        seller_id uuid NOT NULL REFERENCES sellers (id) ON DELETE CASCADE,
        token_hash bytea NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX seller_recovery_tokens_seller_idx ON seller_recovery_tokens (seller_id)`);

    await q.query(`
      CREATE TABLE ratings (
        id uuid PRIMARY KEY,
        seller_id uuid NOT NULL REFERENCES sellers (id) ON DELETE CASCADE,
        score smallint NOT NULL CHECK (score BETWEEN 1 AND 5),
        comment text,
        rater_email text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX ratings_seller_idx ON ratings (seller_id) INCLUDE (score)`);

    await q.query(`
      CREATE TABLE provider_applications (
        id uuid PRIMARY KEY,
        business_name text NOT NULL,
        contact_name text NOT NULL,
        email text NOT NULL,
        phone text NOT NULL,
        business_address text NOT NULL,
        website text,
        years_in_business text NOT NULL,
        service_area text NOT NULL,
        print_capabilities text NOT NULL,
        turnaround_time text NOT NULL,
        stripe_connect_id text NOT NULL,
        portfolio_description text NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
        decision_note text,
        decided_by text,
        decided_at timestamptz,
        provider_id uuid,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX provider_applications_status_idx ON provider_applications (status, created_at)`);

    await q.query(`
      CREATE TABLE print_providers (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        stripe_account_id text NOT NULL UNIQUE,
        email text,
        application_id uuid UNIQUE REFERENCES provider_applications (id),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE print_providers, provider_applications, ratings, seller_recovery_tokens, seller_edit_tokens, sellers`);
  }
}
