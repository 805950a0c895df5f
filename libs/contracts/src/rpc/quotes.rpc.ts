import type { OrderView } from '../api/payments.js';
import type {
  QuoteMessageDto,
  DeclineQuoteDto,
  QuoteListResponse,
  QuoteResponse,
  SendQuoteDto,
  AcceptQuoteResponse,
} from '../dtos/quotes/quote.dto.js';
import type { PaymentCurrency } from '../dtos/payments/create-order.dto.js';
import type { QuoteSeller } from '../events/quotes.events.js';
import type { RequestsActor } from './requests.rpc.js';

// DO NOT CHANGE THE VALUES WITHOUT A MIGRATION PLAN: they are routing keys bound to service queues.
export const QuotesRpc = {
  SEND: 'requests.send_quote',
  LIST: 'requests.list_quotes',
  ACCEPT: 'requests.accept_quote',
  DECLINE: 'requests.decline_quote',
  ASK: 'requests.ask_quote_question',
  ANSWER: 'requests.answer_quote_question',
} as const;

// DO NOT CHANGE THE VALUES WITHOUT A MIGRATION PLAN: routing key bound to the payments queue.
export const QuoteOrdersRpc = {
  CREATE_QUOTE_ORDER: 'payments.create_quote_order',
} as const;

/**
 * What requests asks payments when a buyer accepts a quote: one order per quote (`quote_<quoteId>`), to the
 * seller's payout account, with the provider's share split off when the quote names one. Asking again answers the
 * same order.
 */
export interface CreateQuoteOrderRequest {
  quoteId: string;
  buyer: { id: string; email: string; name: string };
  sellerId: string;
  amountMinor: string;
  currency: PaymentCurrency;
  description: string;
  provider: { stripeAccountId: string; amountMinor: string } | null;
}

export interface QuotesRpcMap {
  'requests.send_quote': {
    request: { requestId: string; seller: QuoteSeller; input: SendQuoteDto };
    response: QuoteResponse;
  };
  'requests.list_quotes': { request: { actor: RequestsActor; requestId: string }; response: QuoteListResponse };
  'requests.accept_quote': {
    request: { actor: RequestsActor; requestId: string; quoteId: string };
    response: AcceptQuoteResponse;
  };
  'requests.decline_quote': {
    request: { actor: RequestsActor; requestId: string; quoteId: string; input: DeclineQuoteDto };
    response: QuoteResponse;
  };
  /** `idempotencyKey`: the caller's Idempotency-Key header; the message is stored and emailed once per key and author. */
  'requests.ask_quote_question': {
    request: { actor: RequestsActor; requestId: string; quoteId: string; input: QuoteMessageDto; idempotencyKey?: string };
    response: QuoteResponse;
  };
  'requests.answer_quote_question': {
    request: { seller: QuoteSeller; requestId: string; quoteId: string; input: QuoteMessageDto; idempotencyKey?: string };
    response: QuoteResponse;
  };
  'payments.create_quote_order': { request: CreateQuoteOrderRequest; response: OrderView };
}
