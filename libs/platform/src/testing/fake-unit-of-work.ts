import type { EventMap, EventName, ServiceName } from '@paymarket/contracts';
import { IDEMPOTENCY_MESSAGES } from '@paymarket/contracts';
import type { EntityManager } from 'typeorm';
import { ServiceError } from '../errors/service-error.js';
import { Idempotency, type OnceOutcome } from '../idempotency/idempotency.js';
import type { Once, Transaction, UnitOfWork } from '../outbox/unit-of-work.js';

/** Something whose state a failed unit of work puts back, as a rolled-back transaction would. */
export interface Rollbackable {
  /** Takes a copy of the state; the function it answers restores it. */
  snapshot(): () => void;
}

/**
 * A unit of work for use-case tests, without a database. Like the real one: the work's events are published only when
 * it succeeds (and the `stores` given are put back when it fails), and `runOnce`/`runOnceKeeping` answer a repeated
 * Idempotency-Key with what the first run kept (as JSON) or its refusal, and another request under the key with 422.
 */
export function fakeUnitOfWork(options: { producer?: ServiceName; stores?: readonly Rollbackable[] } = {}) {
  const producer: ServiceName = options.producer ?? 'onboarding';
  const stores = options.stores ?? [];
  const published: Array<{ name: EventName; data: unknown }> = [];
  const answers = new Map<string, { hash: string; response: string; error?: ServiceError }>();
  const uow = {
    run: async <T>(work: (tx: Transaction) => Promise<T>): Promise<T> => {
      const pending: typeof published = [];
      const restores = stores.map((s) => s.snapshot());
      const tx: Transaction = {
        manager: {} as EntityManager,
        publish: async <N extends EventName>(name: N, data: EventMap[N]) => {
          pending.push({ name, data: structuredClone(data) });
          return { id: 'e1', name, data, occurredAt: '', producer, correlationId: 'c' };
        },
      };
      try {
        const result = await work(tx);
        published.push(...pending);
        return result;
      } catch (error) {
        for (const restore of restores) restore();
        throw error;
      }
    },
    runOnceKeeping: async <T, K>(once: Once, work: (tx: Transaction) => Promise<T>, keep: (result: T) => K): Promise<OnceOutcome<T, K>> => {
      if (once.key === undefined) return { ran: true, result: await uow.run(work) };
      const id = `${once.scope}|${once.key}`;
      const hash = Idempotency.hash(once.request);
      const seen = answers.get(id);
      if (seen && seen.hash !== hash) {
        const message = IDEMPOTENCY_MESSAGES.BODY_MISMATCH;
        throw new ServiceError('unprocessable', message, { 'Idempotency-Key': [message] });
      }
      if (seen?.error) throw seen.error;
      if (seen) return { ran: false, kept: JSON.parse(seen.response) as K };
      try {
        const result = await uow.run(work);
        answers.set(id, { hash, response: JSON.stringify(keep(result)) });
        return { ran: true, result };
      } catch (error) {
        if (error instanceof ServiceError) answers.set(id, { hash, response: 'null', error });
        throw error;
      }
    },
    runOnce: async <T>(once: Once, work: (tx: Transaction) => Promise<T>): Promise<T> => {
      const outcome = await uow.runOnceKeeping(once, work, (result) => result);
      return outcome.ran ? outcome.result : outcome.kept;
    },
  };
  return { uow: uow as unknown as UnitOfWork, published };
}
