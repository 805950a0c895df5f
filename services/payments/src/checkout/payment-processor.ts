import type { Currency, Minor } from '../fees/money.js';

/** A PaymentIntent as the payments domain needs it. */
export interface ProcessorPaymentIntent {
  id: string;
  clientSecret: string;
  /** Stripe's status: requires_payment_method, requires_confirmation, requires_action, processing, succeeded, canceled. */
  status: string;
  amount: Minor;
  currency: Currency;
  latestChargeId: string | null;
  metadata: Record<string, string>;
  /** The card provider's message after a decline. */
  lastErrorMessage: string | null;
  /** Where to send the buyer to authenticate (3-D Secure). */
  nextActionUrl: string | null;
}

export interface ProcessorEvent {
  id: string;
  type: string;
  paymentIntent?: ProcessorPaymentIntent;
  /** charge.dispute.* events: only the id; the dispute is read fresh (ADR 0045). */
  dispute?: { id: string };
}

/** A card dispute as the payments domain needs it (ADR 0045). */
export interface ProcessorDispute {
  id: string;
  paymentIntentId: string | null;
  chargeId: string;
  amount: Minor;
  currency: string;
  reason: string;
  /** Stripe's status: needs_response, under_review, won, lost, warning_*. */
  status: string;
}

/** A refund, transfer and reversal as listed from Stripe by the reconciliation after a restore (ADR 0069). */
export interface ProcessorRefund {
  id: string;
  paymentIntentId: string | null;
  amount: Minor;
  /** Stripe's status: pending, succeeded, failed, canceled, requires_action. */
  status: string | null;
  /** `refund_id` (our refund's uuid) and `order_uuid` since ADR 0069. */
  metadata: Record<string, string>;
}

export interface ProcessorTransfer {
  id: string;
  amount: Minor;
  destination: string;
  /** The order's uuid (Connect separate charges and transfers). */
  transferGroup: string | null;
  /** `party` since ADR 0069. */
  metadata: Record<string, string>;
}

export interface ProcessorReversal {
  id: string;
  amount: Minor;
  /** `refund_id` and `party` since ADR 0069. */
  metadata: Record<string, string>;
}

export interface ConnectedAccountStatus {
  exists: boolean;
  transfersActive: boolean;
}

export class WebhookSignatureError extends Error {}

/**
 * Port to the card processor (Stripe, Connect "separate charges and transfers"). The adapter lives in
 * stripe/stripe.gateway.ts, the only file that imports the Stripe SDK. Every call that creates something takes an
 * idempotency key so a retry after a crash repeats nothing at Stripe.
 */
export abstract class PaymentProcessor {
  /** True with the emulator or an sk_test_ key: no real money moves. */
  abstract readonly developmentMode: boolean;
  abstract readonly publishableKey: string | null;

  abstract connectedAccountStatus(accountId: string): Promise<ConnectedAccountStatus>;
  abstract createPaymentIntent(input: {
    amount: Minor;
    currency: Currency;
    transferGroup: string;
    description: string | null;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<ProcessorPaymentIntent>;
  abstract retrievePaymentIntent(id: string): Promise<ProcessorPaymentIntent>;
  /** Development mode only: confirm with a Stripe test payment method (e.g. pm_card_visa). Declines come back as data. */
  abstract confirmWithTestPaymentMethod(id: string, paymentMethod: string, returnUrl: string): Promise<ProcessorPaymentIntent>;
  abstract createTransfer(input: {
    amount: Minor;
    currency: Currency;
    destination: string;
    transferGroup: string;
    sourceTransaction: string | null;
    idempotencyKey: string;
    metadata?: Record<string, string>;
  }): Promise<{ id: string }>;
  abstract reverseTransfer(input: {
    transferId: string;
    amount: Minor;
    idempotencyKey: string;
    metadata?: Record<string, string>;
  }): Promise<{ id: string }>;
  abstract createRefund(input: {
    paymentIntentId: string;
    amount: Minor;
    idempotencyKey: string;
    metadata?: Record<string, string>;
  }): Promise<{ id: string }>;
  abstract retrieveTransfer(id: string): Promise<{ id: string; amount: Minor; amountReversed: Minor; destination: string }>;
  /** Verifies a webhook's Stripe-Signature; throws WebhookSignatureError when it is not Stripe's. */
  abstract verifyWebhook(payload: string, signature: string): ProcessorEvent;
  /** Disputes (ADR 0045); a processor that has none (test fakes) says so. */
  retrieveDispute(id: string): Promise<ProcessorDispute> {
    return Promise.reject(new Error(`disputes are not supported by this processor (${id})`));
  }
  /**
   * What Stripe has since a time, oldest first, for the reconciliation after a restore (ADR 0069); a processor that
   * cannot list (test fakes) says so.
   */
  listPaymentIntents(since: Date): Promise<ProcessorPaymentIntent[]> {
    return Promise.reject(new Error(`listing is not supported by this processor (${since.toISOString()})`));
  }
  listRefunds(since: Date): Promise<ProcessorRefund[]> {
    return Promise.reject(new Error(`listing is not supported by this processor (${since.toISOString()})`));
  }
  listTransfers(since: Date): Promise<ProcessorTransfer[]> {
    return Promise.reject(new Error(`listing is not supported by this processor (${since.toISOString()})`));
  }
  listTransferReversals(transferId: string): Promise<ProcessorReversal[]> {
    return Promise.reject(new Error(`listing is not supported by this processor (${transferId})`));
  }
  /** Dispute ids; each is read fresh by RecordDispute, as a webhook does. */
  listDisputes(since: Date): Promise<string[]> {
    return Promise.reject(new Error(`listing is not supported by this processor (${since.toISOString()})`));
  }
}

/** Stripe's test cards (ARCHITECTURE §2) mapped to the test payment methods Stripe accepts server-side. */
export const TEST_CARDS: Record<string, string> = {
  '4242424242424242': 'pm_card_visa',
  '4000000000000002': 'pm_card_chargeDeclined',
  // Succeeds, then Stripe opens a fraudulent dispute on the charge (ADR 0045).
  '4000000000000259': 'pm_card_createDispute',
  '4000000000009995': 'pm_card_chargeDeclinedInsufficientFunds',
  '4000002500003155': 'pm_card_authenticationRequired',
};
