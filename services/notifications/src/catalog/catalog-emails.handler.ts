import { randomUUID } from 'node:crypto';
import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { IsOptional, Matches } from 'class-validator';
import { CatalogEvents, type EventEnvelope, type EventName } from '@paymarket/contracts';
import { Inbox, loadConfig } from '@paymarket/platform';
import { EmailDeliveryWorker } from '../email/email-delivery.worker.js';
import { EmailsRepository } from '../email/emails.repository.js';
import { Mailer, type OutgoingEmail } from '../email/mailer.js';
import {
  applicationDecidedEmail,
  applicationReceivedEmail,
  sellerEditLinkEmail,
  sellerEmailChangedEmail,
  sellerPayoutAccountEmail,
  sellerWelcomeEmail,
} from './catalog-emails.js';

export class CatalogEmailEnv {
  /** Where people open PayMarket; links in emails start with it. */
  @IsOptional()
  @Matches(/^https?:\/\/[^\s/]+(\/\S*)?$/, { message: 'PUBLIC_URL must be an http:// or https:// URL' })
  PUBLIC_URL: string = 'http://localhost:3000';
}

/** Emails about sellers and print providers. Each effect runs once per event (inbox), however often it is delivered. */
@Controller()
export class CatalogEmailsHandler {
  private readonly publicUrl: string;

  constructor(
    private readonly inbox: Inbox,
    private readonly emails: EmailsRepository,
    private readonly mailer: Mailer,
    private readonly delivery: EmailDeliveryWorker,
  ) {
    this.publicUrl = loadConfig(CatalogEmailEnv).PUBLIC_URL;
  }

  @EventPattern<string>(CatalogEvents.SELLER_REGISTERED)
  async onSellerRegistered(@Payload() envelope: EventEnvelope<'seller.registered'>): Promise<void> {
    await this.send(envelope, 'seller-welcome-email', sellerWelcomeEmail(envelope.data));
  }

  /** Security notices: a payout account change to the profile's email, an email change to the old address. */
  @EventPattern<string>(CatalogEvents.SELLER_UPDATED)
  async onSellerUpdated(@Payload() envelope: EventEnvelope<'seller.updated'>): Promise<void> {
    const payout = sellerPayoutAccountEmail(envelope.data);
    if (payout) await this.send(envelope, 'seller-payout-account-email', payout);
    const emailChanged = sellerEmailChangedEmail(envelope.data);
    if (emailChanged) await this.send(envelope, 'seller-email-changed-email', emailChanged);
  }

  @EventPattern<string>(CatalogEvents.SELLER_EDIT_LINK_REQUESTED)
  async onEditLinkRequested(@Payload() envelope: EventEnvelope<'seller.edit_link_requested'>): Promise<void> {
    await this.send(envelope, 'seller-edit-link-email', sellerEditLinkEmail(envelope.data, this.publicUrl));
  }

  @EventPattern<string>(CatalogEvents.PROVIDER_APPLIED)
  async onProviderApplied(@Payload() envelope: EventEnvelope<'provider.applied'>): Promise<void> {
    await this.send(envelope, 'provider-application-received-email', applicationReceivedEmail(envelope.data));
  }

  @EventPattern<string>(CatalogEvents.PROVIDER_APPLICATION_DECIDED)
  async onApplicationDecided(@Payload() envelope: EventEnvelope<'provider.application_decided'>): Promise<void> {
    await this.send(envelope, 'provider-application-decided-email', applicationDecidedEmail(envelope.data));
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
