import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { QuoteEvents, type EventEnvelope } from '@paymarket/contracts';
import {
  quoteAcceptedEmail,
  quoteAnswerEmail,
  quoteDeclinedEmail,
  quotePaidEmail,
  quoteQuestionEmail,
  quoteSentEmail,
  requestFulfilledEmails,
} from './quote-emails.js';
import { EventEmails } from '../email/event-emails.js';

/** Emails about quotes on buyer requests (ADR 0045), once per event however often it is delivered (inbox). */
@Controller()
export class QuoteEmailsHandler {
  constructor(private readonly emails: EventEmails) {}

  @EventPattern<string>(QuoteEvents.QUOTE_SENT)
  async onSent(@Payload() envelope: EventEnvelope<'quote.sent'>): Promise<void> {
    await this.emails.send(envelope, 'quote-emails', [quoteSentEmail(envelope.data)]);
  }

  @EventPattern<string>(QuoteEvents.QUOTE_ACCEPTED)
  async onAccepted(@Payload() envelope: EventEnvelope<'quote.accepted'>): Promise<void> {
    await this.emails.send(envelope, 'quote-emails', [quoteAcceptedEmail(envelope.data)]);
  }

  @EventPattern<string>(QuoteEvents.QUOTE_DECLINED)
  async onDeclined(@Payload() envelope: EventEnvelope<'quote.declined'>): Promise<void> {
    await this.emails.send(envelope, 'quote-emails', [quoteDeclinedEmail(envelope.data)]);
  }

  @EventPattern<string>(QuoteEvents.QUOTE_PAID)
  async onPaid(@Payload() envelope: EventEnvelope<'quote.paid'>): Promise<void> {
    await this.emails.send(envelope, 'quote-emails', [quotePaidEmail(envelope.data)]);
  }

  @EventPattern<string>(QuoteEvents.REQUEST_FULFILLED)
  async onFulfilled(@Payload() envelope: EventEnvelope<'request.fulfilled'>): Promise<void> {
    await this.emails.send(envelope, 'quote-emails', requestFulfilledEmails(envelope.data));
  }

  @EventPattern<string>(QuoteEvents.QUESTION_ASKED)
  async onQuestion(@Payload() envelope: EventEnvelope<'quote.question_asked'>): Promise<void> {
    await this.emails.send(envelope, 'quote-emails', [quoteQuestionEmail(envelope.data)]);
  }

  @EventPattern<string>(QuoteEvents.QUESTION_ANSWERED)
  async onAnswer(@Payload() envelope: EventEnvelope<'quote.question_answered'>): Promise<void> {
    await this.emails.send(envelope, 'quote-emails', [quoteAnswerEmail(envelope.data)]);
  }
}
