import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The board's stats (total and per category, visible requests only) are read on every page load. Counting 100,000
 * rows each time costs tens of milliseconds, so the counts are kept exact in a small table by statement-level
 * triggers: every writer (the service, a bulk import, a data fix) keeps them right, in the same transaction.
 * Rows are upserted in category order so concurrent writers lock them in the same order (no deadlock). The functions
 * pin the service schema (SET search_path FROM CURRENT), so a writer with another search_path counts correctly too.
 */
export class CategoryCounts1763900000001 implements MigrationInterface {
  name = 'CategoryCounts1763900000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE request_category_counts (category text PRIMARY KEY, visible bigint NOT NULL)`);
    await q.query(`
      CREATE FUNCTION request_category_counts_apply() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN
        INSERT INTO request_category_counts AS c (category, visible)
        SELECT category, sum(delta) FROM (
          SELECT category, 1 AS delta FROM new_rows WHERE deleted_at IS NULL
          UNION ALL
          SELECT category, -1 AS delta FROM old_rows WHERE deleted_at IS NULL
        ) d
        GROUP BY category HAVING sum(delta) <> 0 ORDER BY category
        ON CONFLICT (category) DO UPDATE SET visible = c.visible + EXCLUDED.visible;
        RETURN NULL;
      END $$`);
    // No CHECK (visible >= 0) on the table: PostgreSQL checks the proposed row of an upsert before ON CONFLICT, so a
    // decrement (a negative proposed row) would fail.
    // Transition tables: an INSERT has no old rows and a DELETE no new ones, so each gets an empty stand-in.
    await q.query(`
      CREATE FUNCTION request_category_counts_on_insert() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN
        INSERT INTO request_category_counts AS c (category, visible)
        SELECT category, count(*) FROM new_rows WHERE deleted_at IS NULL GROUP BY category ORDER BY category
        ON CONFLICT (category) DO UPDATE SET visible = c.visible + EXCLUDED.visible;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE FUNCTION request_category_counts_on_delete() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN
        UPDATE request_category_counts c SET visible = c.visible - d.n
          FROM (SELECT category, count(*) AS n FROM old_rows WHERE deleted_at IS NULL GROUP BY category ORDER BY category) d
         WHERE c.category = d.category;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER buyer_requests_count_insert AFTER INSERT ON buyer_requests REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION request_category_counts_on_insert()`);
    await q.query(`CREATE TRIGGER buyer_requests_count_update AFTER UPDATE ON buyer_requests
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION request_category_counts_apply()`);
    await q.query(`CREATE TRIGGER buyer_requests_count_delete AFTER DELETE ON buyer_requests REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION request_category_counts_on_delete()`);
    await q.query(`
      INSERT INTO request_category_counts (category, visible)
      SELECT category, count(*) FROM buyer_requests WHERE deleted_at IS NULL GROUP BY category`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER buyer_requests_count_delete ON buyer_requests`);
    await q.query(`DROP TRIGGER buyer_requests_count_update ON buyer_requests`);
    await q.query(`DROP TRIGGER buyer_requests_count_insert ON buyer_requests`);
    await q.query(
      `DROP FUNCTION request_category_counts_on_delete(), request_category_counts_on_insert(), request_category_counts_apply()`,
    );
    await q.query(`DROP TABLE request_category_counts`);
  }
}
