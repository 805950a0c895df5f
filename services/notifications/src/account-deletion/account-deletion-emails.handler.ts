import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { OnboardingEvents, type EventEnvelope } from '@paymarket/contracts';
import { Inbox, loadConfig } from '@paymarket/platform';
import { EmailsRepository } from '../email/emails.repository.js';
import { accountDeletedEmail, deletionConfirmationEmail } from './account-deletion-emails.js';
import { redactedEmailFor } from './email-erasure.js';
import { EventEmails, PublicUrlEnv } from '../email/event-emails.js';

/** Emails of account deletion requests. Each is written once per event (inbox), however often it is delivered. */
@Controller()
export class AccountDeletionEmailsHandler {
  private readonly publicUrl: string;

  constructor(
    private readonly inbox: Inbox,
    private readonly eventEmails: EventEmails,
    private readonly emails: EmailsRepository,
  ) {
    this.publicUrl = loadConfig(PublicUrlEnv).PUBLIC_URL;
  }

  @EventPattern<string>(OnboardingEvents.ACCOUNT_DELETION_CONFIRMATION_REQUESTED)
  async onConfirmationRequested(@Payload() envelope: EventEnvelope<'account.deletion_confirmation_requested'>): Promise<void> {
    await this.eventEmails.send(envelope, 'account-deletion-confirmation-email', deletionConfirmationEmail(envelope.data, this.publicUrl));
  }

  /**
   * The final email first, then the erasure of every other email to the address (ADR 0029). The erasure skips the
   * emails of this very event, so it can neither delete nor block the final one whatever order things run in; it
   * has its own inbox consumer, so a failure after the send retries only the erasure.
   */
  @EventPattern<string>(OnboardingEvents.ACCOUNT_DELETION_REQUESTED)
  async onDeleted(@Payload() envelope: EventEnvelope<'account.deletion_requested'>): Promise<void> {
    await this.eventEmails.send(envelope, 'account-deleted-email', accountDeletedEmail(envelope.data));
    await this.inbox.handle(envelope, 'account-deleted-email-erasure', async (tx) => {
      await this.emails.redactAddress(tx, envelope.data.email, redactedEmailFor(envelope.data), envelope.id);
    });
  }
}
