import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import type { EventEnvelope, EventMap, EventName, ServiceName } from '@paymarket/contracts';
import { Idempotency, type OnceOutcome } from '../idempotency/idempotency.js';
import { currentCorrelationId } from '../logging/request-context.js';
import { currentTraceCarrier } from '../tracing/tracing.js';
import { OutboxEntity } from './outbox.entity.js';

/** A running transaction: repositories write through `manager`; `publish` records an event in the same commit. */
export interface Transaction {
  readonly manager: EntityManager;
  publish<N extends EventName>(name: N, data: EventMap[N]): Promise<EventEnvelope<N>>;
}

/**
 * Records an event in the transaction of `manager`. `options.id` gives the event a stable id (e.g. derived from the
 * Stripe object that caused it, ADR 0069) instead of a random one, so the same fact written again after a database
 * restore reaches consumers, and integrators' `webhook-id`, under the id it had the first time. A row already holding
 * that id is kept as it is.
 */
export async function writeToOutbox<N extends EventName>(
  manager: EntityManager,
  producer: ServiceName,
  name: N,
  data: EventMap[N],
  options: { id?: string } = {},
): Promise<EventEnvelope<N>> {
  const envelope: EventEnvelope<N> = {
    id: options.id ?? randomUUID(),
    name,
    occurredAt: new Date().toISOString(),
    producer,
    correlationId: currentCorrelationId(),
    data,
  };
  await manager
    .createQueryBuilder()
    .insert()
    .into(OutboxEntity)
    .values({
      id: envelope.id,
      name,
      producer,
      payload: data,
      correlationId: envelope.correlationId,
      occurredAt: new Date(envelope.occurredAt),
      sentAt: null,
      // The relay publishes the event in the trace that caused it (null when tracing is off).
      traceContext: currentTraceCarrier() ?? null,
    })
    .orIgnore(options.id !== undefined)
    .execute();
  return envelope;
}

/** What makes a write run once: the caller's `Idempotency-Key` (none: run every time), within `scope`, for `request`. */
export interface Once {
  /** Who the key belongs to and what it creates, e.g. `board-posts:<buyer id>`: keys never collide across callers. */
  scope: string;
  key: string | undefined;
  /** The request as the caller sent it; a repeat with another request is refused (422). */
  request: unknown;
}

/**
 * The transactional-outbox boundary: the state change and its events commit together or not at all; once
 * committed the relay is nudged so events leave within milliseconds instead of at the next poll.
 */
export class UnitOfWork {
  private readonly idempotency: Idempotency;

  constructor(
    private readonly dataSource: DataSource,
    private readonly producer: ServiceName,
    private readonly afterCommit: () => void = () => undefined,
  ) {
    this.idempotency = new Idempotency(dataSource);
  }

  async run<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.commit((inTransaction) => this.dataSource.transaction(inTransaction), work);
  }

  /**
   * `run`, at most once per Idempotency-Key (ADR 0012, ADR 0050): a repeat of the same request answers what the first
   * answered (or the same refusal) without running `work` or publishing again, so a retry after a lost answer creates
   * nothing twice. The stored answer is the work's result: leave secrets out of it (`runOnceKeeping`).
   */
  async runOnce<T>(once: Once, work: (tx: Transaction) => Promise<T>): Promise<T> {
    const outcome = await this.runOnceKeeping(once, work, (result) => result);
    return outcome.ran ? outcome.result : outcome.kept;
  }

  /**
   * `runOnce`, storing only `keep(result)` for a repeat and saying whether this call ran the work: a result that holds
   * a secret (shown once) keeps the rest, and the caller answers a repeat from that.
   */
  async runOnceKeeping<T, K>(once: Once, work: (tx: Transaction) => Promise<T>, keep: (result: T) => K): Promise<OnceOutcome<T, K>> {
    return this.commit((inTransaction) => this.idempotency.runKeeping(once.scope, once.key, once.request, inTransaction, keep), work);
  }

  private async commit<T, R>(
    transaction: (inTransaction: (manager: EntityManager) => Promise<T>) => Promise<R>,
    work: (tx: Transaction) => Promise<T>,
  ): Promise<R> {
    let published = false;
    const result = await transaction((manager) =>
      work({
        manager,
        publish: async (name, data) => {
          published = true;
          return writeToOutbox(manager, this.producer, name, data);
        },
      }),
    );
    if (published) this.afterCommit();
    return result;
  }
}
