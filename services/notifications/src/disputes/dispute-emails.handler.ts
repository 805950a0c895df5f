import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { DisputeEvents, RpcPatterns, type EventEnvelope, type PaymentDisputedPayload } from '@paymarket/contracts';
import { RpcCallError, RpcClient } from '@paymarket/platform';
import { WebhookFanout } from '../webhooks/webhook-events.handler.js';
import { disputeClosedEmail, disputeOpenedEmail } from './dispute-emails.js';
import { EventEmails } from '../email/event-emails.js';

/**
 * Card disputes (ADR 0045): the seller and the print provider paid by the order are emailed (addresses read from
 * catalog at that moment),
 * and payment.disputed goes to the order's company as an integrator webhook. One handler per event; each effect once
 * through its own inbox consumer.
 */
@Controller()
export class DisputeEmailsHandler {
  constructor(
    private readonly emails: EventEmails,
    private readonly webhooks: WebhookFanout,
    private readonly rpc: RpcClient,
  ) {}

  @EventPattern<string>(DisputeEvents.PAYMENT_DISPUTED)
  async onDisputed(@Payload() envelope: EventEnvelope<'payment.disputed'>): Promise<void> {
    const { seller, provider } = await this.partiesOf(envelope.data);
    await this.emails.send(envelope, 'dispute-seller-email', seller ? disputeOpenedEmail(envelope.data, seller.email, seller.name) : null);
    await this.emails.send(
      envelope,
      'dispute-provider-email',
      provider ? disputeOpenedEmail(envelope.data, provider.email, provider.name, 'provider') : null,
    );
    // Integrators see the dispute without the provider's account id (PaymentDisputedWebhook).
    const { providerAccountId: _internal, ...data } = envelope.data;
    await this.webhooks.record({ ...envelope, data: data as typeof envelope.data }, envelope.data.companyId);
  }

  @EventPattern<string>(DisputeEvents.DISPUTE_CLOSED)
  async onClosed(@Payload() envelope: EventEnvelope<'payment.dispute_closed'>): Promise<void> {
    const { seller, provider } = await this.partiesOf(envelope.data);
    await this.emails.send(envelope, 'dispute-seller-email', seller ? disputeClosedEmail(envelope.data, seller.email, seller.name) : null);
    await this.emails.send(
      envelope,
      'dispute-provider-email',
      provider ? disputeClosedEmail(envelope.data, provider.email, provider.name, 'provider') : null,
    );
  }

  private async partiesOf(
    data: PaymentDisputedPayload,
  ): Promise<{ seller: { email: string; name: string } | null; provider: { email: string; name: string } | null }> {
    const seller = await this.sellerOf(data.sellerId);
    let provider: { email: string; name: string } | null = null;
    if (data.providerAccountId) {
      try {
        const contact = await this.rpc.call(RpcPatterns.providerContacts.GET_PROVIDER_CONTACT, { stripeAccountId: data.providerAccountId });
        provider = contact.email ? { email: contact.email, name: contact.name } : null;
      } catch (error) {
        if (!(error instanceof RpcCallError && error.kind === 'service' && error.payload.code === 'not_found')) throw error;
      }
    }
    return { seller: seller ? { email: seller.email, name: seller.businessName } : null, provider };
  }

  private async sellerOf(sellerId: string | null): Promise<{ email: string; businessName: string } | null> {
    if (!sellerId) return null;
    try {
      const seller = await this.rpc.call(RpcPatterns.catalog.GET_SELLER, { sellerId });
      return { email: seller.email, businessName: seller.businessName };
    } catch (error) {
      // A seller who no longer exists gets no email; catalog being down is retried (the event is nacked).
      if (error instanceof RpcCallError && error.kind === 'service' && error.payload.code === 'not_found') return null;
      throw error;
    }
  }
}
