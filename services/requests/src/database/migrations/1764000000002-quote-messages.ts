import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Questions a buyer asks about a quote and the seller's answers (ADR 0045). */
export class QuoteMessages1764000000002 implements MigrationInterface {
  name = 'QuoteMessages1764000000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE quote_messages (
        id uuid PRIMARY KEY,
        quote_id uuid NOT NULL REFERENCES quotes (id),
        author text NOT NULL CHECK (author IN ('buyer', 'seller')),
        message text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX quote_messages_quote ON quote_messages (quote_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE quote_messages`);
  }
}
