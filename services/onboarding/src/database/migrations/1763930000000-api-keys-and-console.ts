import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ADR 0037: several API keys per company (read-only or full, rolled with an overlap, revoked), and the developer
 * console's sign-in codes and sessions. Each company's existing secret key becomes its "Default key".
 */
export class ApiKeysAndConsole1763930000000 implements MigrationInterface {
  name = 'ApiKeysAndConsole1763930000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE api_keys (
        id uuid PRIMARY KEY,
        company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
        name text NOT NULL,
        access text NOT NULL CHECK (access IN ('full', 'read_only')),
        prefix text,
        secret_hash bytea NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        expires_at timestamptz,
        revoked_at timestamptz
      )`);
    await q.query(`CREATE INDEX api_keys_company ON api_keys (company_id, created_at)`);
    await q.query(`
      INSERT INTO api_keys (id, company_id, name, access, prefix, secret_hash, created_at)
      SELECT gen_random_uuid(), id, 'Default key', 'full', NULL, secret_key_hash, coalesce(credentials_issued_at, created_at)
        FROM companies WHERE secret_key_hash IS NOT NULL`);
    await q.query(`
      CREATE TABLE console_sign_in_codes (
        id uuid PRIMARY KEY,
        email text NOT NULL,
        -- NULL when no company with API access has this contact email: the row still throttles and counts tries.
        company_id uuid REFERENCES companies (id) ON DELETE CASCADE,
        code_hash text NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        consumed_at timestamptz,
        burned_at timestamptz
      )`);
    await q.query(`CREATE INDEX console_sign_in_codes_email ON console_sign_in_codes (email, created_at DESC)`);
    await q.query(`ALTER TABLE sessions DROP CONSTRAINT sessions_kind_check`);
    await q.query(`ALTER TABLE sessions ADD CONSTRAINT sessions_kind_check CHECK (kind IN ('buyer', 'admin', 'console'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM sessions WHERE kind = 'console'`);
    await q.query(`ALTER TABLE sessions DROP CONSTRAINT sessions_kind_check`);
    await q.query(`ALTER TABLE sessions ADD CONSTRAINT sessions_kind_check CHECK (kind IN ('buyer', 'admin'))`);
    await q.query(`DROP TABLE console_sign_in_codes`);
    await q.query(`DROP TABLE api_keys`);
  }
}
