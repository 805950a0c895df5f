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
  buyerId: string | null;
  currency: 'usd' | 'cad';
  totalMinor: string;
}

export interface OrderUpdatedPayload {
  orderId: string;
  status: string;
}

export interface PaymentPayload {
  orderId: string;
  paymentIntentId: string;
  currency: 'usd' | 'cad';
  totalMinor: string;
  buyerEmail: string | null;
}

export interface PaymentFailedPayload extends PaymentPayload {
  reason: string | null;
}

export interface PaymentRefundedPayload extends PaymentPayload {
  refundedMinor: string;
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
