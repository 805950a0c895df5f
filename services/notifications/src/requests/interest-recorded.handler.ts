import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { RequestEvents, type EventEnvelope } from '@paymarket/contracts';
import { EventEmails } from '../email/event-emails.js';
import { interestEmail } from './interest-email.js';

@Controller()
export class InterestRecordedHandler {
  constructor(private readonly emails: EventEmails) {}

  // The broker may deliver this event more than once; the inbox makes the buyer's email happen once per interest.
  @EventPattern<string>(RequestEvents.INTEREST_RECORDED)
  async onInterestRecorded(@Payload() envelope: EventEnvelope<'request.interest_recorded'>): Promise<void> {
    await this.emails.send(envelope, 'request-interest-email', interestEmail(envelope.data));
  }
}
