import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'outbox' })
export class OutboxEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column({ type: 'bigint', insert: false, update: false })
  seq!: string;

  @Column('text')
  name!: string;

  @Column('text')
  producer!: string;

  @Column('jsonb')
  payload!: unknown;

  @Column('text', { name: 'correlation_id' })
  correlationId!: string;

  @Column('timestamptz', { name: 'occurred_at' })
  occurredAt!: Date;

  @Column('timestamptz', { name: 'sent_at', nullable: true })
  sentAt!: Date | null;

  @Column('integer', { default: 0 })
  attempts!: number;

  /** W3C trace context (traceparent, tracestate) of the work that wrote the row; null without tracing. */
  @Column('jsonb', { name: 'trace_context', nullable: true })
  traceContext!: Record<string, string> | null;
}
