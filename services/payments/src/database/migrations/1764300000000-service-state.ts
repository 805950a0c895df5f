import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ADR 0069: what payments knows of its own database across restarts. `database_identity` is the PostgreSQL system
 * identifier and WAL timeline the service last ran on (a point-in-time restore or a failover starts a new timeline);
 * `reconcile_since` is a reconciliation with Stripe still owed after a restore, kept until one finishes.
 */
export class ServiceState1764300000000 implements MigrationInterface {
  name = 'ServiceState1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE service_state (
        key text PRIMARY KEY,
        value text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE service_state`);
  }
}
