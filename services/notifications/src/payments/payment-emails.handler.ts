import { randomUUID } from 'node:crypto';
import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { IsOptional, Matches } from 'class-validator';
import { OrderEvents, type EventEnvelope, type EventName } from '@paymarket/contracts';
import { Inbox, loadConfig } from '@paymarket/platform';
import { EmailDeliveryWorker } from '../email/email-delivery.worker.js';
import { EmailsRepository } from '../email/emails.repository.js';
import { Mailer, type OutgoingEmail } from '../email/mailer.js';
import { WebhookFanout } from '../webhooks/webhook-events.handler.js';
import { paymentFailedEmail, paymentReceiptEmail, paymentRefundedEmail } from './payment-emails.js';

export class PaymentEmailEnv {
  /** Where people open PayMarket; the "try again" link starts with it. */
  @IsOptional()
  @Matches(/^https?:\/\/[^\s/]+(\/\S*)?$/, { message: 'PUBLIC_URL must be an http:// or https:// URL' })
  PUBLIC_URL: string = 'http://localhost:3000';
}

/**
 * The payment events notifications acts on twice: buyer emails (ADR 0031: a receipt, a refund notice, a failed-payment
 * note; none for an order without a buyer email) and integrator webhooks (ADR 0033, WebhookFanout). One handler per
 * event, each effect once per event through its own inbox consumer; if the second fails the delivery is retried and
 * the first is not repeated.
 */
@Controller()
export class PaymentEmailsHandler {
  private readonly publicUrl: string;

  constructor(
    private readonly inbox: Inbox,
    private readonly emails: EmailsRepository,
    private readonly mailer: Mailer,
    private readonly delivery: EmailDeliveryWorker,
    private readonly webhooks: WebhookFanout,
  ) {
    this.publicUrl = loadConfig(PaymentEmailEnv).PUBLIC_URL;
  }

  @EventPattern<string>(OrderEvents.PAYMENT_SUCCEEDED)
  async onSucceeded(@Payload() envelope: EventEnvelope<'payment.succeeded'>): Promise<void> {
    await this.send(envelope, 'payment-receipt-email', paymentReceiptEmail(envelope.data, envelope.occurredAt));
    await this.webhooks.record(envelope, envelope.data.companyId);
  }

  @EventPattern<string>(OrderEvents.PAYMENT_REFUNDED)
  async onRefunded(@Payload() envelope: EventEnvelope<'payment.refunded'>): Promise<void> {
    await this.send(envelope, 'payment-refund-email', paymentRefundedEmail(envelope.data, envelope.occurredAt));
    await this.webhooks.record(envelope, envelope.data.companyId);
  }

  @EventPattern<string>(OrderEvents.PAYMENT_FAILED)
  async onFailed(@Payload() envelope: EventEnvelope<'payment.failed'>): Promise<void> {
    await this.send(envelope, 'payment-failed-email', paymentFailedEmail(envelope.data, this.publicUrl));
    await this.webhooks.record(envelope, envelope.data.companyId);
  }

  private async send<N extends EventName>(envelope: EventEnvelope<N>, consumer: string, email: OutgoingEmail | null): Promise<void> {
    // Recorded in the inbox even when there is nothing to send, so a redelivery is a no-op either way.
    const outcome = await this.inbox.handle(envelope, consumer, async (tx) => {
      if (!email) return;
      await this.emails.add(tx, {
        id: randomUUID(),
        ...email,
        status: this.mailer.delivers ? 'pending' : 'stored',
        sourceEventId: envelope.id,
      });
    });
    if (outcome === 'processed' && email) this.delivery.kick();
  }
}
