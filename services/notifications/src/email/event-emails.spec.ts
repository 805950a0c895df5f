import { describe, expect, it } from '@jest/globals';
import type { EventEnvelope, EventName } from '@paymarket/contracts';
import type { Inbox } from '@paymarket/platform';
import { FakeInbox, InMemoryEmails } from '../../test/email-doubles.js';
import type { EmailDeliveryWorker } from './email-delivery.worker.js';
import { MailboxOnlyMailer, type OutgoingEmail } from './mailer.js';
import { EventEmails } from './event-emails.js';

function envelope<N extends EventName>(
  name: N,
  data: EventEnvelope<N>['data'],
  id = '33333333-3333-4333-8333-333333333333',
): EventEnvelope<N> {
  return { id, name, occurredAt: '2030-01-01T10:00:00Z', producer: 'catalog', correlationId: 'c', data } as EventEnvelope<N>;
}

const mail = (to: string): OutgoingEmail => ({ to, subject: `Hello ${to}`, text: 'Hi', html: null });

function setup() {
  const emails = new InMemoryEmails();
  const inbox = new FakeInbox();
  let kicks = 0;
  const delivery = { kick: () => void kicks++ } as unknown as EmailDeliveryWorker;
  return {
    emails,
    inbox,
    kicks: () => kicks,
    eventEmails: new EventEmails(inbox as unknown as Inbox, emails, new MailboxOnlyMailer(), delivery),
  };
}

const editLink = envelope('seller.edit_link_requested', {
  sellerId: 's1',
  businessName: 'Harbour Print Works',
  sellerName: 'Ada',
  email: 'ada@example.com',
  path: '/sellers/edit/s1?recovery=secret-token',
  expiresAt: '2030-01-01T11:00:00Z',
});

describe('EventEmails', () => {
  it('writes every email of an event once, however often the event is delivered, and wakes delivery once', async () => {
    const { emails, eventEmails, kicks } = setup();
    expect(await eventEmails.send(editLink, 'x', [mail('a@example.com'), mail('b@example.com')])).toBe('processed');
    expect(await eventEmails.send(editLink, 'x', [mail('a@example.com'), mail('b@example.com')])).toBe('duplicate');
    expect(emails.rows.map((r) => r.to)).toEqual(['a@example.com', 'b@example.com']);
    expect(emails.rows.every((r) => r.sourceEventId === editLink.id && r.status === 'stored')).toBe(true);
    expect(kicks()).toBe(1);
  });

  it('records the event even when there is nothing to send, so a redelivery stays a no-op', async () => {
    const { emails, inbox, eventEmails, kicks } = setup();
    expect(await eventEmails.send(editLink, 'nothing', null)).toBe('processed');
    expect(inbox.order).toEqual(['nothing']);
    expect(emails.rows).toHaveLength(0);
    expect(kicks()).toBe(0);
  });

  it("carries the event's one-time secrets with each email, so the stored copy drops them once sent", async () => {
    const { emails, eventEmails } = setup();
    await eventEmails.send(editLink, 'seller-edit-link-email', mail('ada@example.com'));
    expect(emails.rows[0]!.secrets).toEqual(['/sellers/edit/s1?recovery=secret-token']);

    const approved = envelope('company.approved', {
      companyId: 'c1',
      name: 'Acme',
      email: 'ops@acme.test',
      contactName: 'Ops',
      approvedBy: 'admin',
      credentialsPath: '/api-access/reveal/c1?token=t0ken',
      credentialsLinkExpiresAt: '2030-01-02T00:00:00Z',
    });
    await eventEmails.send(approved, 'company-approved-email', mail('ops@acme.test'));
    expect(emails.rows[1]!.secrets).toEqual(['/api-access/reveal/c1?token=t0ken']);

    const welcome = envelope('buyer.registered', { buyerId: 'b1', name: 'Bo', email: 'bo@example.com' } as never);
    await eventEmails.send(welcome, 'welcome-email', mail('bo@example.com'));
    expect(emails.rows[2]!.secrets).toBeUndefined();
  });
});
