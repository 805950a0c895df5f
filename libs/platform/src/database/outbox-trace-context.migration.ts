import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The W3C trace context (`traceparent`, `tracestate`) active when an event was written to the outbox, so the relay
 * publishes it in the trace that caused it (ADR 0042). Null when tracing is off or there was no trace.
 */
export class OutboxTraceContext1764060000000 implements MigrationInterface {
  name = 'OutboxTraceContext1764060000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox ADD COLUMN trace_context jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox DROP COLUMN trace_context`);
  }
}
