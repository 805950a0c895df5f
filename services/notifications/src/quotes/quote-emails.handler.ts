import { randomUUID } from 'node:crypto';
import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { QuoteEvents, type EventEnvelope, type EventName } from '@paymarket/contracts';
import { Inbox } from '@paymarket/platform';
import { EmailDeliveryWorker } from '../email/email-delivery.worker.js';
import { EmailsRepository } from '../email/emails.repository.js';
import { Mailer, type OutgoingEmail } from '../email/mailer.js';
import {
  quoteAcceptedEmail,
  quoteAnswerEmail,
  quoteDeclinedEmail,
  quotePaidEmail,
  quoteQuestionEmail,
  quoteSentEmail,
  requestFulfilledEmails,
} from './quote-emails.js';

/** Emails about quotes on buyer requests (ADR 0045), once per event however often it is delivered (inbox). */
@Controller()
export class QuoteEmailsHandler {
  constructor(
    private readonly inbox: Inbox,
    private readonly emails: EmailsRepository,
    private readonly mailer: Mailer,
    private readonly delivery: EmailDeliveryWorker,
  ) {}

  @EventPattern<string>(QuoteEvents.QUOTE_SENT)
  async onSent(@Payload() envelope: EventEnvelope<'quote.sent'>): Promise<void> {
    await this.write(envelope, [quoteSentEmail(envelope.data)]);
  }

  @EventPattern<string>(QuoteEvents.QUOTE_ACCEPTED)
  async onAccepted(@Payload() envelope: EventEnvelope<'quote.accepted'>): Promise<void> {
    await this.write(envelope, [quoteAcceptedEmail(envelope.data)]);
  }

  @EventPattern<string>(QuoteEvents.QUOTE_DECLINED)
  async onDeclined(@Payload() envelope: EventEnvelope<'quote.declined'>): Promise<void> {
    await this.write(envelope, [quoteDeclinedEmail(envelope.data)]);
  }

  @EventPattern<string>(QuoteEvents.QUOTE_PAID)
  async onPaid(@Payload() envelope: EventEnvelope<'quote.paid'>): Promise<void> {
    await this.write(envelope, [quotePaidEmail(envelope.data)]);
  }

  @EventPattern<string>(QuoteEvents.REQUEST_FULFILLED)
  async onFulfilled(@Payload() envelope: EventEnvelope<'request.fulfilled'>): Promise<void> {
    await this.write(envelope, requestFulfilledEmails(envelope.data));
  }

  @EventPattern<string>(QuoteEvents.QUESTION_ASKED)
  async onQuestion(@Payload() envelope: EventEnvelope<'quote.question_asked'>): Promise<void> {
    await this.write(envelope, [quoteQuestionEmail(envelope.data)]);
  }

  @EventPattern<string>(QuoteEvents.QUESTION_ANSWERED)
  async onAnswer(@Payload() envelope: EventEnvelope<'quote.question_answered'>): Promise<void> {
    await this.write(envelope, [quoteAnswerEmail(envelope.data)]);
  }

  private async write<N extends EventName>(envelope: EventEnvelope<N>, outgoing: OutgoingEmail[]): Promise<void> {
    const outcome = await this.inbox.handle(envelope, 'quote-emails', async (tx) => {
      for (const email of outgoing) {
        await this.emails.add(tx, {
          id: randomUUID(),
          ...email,
          status: this.mailer.delivers ? 'pending' : 'stored',
          sourceEventId: envelope.id,
        });
      }
    });
    if (outcome === 'processed' && outgoing.length > 0) this.delivery.kick();
  }
}
