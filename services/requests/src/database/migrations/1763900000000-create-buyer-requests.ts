import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Buyer requests and seller interest. The board is filtered by text, category and budget bucket and paged by `seq`
 * (newest first), so every filter has an index over the visible (not deleted) rows; see ADR "buyer request search".
 */
export class CreateBuyerRequests1763900000000 implements MigrationInterface {
  name = 'CreateBuyerRequests1763900000000';

  async up(q: QueryRunner): Promise<void> {
    // Extensions are per database and services share one in embedded mode: serialise their creation and use
    // whichever schema pg_trgm already lives in.
    await q.query(`SELECT pg_advisory_xact_lock(hashtext('extension:pg_trgm'))`);
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`);
    const [row] = (await q.query(
      `SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
    )) as Array<{ schema: string }>;
    const trgmOps = `"${row!.schema}".gin_trgm_ops`;

    await q.query(`
      CREATE TABLE buyer_requests (
        id uuid PRIMARY KEY,
        seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
        title text NOT NULL,
        description text NOT NULL,
        category text NOT NULL CHECK (category IN ('business-cards', 'marketing-materials', 'apparel-printing',
          'signs-banners', 'packaging', 'promotional-products', 'design-services', 'other')),
        budget text NOT NULL DEFAULT '',
        budget_min_cents bigint CHECK (budget_min_cents >= 0),
        timeline text NOT NULL DEFAULT '',
        location text NOT NULL DEFAULT '',
        buyer_id text NOT NULL,
        buyer_email text NOT NULL,
        buyer_name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      )`);
    await q.query(`CREATE INDEX buyer_requests_visible_seq ON buyer_requests (seq DESC) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX buyer_requests_visible_category ON buyer_requests (category, seq DESC) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX buyer_requests_visible_budget ON buyer_requests (budget_min_cents, seq DESC) WHERE deleted_at IS NULL`);
    // One trigram index over "title \n description": a search text never contains a line break, so a match of the
    // concatenation is a match in the title or in the description (spec §5), and ILIKE '%q%' uses the index.
    await q.query(
      `CREATE INDEX buyer_requests_visible_search ON buyer_requests USING gin ((title || E'\\n' || description) ${trgmOps}) WHERE deleted_at IS NULL`,
    );
    await q.query(`CREATE INDEX buyer_requests_buyer ON buyer_requests (buyer_email)`);

    await q.query(`
      CREATE TABLE seller_interests (
        id uuid PRIMARY KEY,
        request_id uuid NOT NULL REFERENCES buyer_requests (id),
        seller_id text NOT NULL,
        seller_business_name text NOT NULL,
        message text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT seller_interests_once UNIQUE (request_id, seller_id)
      )`);
    await q.query(`CREATE INDEX seller_interests_seller ON seller_interests (seller_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE seller_interests`);
    await q.query(`DROP TABLE buyer_requests`);
  }
}
