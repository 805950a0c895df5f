import { formatMinor, type QuoteMessage, type QuoteView } from '@paymarket/contracts';
import type { QuoteRow } from './quotes.repository.js';

/** The one shape a quote leaves the service in; the seller's email stays inside (events to notifications only). */
export function toQuoteView(q: QuoteRow, messages: QuoteMessage[] = []): QuoteView {
  return {
    id: q.id,
    requestId: q.requestId,
    seller: { id: q.seller.id, businessName: q.seller.businessName },
    amount: formatMinor(q.amountMinor),
    amountMinor: q.amountMinor.toString(),
    currency: q.currency,
    included: q.included,
    deliveryDate: q.deliveryDate,
    provider:
      q.providerStripeAccountId && q.providerAmountMinor !== null
        ? {
            stripeAccountId: q.providerStripeAccountId,
            amount: formatMinor(q.providerAmountMinor),
            amountMinor: q.providerAmountMinor.toString(),
          }
        : null,
    status: q.status,
    orderId: q.orderId,
    declineReason: q.declineReason,
    messages,
    createdAt: q.createdAt.toISOString(),
    decidedAt: q.decidedAt?.toISOString() ?? null,
  };
}
