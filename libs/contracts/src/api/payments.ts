/** Order statuses (spec §4 colours: completed green, processing blue, failed red, anything else yellow). */
export type OrderStatus = 'pending' | 'processing' | 'completed' | 'failed' | 'refunded' | 'partially_refunded';

/** An order as the API shows it (spec §3 "Order"); money as decimal strings with two decimals. */
export interface OrderView {
  id: string;
  orderId: string;
  createdAt: string;
  status: OrderStatus;
  /**
   * Product amount, e.g. "96.44": what the recipients receive, less a white-label marketplace's share when the order
   * was placed through one with custom fees (ADR 0051; see `split`).
   */
  amount: string;
  /** PayMarket's transaction fee, e.g. "3.56" (a marketplace's own transaction fee when it sets custom fees). */
  fee: string;
  /** What the buyer pays: amount + fee. */
  total: string;
  /** Refunded so far. */
  refunded: string;
  currency: 'usd' | 'cad';
  description: string | null;
  printProviderId: string;
  /** Who the order pays, by name: a seller's business name or a print provider's name (null on older orders). */
  recipient: OrderRecipient;
  stripePaymentIntentId: string | null;
  buyerEmail: string | null;
  /** The order's card dispute (ADR 0045), if the cardholder disputed it; refunds are frozen unless it is won. */
  dispute?: OrderDispute | null;
  /** The white-label marketplace the order was placed through (ADR 0051); null for PayMarket's own orders. */
  marketplace: OrderMarketplace | null;
  /** Who gets what of `total` (ADR 0051), in the order PayMarket, marketplace, seller, provider; sums to `total`. */
  split: OrderSplitLine[];
}

/**
 * The Stripe events payments acts on: the webhook endpoint's `enabled_events` (set these in the Stripe dashboard; the
 * emulator delivers only these). Payments answers any other event 200 without touching its database, so an endpoint
 * subscribed to more costs a round trip per event, nothing else (ADR 0048).
 */
export const STRIPE_WEBHOOK_EVENTS: readonly string[] = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
];

/** What payments answers about disputed orders (ADR 0045), shown by the web before it asks. */
export const DISPUTE_MESSAGES = {
  REFUNDS_FROZEN: 'This order is disputed by the cardholder: refunds are frozen until the dispute is won.',
} as const;

/** A card dispute on an order as the order views show it (amount as a decimal, like `amount`). */
export interface OrderDispute {
  /** Stripe's dispute status: needs_response, under_review, won, lost (anything else as Stripe says it). */
  status: string;
  /** The disputed amount, e.g. "100.00". */
  amount: string;
  reason: string;
}

/** The marketplace an order was placed through, and the fee terms it was made under (never changed by later edits). */
export interface OrderMarketplace {
  id: string;
  name: string;
  /** PayMarket's fixed fee on this order, e.g. "3.56"; the marketplace's percentage, e.g. "5" (null without custom fees). */
  terms: { customFees: boolean; transactionFee: string; platformFee: string | null };
}

/**
 * One party's share of an order. `platform` is PayMarket's fee; `marketplace` the white-label marketplace's share;
 * `seller` and `provider` the recipients. `name` is the party's display name when known.
 */
export interface OrderSplitLine {
  party: 'platform' | 'marketplace' | 'seller' | 'provider';
  /** Decimal text, e.g. "5.00". */
  amount: string;
  name: string | null;
}

export interface OrderRecipient {
  party: 'seller' | 'provider';
  name: string | null;
}

/** POST /api/create-payment-intent (spec §3). */
export interface PaymentIntentResponse {
  clientSecret: string;
  paymentIntentId: string;
  developmentMode: boolean;
  breakdown: PaymentBreakdown;
}

/** POST /api/create-buyer-seller-payment (spec §3): breakdown {sellerGets, paymarketGets, total, currency}. */
export interface PaymentBreakdown {
  /** What the seller and the print provider receive together (the amount, less a marketplace's share). */
  sellerGets: string;
  /** PayMarket's fee. */
  paymarketGets: string;
  total: string;
  currency: 'usd' | 'cad';
  /** A white-label marketplace's share (ADR 0051), on orders placed through one with custom fees. */
  marketplaceGets?: string;
}

export interface DirectPaymentResponse {
  clientSecret: string;
  paymentIntentId: string;
  developmentMode: boolean;
  breakdown: PaymentBreakdown;
}

/** The result of confirming or re-checking a payment. */
export interface PaymentStatusView {
  orderId: string;
  paymentIntentId: string;
  /** Stripe's status: succeeded, processing, requires_action, requires_payment_method, canceled. */
  paymentStatus: string;
  orderStatus: OrderStatus;
  /** Set when the card needs authentication (3-D Secure): send the browser there. */
  redirectUrl?: string;
  /** The card provider's message on a decline. */
  failureMessage?: string;
}

/** GET /api/payments/config: what the payment pages need to choose their card form. */
export interface PaymentsClientConfig {
  developmentMode: boolean;
  /** Only with a real Stripe key: the publishable key for Stripe Elements. */
  publishableKey: string | null;
  fees: { usd: string; cad: string };
}

/** An order as the integrator API shows it to the company that owns it (ADR 0032). */
export interface ApiOrderView {
  id: string;
  orderId: string;
  createdAt: string;
  status: OrderStatus;
  /**
   * The product amount, e.g. "96.44": what the recipients receive, less the marketplace's share when the order was
   * placed through a marketplace with custom fees (ADR 0051; `split` has each part).
   */
  amount: string;
  /** PayMarket's transaction fee, e.g. "3.56" (the marketplace's transaction fee when it sets custom fees). */
  fee: string;
  /** What the buyer pays: amount + fee. */
  total: string;
  refunded: string;
  currency: 'usd' | 'cad';
  description: string | null;
  /** What the order pays: a print provider's `acct_…` or `seller_<id>`. */
  recipient: string;
  paymentIntentId: string | null;
  buyerEmail: string | null;
  buyerName: string | null;
  /** The white-label marketplace the order was placed through (ADR 0051); null otherwise. */
  marketplace: OrderMarketplace | null;
  /** Who gets what of `total`: PayMarket's fee, the marketplace's share, the seller's and the provider's. */
  split: OrderSplitLine[];
}

/** GET /api/v1/orders: the company's own orders, newest first. */
export interface ApiOrderList {
  data: ApiOrderView[];
  limit: number;
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
}
