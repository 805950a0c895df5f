import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { CatalogEvents, type EventEnvelope } from '@paymarket/contracts';
import { loadConfig } from '@paymarket/platform';
import {
  applicationDecidedEmail,
  applicationReceivedEmail,
  sellerEditLinkEmail,
  sellerEmailChangedEmail,
  sellerPayoutAccountEmail,
  sellerWelcomeEmail,
} from './catalog-emails.js';
import { EventEmails, PublicUrlEnv } from '../email/event-emails.js';

/** Emails about sellers and print providers. Each effect runs once per event (inbox), however often it is delivered. */
@Controller()
export class CatalogEmailsHandler {
  private readonly publicUrl: string;

  constructor(private readonly emails: EventEmails) {
    this.publicUrl = loadConfig(PublicUrlEnv).PUBLIC_URL;
  }

  @EventPattern<string>(CatalogEvents.SELLER_REGISTERED)
  async onSellerRegistered(@Payload() envelope: EventEnvelope<'seller.registered'>): Promise<void> {
    await this.emails.send(envelope, 'seller-welcome-email', sellerWelcomeEmail(envelope.data));
  }

  /** Security notices: a payout account change to the profile's email, an email change to the old address. */
  @EventPattern<string>(CatalogEvents.SELLER_UPDATED)
  async onSellerUpdated(@Payload() envelope: EventEnvelope<'seller.updated'>): Promise<void> {
    const payout = sellerPayoutAccountEmail(envelope.data);
    if (payout) await this.emails.send(envelope, 'seller-payout-account-email', payout);
    const emailChanged = sellerEmailChangedEmail(envelope.data);
    if (emailChanged) await this.emails.send(envelope, 'seller-email-changed-email', emailChanged);
  }

  @EventPattern<string>(CatalogEvents.SELLER_EDIT_LINK_REQUESTED)
  async onEditLinkRequested(@Payload() envelope: EventEnvelope<'seller.edit_link_requested'>): Promise<void> {
    await this.emails.send(envelope, 'seller-edit-link-email', sellerEditLinkEmail(envelope.data, this.publicUrl));
  }

  @EventPattern<string>(CatalogEvents.PROVIDER_APPLIED)
  async onProviderApplied(@Payload() envelope: EventEnvelope<'provider.applied'>): Promise<void> {
    await this.emails.send(envelope, 'provider-application-received-email', applicationReceivedEmail(envelope.data));
  }

  @EventPattern<string>(CatalogEvents.PROVIDER_APPLICATION_DECIDED)
  async onApplicationDecided(@Payload() envelope: EventEnvelope<'provider.application_decided'>): Promise<void> {
    await this.emails.send(envelope, 'provider-application-decided-email', applicationDecidedEmail(envelope.data));
  }
}
