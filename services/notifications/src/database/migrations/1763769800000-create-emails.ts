import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateEmails1763769800000 implements MigrationInterface {
  name = 'CreateEmails1763769800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE emails (
        id uuid PRIMARY KEY,
        to_address text NOT NULL,
        subject text NOT NULL,
        text text NOT NULL,
        html text,
        status text NOT NULL CHECK (status IN ('stored', 'pending', 'sent', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        last_error text,
        source_event_id uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz
      )`);
    await q.query(`CREATE INDEX emails_pending ON emails (created_at) WHERE status = 'pending'`);
    await q.query(`CREATE INDEX emails_created ON emails (created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE emails`);
  }
}
