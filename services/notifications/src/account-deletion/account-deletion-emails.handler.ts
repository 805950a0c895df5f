import { randomUUID } from 'node:crypto';
import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { IsOptional, Matches } from 'class-validator';
import { OnboardingEvents, type EventEnvelope, type EventName } from '@paymarket/contracts';
import { Inbox, loadConfig } from '@paymarket/platform';
import { EmailDeliveryWorker } from '../email/email-delivery.worker.js';
import { EmailsRepository, secretsOf } from '../email/emails.repository.js';
import { Mailer, type OutgoingEmail } from '../email/mailer.js';
import { accountDeletedEmail, deletionConfirmationEmail } from './account-deletion-emails.js';
import { redactedEmailFor } from './email-erasure.js';

export class AccountDeletionEmailEnv {
  /** Where people open PayMarket; the confirmation link starts with it (never with a request's Host header). */
  @IsOptional()
  @Matches(/^https?:\/\/[^\s/]+(\/\S*)?$/, { message: 'PUBLIC_URL must be an http:// or https:// URL' })
  PUBLIC_URL: string = 'http://localhost:3000';
}

/** Emails of account deletion requests. Each is written once per event (inbox), however often it is delivered. */
@Controller()
export class AccountDeletionEmailsHandler {
  private readonly publicUrl: string;

  constructor(
    private readonly inbox: Inbox,
    private readonly emails: EmailsRepository,
    private readonly mailer: Mailer,
    private readonly delivery: EmailDeliveryWorker,
  ) {
    this.publicUrl = loadConfig(AccountDeletionEmailEnv).PUBLIC_URL;
  }

  @EventPattern<string>(OnboardingEvents.ACCOUNT_DELETION_CONFIRMATION_REQUESTED)
  async onConfirmationRequested(@Payload() envelope: EventEnvelope<'account.deletion_confirmation_requested'>): Promise<void> {
    await this.send(envelope, 'account-deletion-confirmation-email', deletionConfirmationEmail(envelope.data, this.publicUrl));
  }

  /**
   * The final email first, then the erasure of every other email to the address (ADR 0029). The erasure skips the
   * emails of this very event, so it can neither delete nor block the final one whatever order things run in; it
   * has its own inbox consumer, so a failure after the send retries only the erasure.
   */
  @EventPattern<string>(OnboardingEvents.ACCOUNT_DELETION_REQUESTED)
  async onDeleted(@Payload() envelope: EventEnvelope<'account.deletion_requested'>): Promise<void> {
    await this.send(envelope, 'account-deleted-email', accountDeletedEmail(envelope.data));
    await this.inbox.handle(envelope, 'account-deleted-email-erasure', async (tx) => {
      await this.emails.redactAddress(tx, envelope.data.email, redactedEmailFor(envelope.data), envelope.id);
    });
  }

  private async send<N extends EventName>(envelope: EventEnvelope<N>, consumer: string, email: OutgoingEmail): Promise<void> {
    const outcome = await this.inbox.handle(envelope, consumer, async (tx) => {
      await this.emails.add(tx, {
        id: randomUUID(),
        ...email,
        status: this.mailer.delivers ? 'pending' : 'stored',
        sourceEventId: envelope.id,
        secrets: secretsOf(envelope),
      });
    });
    if (outcome === 'processed') this.delivery.kick();
  }
}
