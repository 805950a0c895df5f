import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ADR 0072: administrators sign in with a password and a second factor. A session records when its second factor
 * was verified (NULL: half-signed-in, refused by every admin route); the TOTP secret is kept encrypted, the recovery
 * codes hashed; passkeys keep their public key and signature counter; wrong codes are counted for the throttle.
 */
export class AdminSecondFactor1764400000000 implements MigrationInterface {
  name = 'AdminSecondFactor1764400000000';

  async up(q: QueryRunner): Promise<void> {
    // Sessions live before this migration become half-signed-in: their administrators sign in again with a factor.
    await q.query(`ALTER TABLE sessions ADD COLUMN factor_verified_at timestamptz`);
    await q.query(`
      CREATE TABLE admin_totp (
        admin_id uuid PRIMARY KEY REFERENCES admins (id) ON DELETE CASCADE,
        -- AES-256-GCM under ADMIN_FACTOR_KEYS, bound to the admin id: v1:keyId:iv:tag:ciphertext.
        secret_encrypted text NOT NULL,
        -- A secret being enrolled waits here until a code from it is confirmed; the confirmed one keeps working meanwhile.
        pending_secret_encrypted text,
        confirmed_at timestamptz,
        -- The last 30-second step whose code was accepted: a code of this step or an earlier one is a replay.
        last_used_step bigint,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE admin_recovery_codes (
        admin_id uuid NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
        -- sha256 of the normalised code: 60 random bits each, so a fast hash is enough.
        code_hash text NOT NULL,
        created_at timestamptz NOT NULL,
        used_at timestamptz,
        PRIMARY KEY (admin_id, code_hash)
      )`);
    await q.query(`
      CREATE TABLE admin_passkeys (
        -- The credential id (base64url), as the authenticator names it.
        id text PRIMARY KEY,
        admin_id uuid NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
        public_key bytea NOT NULL,
        counter bigint NOT NULL DEFAULT 0,
        transports text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL,
        last_used_at timestamptz
      )`);
    await q.query(`CREATE INDEX admin_passkeys_admin ON admin_passkeys (admin_id)`);
    await q.query(`
      CREATE TABLE admin_webauthn_challenges (
        admin_id uuid NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
        purpose text NOT NULL CHECK (purpose IN ('register', 'authenticate')),
        challenge text NOT NULL,
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (admin_id, purpose)
      )`);
    await q.query(`
      CREATE TABLE admin_factor_failures (
        id bigserial PRIMARY KEY,
        admin_id uuid NOT NULL,
        ip text NOT NULL,
        failed_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX admin_factor_failures_admin ON admin_factor_failures (admin_id, failed_at)`);
    await q.query(`CREATE INDEX admin_factor_failures_ip ON admin_factor_failures (ip, failed_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE admin_factor_failures`);
    await q.query(`DROP TABLE admin_webauthn_challenges`);
    await q.query(`DROP TABLE admin_passkeys`);
    await q.query(`DROP TABLE admin_recovery_codes`);
    await q.query(`DROP TABLE admin_totp`);
    await q.query(`ALTER TABLE sessions DROP COLUMN factor_verified_at`);
  }
}
