import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateBuyers1763769700000 implements MigrationInterface {
  name = 'CreateBuyers1763769700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE buyers (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        email text NOT NULL UNIQUE,
        company text,
        business_type text,
        expected_volume text,
        requirements text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE buyers`);
  }
}
