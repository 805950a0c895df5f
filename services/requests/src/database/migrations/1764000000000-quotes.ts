import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Quotes on buyer requests (ADR 0045). A request is `open` until a quote on it is paid (`fulfilled`); a seller has at
 * most one live quote (sent or accepted) per request, and a request at most one accepted or paid quote.
 */
export class Quotes1764000000000 implements MigrationInterface {
  name = 'Quotes1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE buyer_requests ADD COLUMN status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'fulfilled')),
         ADD COLUMN fulfilled_at timestamptz`,
    );
    await q.query(`
      CREATE TABLE quotes (
        id uuid PRIMARY KEY,
        request_id uuid NOT NULL REFERENCES buyer_requests (id),
        seller_id text NOT NULL,
        seller_business_name text NOT NULL,
        seller_email text NOT NULL,
        amount_minor bigint NOT NULL CHECK (amount_minor > 0),
        currency text NOT NULL CHECK (currency IN ('usd', 'cad')),
        included text NOT NULL,
        delivery_date date NOT NULL,
        provider_stripe_account_id text,
        provider_amount_minor bigint CHECK (provider_amount_minor > 0 AND provider_amount_minor < amount_minor),
        status text NOT NULL DEFAULT 'sent' CHECK (status IN ('sent', 'accepted', 'declined', 'paid', 'closed')),
        order_id text UNIQUE,
        decline_reason text,
        created_at timestamptz NOT NULL DEFAULT now(),
        decided_at timestamptz,
        CHECK ((provider_stripe_account_id IS NULL) = (provider_amount_minor IS NULL))
      )`);
    await q.query(`CREATE INDEX quotes_request ON quotes (request_id, created_at)`);
    await q.query(`CREATE INDEX quotes_seller ON quotes (seller_id)`);
    await q.query(`CREATE UNIQUE INDEX quotes_live_per_seller ON quotes (request_id, seller_id) WHERE status IN ('sent', 'accepted')`);
    await q.query(`CREATE UNIQUE INDEX quotes_one_chosen ON quotes (request_id) WHERE status IN ('accepted', 'paid')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE quotes`);
    await q.query(`ALTER TABLE buyer_requests DROP COLUMN status, DROP COLUMN fulfilled_at`);
  }
}
