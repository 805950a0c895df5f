import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { OrderEvents, type EventEnvelope } from '@paymarket/contracts';
import { loadConfig } from '@paymarket/platform';
import { WebhookFanout } from '../webhooks/webhook-events.handler.js';
import { paymentFailedEmail, paymentReceiptEmail, paymentRefundedEmail } from './payment-emails.js';
import { EventEmails, PublicUrlEnv } from '../email/event-emails.js';

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
    private readonly emails: EventEmails,
    private readonly webhooks: WebhookFanout,
  ) {
    this.publicUrl = loadConfig(PublicUrlEnv).PUBLIC_URL;
  }

  @EventPattern<string>(OrderEvents.PAYMENT_SUCCEEDED)
  async onSucceeded(@Payload() envelope: EventEnvelope<'payment.succeeded'>): Promise<void> {
    await this.emails.send(envelope, 'payment-receipt-email', paymentReceiptEmail(envelope.data, envelope.occurredAt));
    await this.webhooks.record(envelope, envelope.data.companyId);
  }

  @EventPattern<string>(OrderEvents.PAYMENT_REFUNDED)
  async onRefunded(@Payload() envelope: EventEnvelope<'payment.refunded'>): Promise<void> {
    await this.emails.send(envelope, 'payment-refund-email', paymentRefundedEmail(envelope.data, envelope.occurredAt));
    await this.webhooks.record(envelope, envelope.data.companyId);
  }

  @EventPattern<string>(OrderEvents.PAYMENT_FAILED)
  async onFailed(@Payload() envelope: EventEnvelope<'payment.failed'>): Promise<void> {
    await this.emails.send(envelope, 'payment-failed-email', paymentFailedEmail(envelope.data, this.publicUrl));
    await this.webhooks.record(envelope, envelope.data.companyId);
  }
}
