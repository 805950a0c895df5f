import type { PaymentCurrency } from '../dtos/payments/create-order.dto.js';

// DO NOT CHANGE THE VALUES WITHOUT A MIGRATION PLAN: event names are routing keys and inbox keys.
export const QuoteEvents = {
  QUOTE_SENT: 'quote.sent',
  QUOTE_ACCEPTED: 'quote.accepted',
  QUOTE_DECLINED: 'quote.declined',
  QUOTE_PAID: 'quote.paid',
  REQUEST_FULFILLED: 'request.fulfilled',
  QUESTION_ASKED: 'quote.question_asked',
  QUESTION_ANSWERED: 'quote.question_answered',
} as const;

/** The seller of a quote as catalog held it when the quote was sent (verified by the gateway, ADR 0045). */
export interface QuoteSeller {
  id: string;
  businessName: string;
  email: string;
}

/** What every quote event carries, so notifications writes its emails without calling back. Money in minor units. */
export interface QuoteEventBase {
  quoteId: string;
  requestId: string;
  requestTitle: string;
  buyerEmail: string;
  buyerName: string;
  seller: QuoteSeller;
  amountMinor: string;
  currency: PaymentCurrency;
}

export interface QuoteSentPayload extends QuoteEventBase {
  included: string;
  deliveryDate: string;
  providerAmountMinor: string | null;
}

export interface QuoteAcceptedPayload extends QuoteEventBase {
  /** The public order id the buyer pays (`quote_<quoteId>`). */
  orderId: string;
}

export interface QuoteDeclinedPayload extends QuoteEventBase {
  reason: string | null;
}

export interface QuotePaidPayload extends QuoteEventBase {
  orderId: string;
}

/** A paid quote closed the request; the other sellers who quoted on it are told their offer was not chosen. */
export interface RequestFulfilledPayload {
  requestId: string;
  requestTitle: string;
  quoteId: string;
  otherSellers: QuoteSeller[];
}

/** The buyer asked the seller about a quote (the seller is emailed), or the seller answered (the buyer is emailed). */
export interface QuoteMessagePayload extends QuoteEventBase {
  message: string;
}

export interface QuotesEventMap {
  'quote.question_asked': QuoteMessagePayload;
  'quote.question_answered': QuoteMessagePayload;
  'quote.sent': QuoteSentPayload;
  'quote.accepted': QuoteAcceptedPayload;
  'quote.declined': QuoteDeclinedPayload;
  'quote.paid': QuotePaidPayload;
  'request.fulfilled': RequestFulfilledPayload;
}
