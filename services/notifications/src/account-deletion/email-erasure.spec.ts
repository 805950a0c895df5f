import { describe, expect, it } from '@jest/globals';
import { erasedBuyerEmail, type EventEnvelope, type EventName } from '@paymarket/contracts';
import type { Inbox, InboxOutcome, Transaction } from '@paymarket/platform';
import type { EntityManager } from 'typeorm';
import type { EmailDeliveryWorker } from '../email/email-delivery.worker.js';
import type { EmailEntity } from '../email/email.entity.js';
import { EmailsRepository, type NewEmail, type RedactedEmail } from '../email/emails.repository.js';
import { MailboxOnlyMailer } from '../email/mailer.js';
import { AccountDeletionEmailsHandler } from './account-deletion-emails.handler.js';
import { REDACTED_EMAIL_SUBJECT, redactedEmailFor } from './email-erasure.js';

type Stored = NewEmail & { lastError: string | null };

/** Mirrors the SQL repository: case-insensitive address, the kept event's emails untouched, pending ones never sent. */
class InMemoryEmails extends EmailsRepository {
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

class FakeInbox {
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

const EVENT_ID = '22222222-2222-4222-8222-222222222222';
const deleted: EventEnvelope<'account.deletion_requested'> = {
  id: EVENT_ID,
  name: 'account.deletion_requested',
  occurredAt: '2030-01-01T10:00:00Z',
  producer: 'onboarding',
  correlationId: 'c',
  data: { requestId: 'q', buyerId: 'b-ada', email: 'ada@example.com', requestedAt: '', confirmedAt: '' },
};

function email(id: string, to: string, subject: string, status: NewEmail['status'] = 'stored'): Stored {
  return { id, to, subject, text: `Hi, ${to}`, html: '<p>Hi</p>', status, sourceEventId: null, lastError: null };
}

function setup() {
  const emails = new InMemoryEmails();
  emails.rows.push(
    email('m1', 'ada@example.com', 'Your PayMarket sign-in code: 123456'),
    email('m2', 'Ada@Example.com', 'Confirm the deletion of your PayMarket account', 'pending'),
    email('m3', 'eve@example.com', 'Welcome to PayMarket'),
  );
  const inbox = new FakeInbox();
  const delivery = { kick: () => undefined } as unknown as EmailDeliveryWorker;
  const handler = new AccountDeletionEmailsHandler(inbox as unknown as Inbox, emails, new MailboxOnlyMailer(), delivery);
  return { emails, inbox, handler };
}

describe('erasing the emails of a deleted account', () => {
  it('replaces recipient, subject and body with the tombstone and a fixed subject', () => {
    expect(redactedEmailFor(deleted.data)).toEqual({ to: erasedBuyerEmail('b-ada'), subject: REDACTED_EMAIL_SUBJECT, text: '' });
  });

  it('sends the final email first, then redacts every older email to the address and never the final one', async () => {
    const { emails, inbox, handler } = setup();

    await handler.onDeleted(deleted);

    expect(inbox.order).toEqual(['account-deleted-email', 'account-deleted-email-erasure']);
    const [m1, m2, m3, final] = emails.rows;
    expect(m1).toMatchObject({ to: 'deleted-b-ada@deleted.invalid', subject: REDACTED_EMAIL_SUBJECT, text: '', html: null });
    // A message not yet delivered must not go out any more.
    expect(m2).toMatchObject({ to: 'deleted-b-ada@deleted.invalid', status: 'failed' });
    expect(m3).toMatchObject({ to: 'eve@example.com', subject: 'Welcome to PayMarket' });
    expect(final).toMatchObject({ to: 'ada@example.com', subject: 'Your PayMarket account has been deleted', sourceEventId: EVENT_ID });
  });

  it('changes nothing more when the event is delivered again', async () => {
    const { emails, handler } = setup();
    await handler.onDeleted(deleted);
    const after = structuredClone(emails.rows);

    await handler.onDeleted(deleted);

    expect(emails.rows).toEqual(after);
  });
});
