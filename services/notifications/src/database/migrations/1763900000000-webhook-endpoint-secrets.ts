import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each webhook endpoint signs with its own secret, stored encrypted (ADR 0036), with the previous one kept during a
 * roll's overlap. Endpoints registered before this get a secret the first time one is needed (revealed or signed).
 */
export class WebhookEndpointSecrets1763900000000 implements MigrationInterface {
  name = 'WebhookEndpointSecrets1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE webhook_endpoints
        ADD COLUMN secret_ciphertext text,
        ADD COLUMN previous_secret_ciphertext text,
        ADD COLUMN previous_secret_expires_at timestamptz,
        ADD COLUMN description text,
        ADD COLUMN disabled_reason text CHECK (disabled_reason IN ('manual', 'failing')),
        ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE webhook_endpoints
        DROP COLUMN secret_ciphertext, DROP COLUMN previous_secret_ciphertext, DROP COLUMN previous_secret_expires_at,
        DROP COLUMN description, DROP COLUMN disabled_reason, DROP COLUMN updated_at`);
  }
}
