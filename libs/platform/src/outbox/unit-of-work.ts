import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import type { EventEnvelope, EventMap, EventName, ServiceName } from '@paymarket/contracts';
import { currentCorrelationId } from '../logging/request-context.js';
import { currentTraceCarrier } from '../tracing/tracing.js';
import { OutboxEntity } from './outbox.entity.js';

/** A running transaction: repositories write through `manager`; `publish` records an event in the same commit. */
export interface Transaction {
  readonly manager: EntityManager;
  publish<N extends EventName>(name: N, data: EventMap[N]): Promise<EventEnvelope<N>>;
}

export async function writeToOutbox<N extends EventName>(
  manager: EntityManager,
  producer: ServiceName,
  name: N,
  data: EventMap[N],
): Promise<EventEnvelope<N>> {
  const envelope: EventEnvelope<N> = {
    id: randomUUID(),
    name,
    occurredAt: new Date().toISOString(),
    producer,
    correlationId: currentCorrelationId(),
    data,
  };
  await manager.getRepository(OutboxEntity).insert({
    id: envelope.id,
    name,
    producer,
    payload: data,
    correlationId: envelope.correlationId,
    occurredAt: new Date(envelope.occurredAt),
    sentAt: null,
    // The relay publishes the event in the trace that caused it (null when tracing is off).
    traceContext: currentTraceCarrier() ?? null,
  });
  return envelope;
}

/**
 * The transactional-outbox boundary: the state change and its events commit together or not at all; once
 * committed the relay is nudged so events leave within milliseconds instead of at the next poll.
 */
export class UnitOfWork {
  constructor(
    private readonly dataSource: DataSource,
    private readonly producer: ServiceName,
    private readonly afterCommit: () => void = () => undefined,
  ) {}

  async run<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    let published = false;
    const result = await this.dataSource.transaction(async (manager) =>
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
