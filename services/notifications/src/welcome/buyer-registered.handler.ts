import { randomUUID } from 'node:crypto';
import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { OnboardingEvents, type EventEnvelope } from '@paymarket/contracts';
import { Inbox } from '@paymarket/platform';
import { EmailDeliveryWorker } from '../email/email-delivery.worker.js';
import { EmailsRepository } from '../email/emails.repository.js';
import { Mailer } from '../email/mailer.js';
import { welcomeEmail } from './welcome-email.js';

@Controller()
export class BuyerRegisteredHandler {
  constructor(
    private readonly inbox: Inbox,
    private readonly emails: EmailsRepository,
    private readonly mailer: Mailer,
    private readonly delivery: EmailDeliveryWorker,
  ) {}

  // The broker may deliver this event more than once; the inbox makes the welcome email happen once.
  @EventPattern<string>(OnboardingEvents.BUYER_REGISTERED)
  async onBuyerRegistered(@Payload() envelope: EventEnvelope<'buyer.registered'>): Promise<void> {
    const outcome = await this.inbox.handle(envelope, 'welcome-email', async (tx) => {
      await this.emails.add(tx, {
        id: randomUUID(),
        ...welcomeEmail(envelope.data),
        status: this.mailer.delivers ? 'pending' : 'stored',
        sourceEventId: envelope.id,
      });
    });
    if (outcome === 'processed') this.delivery.kick();
  }
}
