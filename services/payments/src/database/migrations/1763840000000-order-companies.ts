import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ADR 0032: an order may belong to an integrator company (created with its API key). The client's order id stays
 * unique per owner: once among PayMarket's own orders (company_id IS NULL) and once within each company, so two
 * companies (or a company and PayMarket's pages) can both use "order_1" without colliding.
 */
export class OrderCompanies1763840000000 implements MigrationInterface {
  name = 'OrderCompanies1763840000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders ADD COLUMN company_id uuid`);
    await q.query(`ALTER TABLE orders DROP CONSTRAINT orders_order_id_key`);
    await q.query(`CREATE UNIQUE INDEX orders_paymarket_order_id ON orders (order_id) WHERE company_id IS NULL`);
    await q.query(`CREATE UNIQUE INDEX orders_company_order_id ON orders (company_id, order_id) WHERE company_id IS NOT NULL`);
    await q.query(`CREATE INDEX orders_company_created ON orders (company_id, created_at DESC) WHERE company_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX orders_company_created`);
    await q.query(`DROP INDEX orders_company_order_id`);
    await q.query(`DROP INDEX orders_paymarket_order_id`);
    // Only reversible while no two owners share an order id.
    await q.query(`ALTER TABLE orders ADD CONSTRAINT orders_order_id_key UNIQUE (order_id)`);
    await q.query(`ALTER TABLE orders DROP COLUMN company_id`);
  }
}
