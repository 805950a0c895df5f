import { randomUUID } from 'node:crypto';
import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { OnboardingEvents, type EventEnvelope, type EventName } from '@paymarket/contracts';
import { Inbox, loadConfig } from '@paymarket/platform';
import { CatalogEmailEnv } from '../catalog/catalog-emails.handler.js';
import { EmailDeliveryWorker } from '../email/email-delivery.worker.js';
import { EmailsRepository } from '../email/emails.repository.js';
import { Mailer, type OutgoingEmail } from '../email/mailer.js';
import { companyApprovedEmail, companyUnderReviewEmail } from './company-emails.js';

/** Emails about API access applications. Each effect runs once per event (inbox), however often it is delivered. */
@Controller()
export class CompanyEmailsHandler {
  private readonly publicUrl: string;

  constructor(
    private readonly inbox: Inbox,
    private readonly emails: EmailsRepository,
    private readonly mailer: Mailer,
    private readonly delivery: EmailDeliveryWorker,
  ) {
    this.publicUrl = loadConfig(CatalogEmailEnv).PUBLIC_URL;
  }

  @EventPattern<string>(OnboardingEvents.COMPANY_APPROVED)
  async onApproved(@Payload() envelope: EventEnvelope<'company.approved'>): Promise<void> {
    await this.send(envelope, 'company-approved-email', companyApprovedEmail(envelope.data, this.publicUrl));
  }

  @EventPattern<string>(OnboardingEvents.COMPANY_FLAGGED)
  async onFlagged(@Payload() envelope: EventEnvelope<'company.flagged'>): Promise<void> {
    await this.send(envelope, 'company-under-review-email', companyUnderReviewEmail(envelope.data));
  }

  private async send<N extends EventName>(envelope: EventEnvelope<N>, consumer: string, email: OutgoingEmail): Promise<void> {
    const outcome = await this.inbox.handle(envelope, consumer, async (tx) => {
      await this.emails.add(tx, {
        id: randomUUID(),
        ...email,
        status: this.mailer.delivers ? 'pending' : 'stored',
        sourceEventId: envelope.id,
      });
    });
    if (outcome === 'processed') this.delivery.kick();
  }
}
