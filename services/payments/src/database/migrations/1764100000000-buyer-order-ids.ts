import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 12 (docs/security.md): a signed-in buyer's order id is unique per buyer, no longer among all of PayMarket's
 * own orders, so a 409 never tells buyer B that buyer A used an id. Guest orders (no account, no company) keep one
 * namespace of their own: a guest has no identity to scope by. Integrator orders stay unique per company (ADR 0032).
 */
export class BuyerOrderIds1764100000000 implements MigrationInterface {
  name = 'BuyerOrderIds1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE UNIQUE INDEX orders_buyer_order_id ON orders (buyer_id, order_id) WHERE company_id IS NULL AND buyer_id IS NOT NULL`,
    );
    await q.query(`CREATE UNIQUE INDEX orders_guest_order_id ON orders (order_id) WHERE company_id IS NULL AND buyer_id IS NULL`);
    await q.query(`DROP INDEX orders_paymarket_order_id`);
  }

  async down(q: QueryRunner): Promise<void> {
    // Fails if two buyers now share an order id, as it must: the old global index cannot hold them.
    await q.query(`CREATE UNIQUE INDEX orders_paymarket_order_id ON orders (order_id) WHERE company_id IS NULL`);
    await q.query(`DROP INDEX orders_guest_order_id`);
    await q.query(`DROP INDEX orders_buyer_order_id`);
  }
}
