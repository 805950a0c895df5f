import type { PaymentPayload } from '@paymarket/contracts';
import type { OrderEntity } from './order.entity.js';

/**
 * The payload of every `payment.*` event (ADR 0031): what the order is, who it pays and how much, so a receipt can
 * be written from the event alone. Money stays integer minor units as decimal strings; no card data, ever.
 */
export function paymentEventPayload(order: OrderEntity, paymentIntentId: string): PaymentPayload {
  const recipients = order.split.lines
    .filter((l): l is typeof l & { party: 'seller' | 'provider' } => l.party !== 'platform')
    .map((l) => ({ party: l.party, displayName: l.displayName ?? null, amountMinor: l.amount }));
  const toRecipients = recipients.reduce((sum, r) => sum + BigInt(r.amountMinor), 0n);
  return {
    orderId: order.orderId,
    companyId: order.companyId,
    paymentIntentId,
    currency: order.currency,
    totalMinor: order.total.toString(),
    buyerEmail: order.buyerEmail,
    kind: order.kind,
    buyerName: order.buyerName,
    description: order.description,
    amountMinor: order.amount.toString(),
    feeMinor: (order.total - toRecipients).toString(),
    recipients,
  };
}
