// DO NOT CHANGE THE VALUES WITHOUT A MIGRATION PLAN: event names are routing keys and inbox keys.
export const OrderEvents = {
  ORDER_CREATED: 'order.created',
  ORDER_UPDATED: 'order.updated',
  PAYMENT_PENDING: 'payment.pending',
  PAYMENT_SUCCEEDED: 'payment.succeeded',
  PAYMENT_FAILED: 'payment.failed',
  PAYMENT_REFUNDED: 'payment.refunded',
} as const;

/** Money in events is integer minor units as a decimal string (JSON has no bigint). */
export interface OrderCreatedPayload {
  orderId: string;
  /** The integrator company whose API created the order (ADR 0032); null for orders from PayMarket's own pages. */
  companyId: string | null;
  buyerId: string | null;
  currency: 'usd' | 'cad';
  totalMinor: string;
}

export interface OrderUpdatedPayload {
  orderId: string;
  /** See OrderCreatedPayload.companyId. */
  companyId: string | null;
  status: string;
}

/** Who an order pays (ADR 0031): never a card detail, only the party, its name when known and its share. */
export interface PaymentRecipientLine {
  party: 'seller' | 'provider';
  /** The seller's business name when the buyer chose a seller profile; null for a bare connected account. */
  displayName: string | null;
  amountMinor: string;
}

/**
 * Everything a receipt needs (ADR 0031), so consumers never call payments back. `orderId` is the client's public
 * order id; `feeMinor` is PayMarket's share (total − what the recipients get).
 */
export interface PaymentPayload {
  orderId: string;
  /** See OrderCreatedPayload.companyId. */
  companyId: string | null;
  paymentIntentId: string;
  currency: 'usd' | 'cad';
  totalMinor: string;
  buyerEmail: string | null;
  /** /payment ('order') or /direct-payment ('direct'). */
  kind: 'order' | 'direct';
  buyerName: string | null;
  description: string | null;
  amountMinor: string;
  feeMinor: string;
  recipients: PaymentRecipientLine[];
  /**
   * The white-label marketplace's share (ADR 0051), when the order was placed through one with custom fees; absent on
   * events published before it and null otherwise. `feeMinor` is then PayMarket's fee alone.
   */
  marketplace?: { id: string; name: string; amountMinor: string } | null;
}

export interface PaymentFailedPayload extends PaymentPayload {
  reason: string | null;
}

export interface PaymentRefundedPayload extends PaymentPayload {
  /** The refund this event reports (`GET /api/v1/refunds/{id}`, ADR 0038); absent on events published before it. */
  refundId?: string;
  /** Refunded by this refund, in minor units. */
  refundedMinor: string;
  /** Refunded so far on the order, this refund included, in minor units. */
  refundedTotalMinor: string;
}

export interface OrderEventMap {
  'order.created': OrderCreatedPayload;
  'order.updated': OrderUpdatedPayload;
  'payment.pending': PaymentPayload;
  'payment.succeeded': PaymentPayload;
  'payment.failed': PaymentFailedPayload;
  'payment.refunded': PaymentRefundedPayload;
}
