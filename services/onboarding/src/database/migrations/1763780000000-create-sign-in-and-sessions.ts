import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Sign-in codes (hashed), sessions (hashed ids) for buyers and admins, admin accounts and their failed logins. */
export class CreateSignInAndSessions1763780000000 implements MigrationInterface {
  name = 'CreateSignInAndSessions1763780000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE sign_in_codes (
        id uuid PRIMARY KEY,
        email text NOT NULL,
        -- NULL for an email with no account: the row still throttles resends and counts wrong tries.
        buyer_id uuid REFERENCES buyers (id) ON DELETE CASCADE,
        code_hash text NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        consumed_at timestamptz,
        burned_at timestamptz
      )`);
    await q.query(`CREATE INDEX sign_in_codes_email ON sign_in_codes (email, created_at DESC)`);
    await q.query(`
      CREATE TABLE admins (
        id uuid PRIMARY KEY,
        email text NOT NULL UNIQUE,
        password_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        password_changed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE sessions (
        -- sha256 of the cookie value: a copy of this table cannot be replayed as cookies.
        id_hash text PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('buyer', 'admin')),
        subject_id uuid NOT NULL,
        created_at timestamptz NOT NULL,
        last_seen_at timestamptz NOT NULL,
        idle_expires_at timestamptz NOT NULL,
        absolute_expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      )`);
    await q.query(`CREATE INDEX sessions_subject ON sessions (kind, subject_id)`);
    await q.query(`
      CREATE TABLE admin_login_failures (
        id bigserial PRIMARY KEY,
        email text NOT NULL,
        ip text NOT NULL,
        failed_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX admin_login_failures_email ON admin_login_failures (email, failed_at)`);
    await q.query(`CREATE INDEX admin_login_failures_ip ON admin_login_failures (ip, failed_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE admin_login_failures`);
    await q.query(`DROP TABLE sessions`);
    await q.query(`DROP TABLE admins`);
    await q.query(`DROP TABLE sign_in_codes`);
  }
}
