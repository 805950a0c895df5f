import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ADR 0047: sellers and print providers sign in to their dashboards by emailed code. The codes have the console's
 * table shape (the shared OneTimeCodes flow); the subject is the email itself, kept only when it owned a profile at
 * request time. The session kind `payee` joins the shared sessions table.
 */
export class PayeeSignIn1764100000000 implements MigrationInterface {
  name = 'PayeeSignIn1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE payee_sign_in_codes (
        id uuid PRIMARY KEY,
        email text NOT NULL,
        -- NULL when no seller or provider profile used this email: the row still throttles and counts tries.
        payee_email text,
        code_hash text NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        consumed_at timestamptz,
        burned_at timestamptz
      )`);
    await q.query(`CREATE INDEX payee_sign_in_codes_email ON payee_sign_in_codes (email, created_at DESC)`);
    // A payee session's subject is its email, not a row id: the column becomes text (uuids keep their text form).
    await q.query(`ALTER TABLE sessions ALTER COLUMN subject_id TYPE text USING subject_id::text`);
    await q.query(`ALTER TABLE sessions DROP CONSTRAINT sessions_kind_check`);
    await q.query(`ALTER TABLE sessions ADD CONSTRAINT sessions_kind_check CHECK (kind IN ('buyer', 'admin', 'console', 'payee'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM sessions WHERE kind = 'payee'`);
    await q.query(`ALTER TABLE sessions DROP CONSTRAINT sessions_kind_check`);
    await q.query(`ALTER TABLE sessions ADD CONSTRAINT sessions_kind_check CHECK (kind IN ('buyer', 'admin', 'console'))`);
    await q.query(`ALTER TABLE sessions ALTER COLUMN subject_id TYPE uuid USING subject_id::uuid`);
    await q.query(`DROP TABLE payee_sign_in_codes`);
  }
}
