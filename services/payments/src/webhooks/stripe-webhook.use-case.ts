import { Injectable, Optional } from '@nestjs/common';
import { STRIPE_WEBHOOK_EVENTS } from '@paymarket/contracts';
import { ServiceError, createLogger } from '@paymarket/platform';
import { PaymentProcessor, WebhookSignatureError } from '../checkout/payment-processor.js';
import { SettlePayment } from '../checkout/settle-payment.js';
import { OrdersRepository } from '../orders/orders.repository.js';
import { RecordDispute } from '../disputes/record-dispute.use-case.js';

const log = createLogger('stripe-webhook');

/**
 * Stripe webhooks: the signature is verified against the raw body (a forged or altered event is refused), each
 * event id is handled once, and a payment event only triggers a fresh read of the PaymentIntent — the order moves
 * by what Stripe says now, not by the (possibly stale or replayed) event body. Events outside `STRIPE_WEBHOOK_EVENTS`
 * (an endpoint subscribed to more) are acknowledged without a database write.
 */
@Injectable()
export class StripeWebhook {
  constructor(
    private readonly processor: PaymentProcessor,
    private readonly settle: SettlePayment,
    private readonly orders: OrdersRepository,
    // Optional so unit and integration fakes that build the webhook by hand need not know disputes.
    @Optional() private readonly disputes?: RecordDispute,
  ) {}

  async handle(payload: string, signature: string): Promise<{ received: true; duplicate: boolean }> {
    let event;
    try {
      event = this.processor.verifyWebhook(payload, signature);
    } catch (err) {
      if (err instanceof WebhookSignatureError) throw ServiceError.invalid('Invalid Stripe signature.');
      throw err;
    }
    if (!STRIPE_WEBHOOK_EVENTS.includes(event.type)) return { received: true, duplicate: false };
    const fresh = (await this.orders.dataSource.query(
      `INSERT INTO stripe_events (id, type) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING id`,
      [event.id, event.type],
    )) as unknown[];
    if (fresh.length === 0) return { received: true, duplicate: true };
    try {
      if (event.type.startsWith('payment_intent.') && event.paymentIntent) {
        // A PaymentIntent that succeeded stays succeeded, so the signed event is the truth and costs Stripe no request
        // (issue 22). Any other status may be overtaken by a later one: read it fresh, in case events came out of order.
        const signed = event.paymentIntent;
        const intent =
          event.type === 'payment_intent.succeeded' && signed.status === 'succeeded'
            ? signed
            : await this.processor.retrievePaymentIntent(signed.id);
        await this.settle.fromIntent(intent);
      }
      // charge.dispute.created/updated/closed (ADR 0045): the dispute is read fresh, like a PaymentIntent.
      if (event.type.startsWith('charge.dispute.') && event.dispute && this.disputes) await this.disputes.fromStripe(event.dispute.id);
    } catch (err) {
      // Let Stripe retry: forget that we saw it.
      await this.orders.dataSource.query(`DELETE FROM stripe_events WHERE id = $1`, [event.id]);
      log.error({ err, event: event.id }, 'webhook handling failed; Stripe will retry');
      throw err;
    }
    return { received: true, duplicate: false };
  }
}
