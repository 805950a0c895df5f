import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { OnboardingEvents, type EventEnvelope } from '@paymarket/contracts';
import { EventEmails } from '../email/event-emails.js';
import { marketplaceConfirmationEmails } from './marketplace-email.js';

@Controller()
export class MarketplaceRegisteredHandler {
  constructor(private readonly emails: EventEmails) {}

  // The broker may deliver this event more than once; the inbox makes the confirmation emails happen once.
  @EventPattern<string>(OnboardingEvents.MARKETPLACE_REGISTERED)
  async onMarketplaceRegistered(@Payload() envelope: EventEnvelope<'marketplace.registered'>): Promise<void> {
    await this.emails.send(envelope, 'marketplace-confirmation-email', marketplaceConfirmationEmails(envelope.data));
  }
}
