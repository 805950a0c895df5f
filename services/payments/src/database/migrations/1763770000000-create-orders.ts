import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateOrders1763770000000 implements MigrationInterface {
  name = 'CreateOrders1763770000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE orders (
        id uuid PRIMARY KEY,
        order_id text NOT NULL UNIQUE,
        kind text NOT NULL CHECK (kind IN ('order', 'direct')),
        buyer_id uuid,
        buyer_email text,
        buyer_name text,
        description text,
        currency text NOT NULL CHECK (currency IN ('usd', 'cad')),
        amount_minor bigint NOT NULL CHECK (amount_minor > 0),
        fee_minor bigint NOT NULL CHECK (fee_minor >= 0),
        total_minor bigint NOT NULL CHECK (total_minor = amount_minor + fee_minor),
        refunded_minor bigint NOT NULL DEFAULT 0 CHECK (refunded_minor >= 0 AND refunded_minor <= total_minor),
        recipient_ref text NOT NULL,
        split jsonb NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'processing', 'completed', 'failed', 'refunded', 'partially_refunded')),
        payment_intent_id text UNIQUE,
        latest_charge_id text,
        failure_message text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX orders_buyer ON orders (buyer_id, created_at DESC)`);
    await q.query(`CREATE INDEX orders_created ON orders (created_at DESC)`);
    await q.query(`
      CREATE TABLE transfers (
        id uuid PRIMARY KEY,
        order_id uuid NOT NULL REFERENCES orders(id),
        party text NOT NULL CHECK (party IN ('seller', 'provider')),
        destination text NOT NULL,
        amount_minor bigint NOT NULL CHECK (amount_minor > 0),
        reversed_minor bigint NOT NULL DEFAULT 0 CHECK (reversed_minor >= 0 AND reversed_minor <= amount_minor),
        stripe_transfer_id text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (order_id, party)
      )`);
    await q.query(`
      CREATE TABLE refunds (
        id uuid PRIMARY KEY,
        order_id uuid NOT NULL REFERENCES orders(id),
        amount_minor bigint NOT NULL CHECK (amount_minor > 0),
        allocation jsonb NOT NULL,
        reason text,
        state text NOT NULL CHECK (state IN ('pending', 'done')),
        stripe_refund_id text UNIQUE,
        requested_by text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One refund in flight per order: a retry resumes it instead of starting a second one.
    await q.query(`CREATE UNIQUE INDEX refunds_one_pending ON refunds (order_id) WHERE state = 'pending'`);
    await q.query(`
      CREATE TABLE ledger_entries (
        id uuid PRIMARY KEY,
        order_id uuid NOT NULL REFERENCES orders(id),
        kind text NOT NULL CHECK (kind IN ('charge', 'transfer', 'transfer_reversal', 'refund')),
        source text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (kind, source)
      )`);
    await q.query(`
      CREATE TABLE ledger_postings (
        entry_id uuid NOT NULL REFERENCES ledger_entries(id),
        account text NOT NULL,
        amount_minor bigint NOT NULL,
        PRIMARY KEY (entry_id, account)
      )`);
    await q.query(`
      CREATE TABLE stripe_events (
        id text PRIMARY KEY,
        type text NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['stripe_events', 'ledger_postings', 'ledger_entries', 'refunds', 'transfers', 'orders'])
      await q.query(`DROP TABLE ${table}`);
  }
}
