import { randomUUID } from 'node:crypto';
import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { RequestEvents, type EventEnvelope } from '@paymarket/contracts';
import { Inbox } from '@paymarket/platform';
import { EmailDeliveryWorker } from '../email/email-delivery.worker.js';
import { EmailsRepository } from '../email/emails.repository.js';
import { Mailer } from '../email/mailer.js';
import { interestEmail } from './interest-email.js';

@Controller()
export class InterestRecordedHandler {
  constructor(
    private readonly inbox: Inbox,
    private readonly emails: EmailsRepository,
    private readonly mailer: Mailer,
    private readonly delivery: EmailDeliveryWorker,
  ) {}

  // The broker may deliver this event more than once; the inbox makes the buyer's email happen once per interest.
  @EventPattern<string>(RequestEvents.INTEREST_RECORDED)
  async onInterestRecorded(@Payload() envelope: EventEnvelope<'request.interest_recorded'>): Promise<void> {
    const outcome = await this.inbox.handle(envelope, 'request-interest-email', async (tx) => {
      await this.emails.add(tx, {
        id: randomUUID(),
        ...interestEmail(envelope.data),
        status: this.mailer.delivers ? 'pending' : 'stored',
        sourceEventId: envelope.id,
      });
    });
    if (outcome === 'processed') this.delivery.kick();
  }
}
