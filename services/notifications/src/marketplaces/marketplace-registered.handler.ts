import { randomUUID } from 'node:crypto';
import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { OnboardingEvents, type EventEnvelope } from '@paymarket/contracts';
import { Inbox } from '@paymarket/platform';
import { EmailDeliveryWorker } from '../email/email-delivery.worker.js';
import { EmailsRepository } from '../email/emails.repository.js';
import { Mailer } from '../email/mailer.js';
import { marketplaceConfirmationEmails } from './marketplace-email.js';

@Controller()
export class MarketplaceRegisteredHandler {
  constructor(
    private readonly inbox: Inbox,
    private readonly emails: EmailsRepository,
    private readonly mailer: Mailer,
    private readonly delivery: EmailDeliveryWorker,
  ) {}

  // The broker may deliver this event more than once; the inbox makes the confirmation emails happen once.
  @EventPattern<string>(OnboardingEvents.MARKETPLACE_REGISTERED)
  async onMarketplaceRegistered(@Payload() envelope: EventEnvelope<'marketplace.registered'>): Promise<void> {
    const outcome = await this.inbox.handle(envelope, 'marketplace-confirmation-email', async (tx) => {
      for (const email of marketplaceConfirmationEmails(envelope.data)) {
        await this.emails.add(tx, {
          id: randomUUID(),
          ...email,
          status: this.mailer.delivers ? 'pending' : 'stored',
          sourceEventId: envelope.id,
        });
      }
    });
    if (outcome === 'processed') this.delivery.kick();
  }
}
