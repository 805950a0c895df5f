import type { DataSource } from 'typeorm';
import { SECRET_PAYLOAD_FIELDS, type EventEnvelope, type EventName, type ServiceName } from '@paymarket/contracts';
import { createLogger } from '../logging/logger.js';
import { runWithCorrelationId } from '../logging/request-context.js';
import { OutboxEntity } from './outbox.entity.js';
import { context as otelContext, ROOT_CONTEXT } from '@opentelemetry/api';
import { traceEventPublish } from '../tracing/tracing.js';
import { paymarketMetrics } from '../metrics/metrics.js';

/** Publishes one event; `headers` (the W3C trace context of the publish) go with the message when tracing is on. */
export type EventSink = (envelope: EventEnvelope, headers?: Record<string, string>) => Promise<void>;

export interface OutboxRelayOptions {
  pollIntervalMs?: number;
  batchSize?: number;
  maxBackoffMs?: number;
}

const log = createLogger('outbox-relay');

/**
 * Publishes committed outbox rows with broker confirms and marks them sent. Rows are claimed with
 * FOR UPDATE SKIP LOCKED so replicas share the work without sending a row twice; a failed publish rolls the
 * claim back and the row is retried with backoff. Delivery is at-least-once; consumers dedupe by event id.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  /** No scheduled drains (before start and after stop). */
  private stopped = true;
  /** Set by stop(): a drain in progress finishes its batch and returns. */
  private stopRequested = false;
  private failures = 0;
  private readonly pollIntervalMs: number;
  private readonly batchSize: number;
  private readonly maxBackoffMs: number;

  constructor(
    private readonly dataSource: DataSource,
    private readonly producer: ServiceName,
    private readonly sink: EventSink,
    options: OutboxRelayOptions = {},
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? 500;
    this.batchSize = options.batchSize ?? 100;
    this.maxBackoffMs = options.maxBackoffMs ?? 10_000;
  }

  start(): void {
    this.stopped = false;
    this.stopRequested = false;
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopRequested = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Ask for a drain now (after a commit); coalesces with one already running. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    // Drains run outside the trace of whichever commit kicked them; each row's publish continues its own trace.
    this.running = otelContext
      .with(ROOT_CONTEXT, () => this.drain())
      .then(() => undefined)
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.kick();
          return;
        }
        const delay = this.failures === 0 ? this.pollIntervalMs : Math.min(this.maxBackoffMs, 250 * 2 ** this.failures);
        this.timer = setTimeout(() => this.kick(), delay);
        this.timer.unref();
      });
  }

  /** Publishes everything pending; returns how many events were sent. */
  async drain(): Promise<number> {
    let total = 0;
    try {
      for (;;) {
        const sent = await this.publishBatch();
        total += sent;
        if (sent < this.batchSize || this.stopRequested) break;
      }
      this.failures = 0;
    } catch (err) {
      this.failures++;
      log.warn({ err, failures: this.failures }, 'outbox publish failed; will retry');
    }
    return total;
  }

  private async publishBatch(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const rows = await manager
        .getRepository(OutboxEntity)
        .createQueryBuilder('o')
        .where('o.sent_at IS NULL')
        .orderBy('o.seq', 'ASC')
        .limit(this.batchSize)
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked')
        .getMany();
      if (rows.length === 0) return 0;
      await Promise.all(
        rows.map((row) =>
          runWithCorrelationId(row.correlationId, () =>
            traceEventPublish(row.name, row.id, row.traceContext, (headers) =>
              this.sink(
                {
                  id: row.id,
                  name: row.name as EventName,
                  occurredAt: row.occurredAt.toISOString(),
                  producer: this.producer,
                  correlationId: row.correlationId,
                  data: row.payload as EventEnvelope['data'],
                },
                headers,
              ),
            ),
          ),
        ),
      );
      for (const row of rows) paymarketMetrics.messagesPublished.inc({ service: this.producer, routing_key: row.name });
      await manager
        .getRepository(OutboxEntity)
        .createQueryBuilder()
        .update()
        .set({ sentAt: () => 'now()', attempts: () => 'attempts + 1' })
        .whereInIds(rows.map((r) => r.id))
        .execute();
      // Once published, the outbox row is only a record: secrets it carried to their consumer (sign-in codes,
      // one-time links) are removed from it, so a copy of the table cannot be used to sign in or confirm anything.
      for (const row of rows) {
        const fields = SECRET_PAYLOAD_FIELDS[row.name as EventName];
        if (fields?.length) {
          await manager.query(`UPDATE outbox SET payload = payload - $2::text[] WHERE id = $1`, [row.id, fields]);
        }
      }
      return rows.length;
    });
  }

  async pendingCount(): Promise<number> {
    return this.dataSource.getRepository(OutboxEntity).createQueryBuilder('o').where('o.sent_at IS NULL').getCount();
  }
}
