// Test doubles of the notifications service's email ports, shared by its unit specs.
import type { EventEnvelope, EventName } from '@paymarket/contracts';
import type { InboxOutcome, Transaction } from '@paymarket/platform';
import type { EntityManager } from 'typeorm';
import type { EmailEntity } from '../src/email/email.entity.js';
import { EmailsRepository, type NewEmail, type RedactedEmail } from '../src/email/emails.repository.js';

export type Stored = NewEmail & { lastError: string | null };

/** Mirrors the SQL repository: case-insensitive address, the kept event's emails untouched, pending ones never sent. */
export class InMemoryEmails extends EmailsRepository {
  rows: Stored[] = [];
  async add(_tx: Transaction, email: NewEmail): Promise<void> {
    this.rows.push({ ...email, lastError: null });
  }
  async latest(): Promise<never[]> {
    return [];
  }
  async deliverPending(_limit: number, _deliver: (email: EmailEntity) => Promise<void>): Promise<number> {
    return 0;
  }
  async redactAddress(_tx: Transaction, address: string, redacted: RedactedEmail, keepEventId: string): Promise<number> {
    const hits = this.rows.filter((r) => r.to.toLowerCase() === address.toLowerCase() && r.sourceEventId !== keepEventId);
    for (const r of hits) {
      Object.assign(r, { ...redacted, html: null, lastError: null, status: r.status === 'pending' ? 'failed' : r.status });
    }
    return hits.length;
  }
}

export class FakeInbox {
  readonly seen = new Set<string>();
  readonly order: string[] = [];
  async handle<N extends EventName>(
    envelope: EventEnvelope<N>,
    consumer: string,
    effect: (tx: Transaction, envelope: EventEnvelope<N>) => Promise<void>,
  ): Promise<InboxOutcome> {
    const key = `${consumer}:${envelope.id}`;
    if (this.seen.has(key)) return 'duplicate';
    await effect({ manager: {} as EntityManager, publish: async () => ({}) as never }, envelope);
    this.seen.add(key);
    this.order.push(consumer);
    return 'processed';
  }
}
