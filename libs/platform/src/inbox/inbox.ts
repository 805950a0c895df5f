import type { DataSource } from 'typeorm';
import type { EventEnvelope, EventName, ServiceName } from '@paymarket/contracts';
import { writeToOutbox, type Transaction } from '../outbox/unit-of-work.js';
import { paymarketMetrics } from '../metrics/metrics.js';

export type InboxOutcome = 'processed' | 'duplicate';

/**
 * Exactly-once effects over at-least-once delivery: the event id is recorded in the same transaction as the
 * effect, so a redelivered event (broker retry, relay resend, replica race) finds its id and does nothing.
 */
export class Inbox {
  constructor(
    private readonly dataSource: DataSource,
    private readonly service: ServiceName,
    private readonly afterCommit: () => void = () => undefined,
  ) {}

  async handle<N extends EventName>(
    envelope: EventEnvelope<N>,
    consumer: string,
    effect: (tx: Transaction, envelope: EventEnvelope<N>) => Promise<void>,
  ): Promise<InboxOutcome> {
    let published = false;
    const outcome = await this.dataSource.transaction(async (manager) => {
      // A concurrent duplicate blocks on the primary key until the first commits, then inserts nothing.
      const inserted = (await manager.query(
        `INSERT INTO inbox (event_id, consumer, event_name) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING event_id`,
        [envelope.id, consumer, envelope.name],
      )) as unknown[];
      // PAYMARKET_UNSAFE_NO_INBOX_DEDUPE=1 breaks exactly-once on purpose, only to show that the fault tier
      // (`npm run test:faults`) catches a duplicate effect; never set it anywhere else.
      if (inserted.length === 0 && process.env.PAYMARKET_UNSAFE_NO_INBOX_DEDUPE !== '1') return 'duplicate' as const;
      await effect(
        {
          manager,
          publish: async (name, data) => {
            published = true;
            return writeToOutbox(manager, this.service, name, data);
          },
        },
        envelope,
      );
      return 'processed' as const;
    });
    if (published) this.afterCommit();
    paymarketMetrics.inboxMessages.inc({ service: this.service, consumer, outcome });
    return outcome;
  }
}
