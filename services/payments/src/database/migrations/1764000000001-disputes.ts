import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Card disputes (ADR 0045) and the ledger entry kinds that move the disputed amount. */
export class Disputes1764000000001 implements MigrationInterface {
  name = 'Disputes1764000000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE disputes (
        id uuid PRIMARY KEY,
        stripe_dispute_id text NOT NULL UNIQUE,
        order_id uuid NOT NULL REFERENCES orders(id),
        charge_id text NOT NULL,
        amount_minor bigint NOT NULL CHECK (amount_minor > 0),
        currency text NOT NULL,
        reason text NOT NULL,
        status text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        closed_at timestamptz
      )`);
    await q.query(`CREATE INDEX disputes_order ON disputes (order_id)`);
    await q.query(`ALTER TABLE ledger_entries DROP CONSTRAINT IF EXISTS ledger_entries_kind_check`);
    await q.query(
      `ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_kind_check
         CHECK (kind IN ('charge', 'transfer', 'transfer_reversal', 'refund', 'dispute', 'dispute_won', 'dispute_lost'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE disputes`);
    await q.query(`ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_kind_check`);
    await q.query(
      `ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_kind_check CHECK (kind IN ('charge', 'transfer', 'transfer_reversal', 'refund'))`,
    );
  }
}
