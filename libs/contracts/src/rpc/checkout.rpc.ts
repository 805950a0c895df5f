import type {
  ApiOrderList,
  ApiOrderView,
  DirectPaymentResponse,
  OrderView,
  PaymentIntentResponse,
  PaymentStatusView,
  PaymentsClientConfig,
} from '../api/payments.js';
import type { CreateDirectPaymentDto, RefundOrderDto, TestCardPaymentDto } from '../dtos/payments/direct-payment.dto.js';
import type { CreateOrderDto, CreatePaymentIntentDto, PaymentStatusDto } from '../dtos/payments/create-order.dto.js';
import type { ApiCreateOrderDto, ApiListOrdersDto } from '../dtos/payments/api-order.dto.js';
import type { EmbedCreateOrderDto, EmbedOrderResponse } from '../dtos/marketplaces/embed.dto.js';
import type { CreateRefundDto, ListRefundsDto, RefundList, RefundView } from '../dtos/payments/api-refund.dto.js';
import type { AuditContext } from '../events/audit.events.js';

// DO NOT CHANGE THE VALUES WITHOUT A MIGRATION PLAN: they are routing keys bound to the payments queue.
export const CheckoutRpc = {
  CLIENT_CONFIG: 'payments.client_config',
  CREATE_ORDER: 'payments.create_order',
  CREATE_PAYMENT_INTENT: 'payments.create_payment_intent',
  CREATE_DIRECT_PAYMENT: 'payments.create_direct_payment',
  CONFIRM_TEST_CARD: 'payments.confirm_test_card',
  RECHECK_PAYMENT: 'payments.recheck_payment',
  GET_PAYMENT: 'payments.get_payment',
  LIST_ORDERS: 'payments.list_orders',
  REFUND_ORDER: 'payments.refund_order',
  HANDLE_STRIPE_WEBHOOK: 'payments.handle_stripe_webhook',
  VERIFY_LEDGER: 'payments.verify_ledger',
  // The integrator API (ADR 0032): the caller is always a company.
  API_CREATE_ORDER: 'payments.api_create_order',
  API_PAYMENT_INTENT: 'payments.api_payment_intent',
  API_GET_ORDER: 'payments.api_get_order',
  API_LIST_ORDERS: 'payments.api_list_orders',
  API_CREATE_REFUND: 'payments.api_create_refund',
  API_GET_REFUND: 'payments.api_get_refund',
  API_LIST_REFUNDS: 'payments.api_list_refunds',
  // The embed widget (ADR 0052): the gateway checked the embed token; the caller is the marketplace's company.
  EMBED_CREATE_ORDER: 'payments.embed_create_order',
} as const;

/** Who is calling, as the gateway established it (never taken from a request body). */
export interface Caller {
  buyer?: { id: string; email: string; name: string };
  admin?: { id: string; email: string };
  /** An integrator company, authenticated by its API secret key (ADR 0032). */
  company?: { id: string };
}

export interface CallerRequest<T> {
  caller: Caller;
  idempotencyKey?: string;
  /** The site's origin (for Stripe return URLs). */
  origin?: string;
  body: T;
}

/** A privileged command (ADR 0075): also who asked and from where, which the service records in the audit trail. */
export type AuditedCallerRequest<T> = CallerRequest<T> & { audit: AuditContext };

export interface LedgerReport {
  ok: boolean;
  entries: number;
  orders: number;
  problems: Array<{ orderId: string; problem: string }>;
  stripeChecked: boolean;
}

export interface CheckoutRpcMap {
  'payments.client_config': { request: Record<string, never>; response: PaymentsClientConfig };
  'payments.create_order': { request: CallerRequest<CreateOrderDto>; response: OrderView };
  'payments.create_payment_intent': { request: CallerRequest<CreatePaymentIntentDto>; response: PaymentIntentResponse };
  'payments.create_direct_payment': { request: CallerRequest<CreateDirectPaymentDto>; response: DirectPaymentResponse };
  'payments.confirm_test_card': { request: CallerRequest<TestCardPaymentDto & { paymentIntentId: string }>; response: PaymentStatusView };
  'payments.recheck_payment': { request: CallerRequest<PaymentStatusDto>; response: PaymentStatusView };
  'payments.get_payment': { request: CallerRequest<{ paymentIntentId: string; clientSecret?: string }>; response: PaymentStatusView };
  'payments.list_orders': { request: CallerRequest<{ all?: boolean }>; response: OrderView[] };
  /** Audited (ADR 0075): `order.refunded`, recorded with the refund's plan. */
  'payments.refund_order': { request: AuditedCallerRequest<RefundOrderDto & { orderId: string }>; response: OrderView };
  'payments.handle_stripe_webhook': { request: { payload: string; signature: string }; response: { received: true; duplicate: boolean } };
  'payments.verify_ledger': { request: { withStripe?: boolean }; response: LedgerReport };
  'payments.api_create_order': { request: CallerRequest<ApiCreateOrderDto>; response: ApiOrderView };
  /** `id`: the order's PayMarket id (ADR 0038: paths take the ids the API answers). */
  'payments.api_payment_intent': { request: CallerRequest<{ id: string }>; response: PaymentIntentResponse };
  'payments.api_get_order': { request: CallerRequest<{ id: string }>; response: ApiOrderView };
  'payments.api_list_orders': { request: CallerRequest<ApiListOrdersDto>; response: ApiOrderList };
  /** Audited (ADR 0075): `order.refunded`, recorded with the refund's plan. */
  'payments.api_create_refund': { request: AuditedCallerRequest<CreateRefundDto>; response: RefundView };
  'payments.api_get_refund': { request: CallerRequest<{ id: string }>; response: RefundView };
  'payments.api_list_refunds': { request: CallerRequest<ListRefundsDto>; response: RefundList };
  /** `marketplaceId`: from the verified embed token; the order belongs to caller.company and records the marketplace. */
  'payments.embed_create_order': {
    request: CallerRequest<Omit<EmbedCreateOrderDto, 'embedOrigin'> & { marketplaceId: string }>;
    response: EmbedOrderResponse;
  };
}
