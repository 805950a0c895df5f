import type { PaymentPayload } from './orders.events.js';

// DO NOT CHANGE THE VALUES WITHOUT A MIGRATION PLAN: event names are routing keys, inbox keys and webhook types.
export const DisputeEvents = {
  PAYMENT_DISPUTED: 'payment.disputed',
  DISPUTE_CLOSED: 'payment.dispute_closed',
} as const;

/** Stripe's dispute statuses we act on; anything else is kept as Stripe says it. */
export type DisputeStatus = 'needs_response' | 'under_review' | 'won' | 'lost' | (string & {});

/**
 * A card dispute on a paid order (ADR 0045): the order's receipt fields plus the dispute. `disputedMinor` left the
 * platform's balance when the dispute opened; refunds of the order are frozen until it is won.
 */
export interface PaymentDisputedPayload extends PaymentPayload {
  disputeId: string;
  disputedMinor: string;
  reason: string;
  status: DisputeStatus;
  /**
   * Each payee's share of the disputed amount, in proportion to the split (what a loss would cost them); a
   * white-label marketplace with a share of the order (ADR 0051) is one of them.
   */
  shares: Array<{ party: 'seller' | 'provider' | 'marketplace'; displayName: string | null; amountMinor: string }>;
  /** The PayMarket seller paid by the order (`seller_<id>` orders), so the seller can be told; null otherwise. */
  sellerId: string | null;
  /**
   * The print provider's connected account on three-way orders, so the provider can be told. Internal: notifications
   * drops it before the event reaches integrators (webhooks and the events API), who see PaymentDisputedWebhook.
   */
  providerAccountId: string | null;
}

/** payment.disputed as integrators receive it. */
export type PaymentDisputedWebhook = Omit<PaymentDisputedPayload, 'providerAccountId'>;

export interface PaymentDisputeClosedPayload extends PaymentDisputedPayload {
  outcome: 'won' | 'lost';
}

export interface DisputesEventMap {
  'payment.disputed': PaymentDisputedPayload;
  'payment.dispute_closed': PaymentDisputeClosedPayload;
}
