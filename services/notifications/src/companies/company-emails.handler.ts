import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { OnboardingEvents, type EventEnvelope } from '@paymarket/contracts';
import { loadConfig } from '@paymarket/platform';
import { companyApprovedEmail, companyUnderReviewEmail } from './company-emails.js';
import { EventEmails, PublicUrlEnv } from '../email/event-emails.js';

/** Emails about API access applications. Each effect runs once per event (inbox), however often it is delivered. */
@Controller()
export class CompanyEmailsHandler {
  private readonly publicUrl: string;

  constructor(private readonly emails: EventEmails) {
    this.publicUrl = loadConfig(PublicUrlEnv).PUBLIC_URL;
  }

  @EventPattern<string>(OnboardingEvents.COMPANY_APPROVED)
  async onApproved(@Payload() envelope: EventEnvelope<'company.approved'>): Promise<void> {
    await this.emails.send(envelope, 'company-approved-email', companyApprovedEmail(envelope.data, this.publicUrl));
  }

  @EventPattern<string>(OnboardingEvents.COMPANY_FLAGGED)
  async onFlagged(@Payload() envelope: EventEnvelope<'company.flagged'>): Promise<void> {
    await this.emails.send(envelope, 'company-under-review-email', companyUnderReviewEmail(envelope.data));
  }
}
