import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  DeclineQuoteDto,
  QuoteMessageDto,
  QUOTE_ERRORS,
  RpcPatterns,
  SendQuoteDto,
  validateDto,
  type AcceptQuoteResponse,
  type QuoteListResponse,
  type QuoteResponse,
  type QuoteSeller,
  type RequestsActor,
  type RpcEnvelope,
  type RpcRequest,
} from '@paymarket/contracts';
import { idempotencyKeyFrom, ServiceError } from '@paymarket/platform';
import { AcceptQuoteUseCase } from './accept-quote.use-case.js';
import { DeclineQuoteUseCase } from './decline-quote.use-case.js';
import { ListQuotesUseCase } from './list-quotes.use-case.js';
import { QuoteMessagesUseCase } from './quote-messages.use-case.js';
import { SendQuoteUseCase } from './send-quote.use-case.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function validOrThrow<T extends object>(cls: new () => T, value: unknown): T {
  const result = validateDto(cls, value ?? {});
  if (!result.ok) throw ServiceError.invalid([...new Set(Object.values(result.errors).flat())].join('; '), result.errors);
  return result.value;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

// The gateway resolves the buyer from the session cookie; a caller without one is refused here too.
function actorOf(value: unknown): RequestsActor {
  const actor = value as Partial<RequestsActor> | undefined;
  if (!actor || !isText(actor.buyerId) || !isText(actor.email) || typeof actor.name !== 'string') {
    throw ServiceError.unauthorized('Please sign in to continue.');
  }
  return { buyerId: actor.buyerId, email: actor.email.trim().toLowerCase(), name: actor.name };
}

// The gateway verified the seller's edit token with catalog and read these from catalog.
function sellerOf(value: unknown): QuoteSeller {
  const s = value as Partial<QuoteSeller> | undefined;
  if (!s || !isText(s.id) || !isText(s.businessName) || !isText(s.email)) {
    throw ServiceError.unauthorized('Only registered sellers can send quotes.');
  }
  return { id: s.id, businessName: s.businessName, email: s.email };
}

function idOf(value: unknown, message: string): string {
  if (typeof value !== 'string' || !UUID.test(value)) throw ServiceError.notFound(message);
  return value.toLowerCase();
}

/** Quotes on buyer requests (ADR 0045). Inputs are validated again here: the gateway is not the only possible caller. */
@Controller()
export class QuotesHandler {
  constructor(
    private readonly sendQuote: SendQuoteUseCase,
    private readonly listQuotes: ListQuotesUseCase,
    private readonly acceptQuote: AcceptQuoteUseCase,
    private readonly declineQuote: DeclineQuoteUseCase,
    private readonly messages: QuoteMessagesUseCase,
  ) {}

  @MessagePattern<string>(RpcPatterns.quotes.SEND)
  async send(@Payload() message: RpcEnvelope<RpcRequest<'requests.send_quote'>>): Promise<QuoteResponse> {
    const seller = sellerOf(message.data?.seller);
    const requestId = idOf(message.data?.requestId, QUOTE_ERRORS.REQUEST_NOT_FOUND);
    return this.sendQuote.execute(requestId, seller, validOrThrow(SendQuoteDto, message.data?.input));
  }

  @MessagePattern<string>(RpcPatterns.quotes.LIST)
  async list(@Payload() message: RpcEnvelope<RpcRequest<'requests.list_quotes'>>): Promise<QuoteListResponse> {
    const actor = actorOf(message.data?.actor);
    return this.listQuotes.execute(actor, idOf(message.data?.requestId, QUOTE_ERRORS.REQUEST_NOT_FOUND));
  }

  @MessagePattern<string>(RpcPatterns.quotes.ACCEPT)
  async accept(@Payload() message: RpcEnvelope<RpcRequest<'requests.accept_quote'>>): Promise<AcceptQuoteResponse> {
    const actor = actorOf(message.data?.actor);
    const requestId = idOf(message.data?.requestId, QUOTE_ERRORS.REQUEST_NOT_FOUND);
    return this.acceptQuote.execute(actor, requestId, idOf(message.data?.quoteId, QUOTE_ERRORS.NOT_FOUND));
  }

  @MessagePattern<string>(RpcPatterns.quotes.DECLINE)
  async decline(@Payload() message: RpcEnvelope<RpcRequest<'requests.decline_quote'>>): Promise<QuoteResponse> {
    const actor = actorOf(message.data?.actor);
    const requestId = idOf(message.data?.requestId, QUOTE_ERRORS.REQUEST_NOT_FOUND);
    const quoteId = idOf(message.data?.quoteId, QUOTE_ERRORS.NOT_FOUND);
    return this.declineQuote.execute(actor, requestId, quoteId, validOrThrow(DeclineQuoteDto, message.data?.input));
  }

  @MessagePattern<string>(RpcPatterns.quotes.ASK)
  async ask(@Payload() message: RpcEnvelope<RpcRequest<'requests.ask_quote_question'>>): Promise<QuoteResponse> {
    const actor = actorOf(message.data?.actor);
    const requestId = idOf(message.data?.requestId, QUOTE_ERRORS.REQUEST_NOT_FOUND);
    const quoteId = idOf(message.data?.quoteId, QUOTE_ERRORS.NOT_FOUND);
    const input = validOrThrow(QuoteMessageDto, message.data?.input);
    return this.messages.ask(actor, requestId, quoteId, input, idempotencyKeyFrom(message.data?.idempotencyKey));
  }

  @MessagePattern<string>(RpcPatterns.quotes.ANSWER)
  async answer(@Payload() message: RpcEnvelope<RpcRequest<'requests.answer_quote_question'>>): Promise<QuoteResponse> {
    const seller = sellerOf(message.data?.seller);
    const requestId = idOf(message.data?.requestId, QUOTE_ERRORS.REQUEST_NOT_FOUND);
    const quoteId = idOf(message.data?.quoteId, QUOTE_ERRORS.NOT_FOUND);
    const input = validOrThrow(QuoteMessageDto, message.data?.input);
    return this.messages.answer(seller, requestId, quoteId, input, idempotencyKeyFrom(message.data?.idempotencyKey));
  }
}
