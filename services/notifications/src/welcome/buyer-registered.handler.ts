import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { OnboardingEvents, type EventEnvelope } from '@paymarket/contracts';
import { EventEmails } from '../email/event-emails.js';
import { welcomeEmail } from './welcome-email.js';

@Controller()
export class BuyerRegisteredHandler {
  constructor(private readonly emails: EventEmails) {}

  // The broker may deliver this event more than once; the inbox makes the welcome email happen once.
  @EventPattern<string>(OnboardingEvents.BUYER_REGISTERED)
  async onBuyerRegistered(@Payload() envelope: EventEnvelope<'buyer.registered'>): Promise<void> {
    await this.emails.send(envelope, 'welcome-email', welcomeEmail(envelope.data));
  }
}
