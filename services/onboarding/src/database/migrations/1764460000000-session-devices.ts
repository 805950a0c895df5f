import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ADR 0074: sessions that can be ended. A session gets a public id (the API names it; the token's hash never leaves
 * onboarding) and remembers where it was started: the user agent (capped), a readable device label made from it,
 * and the client IP the gateway saw. Sessions started before this migration show as an unknown device.
 */
export class SessionDevices1764460000000 implements MigrationInterface {
  name = 'SessionDevices1764460000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sessions ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid()`);
    await q.query(`ALTER TABLE sessions ADD CONSTRAINT sessions_id_unique UNIQUE (id)`);
    await q.query(`ALTER TABLE sessions ADD COLUMN user_agent text`);
    await q.query(`ALTER TABLE sessions ADD COLUMN device text`);
    await q.query(`ALTER TABLE sessions ADD COLUMN ip text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sessions DROP COLUMN ip`);
    await q.query(`ALTER TABLE sessions DROP COLUMN device`);
    await q.query(`ALTER TABLE sessions DROP COLUMN user_agent`);
    await q.query(`ALTER TABLE sessions DROP CONSTRAINT sessions_id_unique`);
    await q.query(`ALTER TABLE sessions DROP COLUMN id`);
  }
}
