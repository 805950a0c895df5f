import type { PaymentPayload } from '@paymarket/contracts';
import type { OrderEntity } from './order.entity.js';

/**
 * The payload of every `payment.*` event (ADR 0031): what the order is, who it pays and how much, so a receipt can
 * be written from the event alone. Money stays integer minor units as decimal strings; no card data, ever.
 * `feeMinor` is PayMarket's line alone; a white-label marketplace's share (ADR 0051) is `marketplace`.
 */
export function paymentEventPayload(order: OrderEntity, paymentIntentId: string): PaymentPayload {
  const recipients = order.split.lines
    .filter((l): l is typeof l & { party: 'seller' | 'provider' } => l.party === 'seller' || l.party === 'provider')
    .map((l) => ({ party: l.party, displayName: l.displayName ?? null, amountMinor: l.amount }));
  const platform = order.split.lines.filter((l) => l.party === 'platform').reduce((sum, l) => sum + BigInt(l.amount), 0n);
  const share = order.split.lines.find((l) => l.party === 'marketplace');
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
    feeMinor: platform.toString(),
    recipients,
    marketplace:
      share && order.feeTerms
        ? { id: order.feeTerms.marketplaceId, name: share.displayName ?? order.feeTerms.name, amountMinor: share.amount }
        : null,
  };
}
