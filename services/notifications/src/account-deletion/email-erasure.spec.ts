import { describe, expect, it } from '@jest/globals';
import { erasedBuyerEmail, type EventEnvelope } from '@paymarket/contracts';
import type { Inbox } from '@paymarket/platform';
import type { EmailDeliveryWorker } from '../email/email-delivery.worker.js';
import type { NewEmail } from '../email/emails.repository.js';
import { MailboxOnlyMailer } from '../email/mailer.js';
import { EventEmails } from '../email/event-emails.js';
import { FakeInbox, InMemoryEmails, type Stored } from '../../test/email-doubles.js';
import { AccountDeletionEmailsHandler } from './account-deletion-emails.handler.js';
import { REDACTED_EMAIL_SUBJECT, redactedEmailFor } from './email-erasure.js';

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
  const eventEmails = new EventEmails(inbox as unknown as Inbox, emails, new MailboxOnlyMailer(), delivery);
  const handler = new AccountDeletionEmailsHandler(inbox as unknown as Inbox, eventEmails, emails);
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
