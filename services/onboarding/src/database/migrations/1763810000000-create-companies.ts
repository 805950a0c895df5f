import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateCompanies1763810000000 implements MigrationInterface {
  name = 'CreateCompanies1763810000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE companies (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        website text NOT NULL,
        business_type text NOT NULL,
        contact_name text NOT NULL,
        email text NOT NULL,
        contact_phone text,
        tax_id text,
        verification_status text NOT NULL CHECK (verification_status IN ('approved', 'pending', 'flagged', 'rejected')),
        risk_score integer NOT NULL CHECK (risk_score BETWEEN 0 AND 100),
        checks jsonb NOT NULL,
        has_api_access boolean NOT NULL DEFAULT false,
        verification_notes text,
        reviewed_by text,
        reviewed_at timestamptz,
        api_key text UNIQUE,
        secret_key_hash bytea,
        webhook_secret text,
        credentials_issued_at timestamptz,
        credentials_link_hash bytea,
        credentials_link_expires_at timestamptz,
        credentials_link_used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One live application per email; a rejected company may apply again.
    await q.query(`CREATE UNIQUE INDEX companies_live_email ON companies (email) WHERE verification_status <> 'rejected'`);
    // API calls find their company by the hash of the presented secret key.
    await q.query(`CREATE UNIQUE INDEX companies_secret_key_hash ON companies (secret_key_hash) WHERE secret_key_hash IS NOT NULL`);
    await q.query(`CREATE INDEX companies_created_at ON companies (created_at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE companies`);
  }
}
