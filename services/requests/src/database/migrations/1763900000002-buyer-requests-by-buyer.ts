import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A confirmed account deletion finds every request of the buyer (ADR 0029): by index, not a scan of the board. */
export class BuyerRequestsByBuyer1763900000002 implements MigrationInterface {
  name = 'BuyerRequestsByBuyer1763900000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX buyer_requests_buyer_id_idx ON buyer_requests (buyer_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX buyer_requests_buyer_id_idx`);
  }
}
