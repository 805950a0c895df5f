import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The W3C trace context (`traceparent`, `tracestate`) of the event a webhook delivery came from, so each attempt's
 * POST is a span in the trace that caused it (ADR 0042). Null when tracing is off.
 */
export class WebhookDeliveryTraceContext1764060000000 implements MigrationInterface {
  name = 'WebhookDeliveryTraceContext1764060000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE webhook_deliveries ADD COLUMN trace_context jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE webhook_deliveries DROP COLUMN trace_context`);
  }
}
