import { Body, Controller, Get, Headers, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
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
  type RequestsActor,
  type SignedInBuyer,
} from '@paymarket/contracts';
import { BuyerSession, CurrentBuyer } from '../auth/buyer-session.guard.js';
import { ApiError } from '../http/api-error.js';
import { GatewayRpc } from '../http/rpc.provider.js';
import { idempotencyKeyOf } from '../http/idempotency-key.js';
import { Doc, DocTag } from '../openapi/describe.js';
import { SELLER_ID_HEADER, verifiedSeller } from '../requests/seller-identity.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function validated<T extends object>(cls: new () => T, value: unknown): T {
  const result = validateDto(cls, value ?? {});
  if (!result.ok) throw ApiError.of(400, [...new Set(Object.values(result.errors).flat())].join('; '), result.errors);
  return result.value;
}

function uuidOr404(id: string, message: string): string {
  if (!UUID.test(id)) throw ApiError.of(404, message);
  return id.toLowerCase();
}

const actorOf = (buyer: SignedInBuyer): RequestsActor => ({ buyerId: buyer.id, email: buyer.email, name: buyer.name });

/**
 * Quotes on buyer requests (ADR 0045). A seller quotes with the edit token the browser keeps under
 * seller_auth_{sellerId} (as Contact Buyer does); the request's owner, signed in, lists, accepts and declines.
 */
@DocTag('Quotes')
@Controller('api/buyer-requests/:id/quotes')
export class QuotesController {
  constructor(private readonly rpc: GatewayRpc) {}

  @Doc({
    summary: "Send a quote on a buyer request (the seller's edit token)",
    description:
      'Price and the optional print provider share are decimal amounts validated to the cent as on /payment (stored in minor units). ' +
      'One open quote per seller and request; a fulfilled (closed) or deleted request refuses quotes.',
    status: 201,
    body: 'SendQuoteDto',
    returns: 'QuoteResponse',
    auth: ['sellerToken'],
    errors: [400, 401, 404, 409],
  })
  @Post()
  @HttpCode(201)
  async send(
    @Param('id') id: string,
    @Body() body: unknown,
    @Headers('authorization') authorization: string | undefined,
    @Headers(SELLER_ID_HEADER) sellerId: string | undefined,
  ): Promise<QuoteResponse> {
    const seller = await verifiedSeller(this.rpc, authorization, sellerId);
    const input = validated(SendQuoteDto, body);
    return this.rpc.call(RpcPatterns.quotes.SEND, {
      requestId: uuidOr404(id, QUOTE_ERRORS.REQUEST_NOT_FOUND),
      seller: { id: seller.id, businessName: seller.businessName, email: seller.email },
      input,
    });
  }

  @Doc({ summary: 'List the quotes on your buyer request', returns: 'QuoteListResponse', errors: [401, 403, 404] })
  @Get()
  @BuyerSession()
  async list(@Param('id') id: string, @CurrentBuyer() buyer: SignedInBuyer): Promise<QuoteListResponse> {
    return this.rpc.call(RpcPatterns.quotes.LIST, { actor: actorOf(buyer), requestId: uuidOr404(id, QUOTE_ERRORS.REQUEST_NOT_FOUND) });
  }

  @Doc({
    summary: 'Accept a quote on your buyer request: creates its order and says how to pay it',
    description:
      'Creates one order per quote with the quoted split (seller, print provider, PayMarket fee); accepting again answers the same order. ' +
      'Pay it with POST /api/create-payment-intent using `pay`; the paid order fulfils the request.',
    returns: 'AcceptQuoteResponse',
    errors: [401, 403, 404, 409, 422],
  })
  @Post(':quoteId/accept')
  @HttpCode(200)
  @BuyerSession()
  async accept(
    @Param('id') id: string,
    @Param('quoteId') quoteId: string,
    @CurrentBuyer() buyer: SignedInBuyer,
  ): Promise<AcceptQuoteResponse> {
    return this.rpc.call(RpcPatterns.quotes.ACCEPT, {
      actor: actorOf(buyer),
      requestId: uuidOr404(id, QUOTE_ERRORS.REQUEST_NOT_FOUND),
      quoteId: uuidOr404(quoteId, QUOTE_ERRORS.NOT_FOUND),
    });
  }

  @Doc({
    summary: 'Decline a quote on your buyer request',
    body: 'DeclineQuoteDto',
    returns: 'QuoteResponse',
    errors: [400, 401, 403, 404, 409],
  })
  @Post(':quoteId/decline')
  @HttpCode(200)
  @BuyerSession()
  async decline(
    @Param('id') id: string,
    @Param('quoteId') quoteId: string,
    @Body() body: unknown,
    @CurrentBuyer() buyer: SignedInBuyer,
  ): Promise<QuoteResponse> {
    const input = validated(DeclineQuoteDto, body);
    return this.rpc.call(RpcPatterns.quotes.DECLINE, {
      actor: actorOf(buyer),
      requestId: uuidOr404(id, QUOTE_ERRORS.REQUEST_NOT_FOUND),
      quoteId: uuidOr404(quoteId, QUOTE_ERRORS.NOT_FOUND),
      input,
    });
  }

  @Doc({
    summary: 'Ask the seller a question about a quote on your buyer request (emailed to the seller)',
    body: 'QuoteMessageDto',
    returns: 'QuoteResponse',
    status: 201,
    idempotent: true,
    errors: [400, 401, 403, 404, 422],
  })
  @Post(':quoteId/questions')
  @HttpCode(201)
  @BuyerSession()
  async ask(
    @Param('id') id: string,
    @Param('quoteId') quoteId: string,
    @Body() body: unknown,
    @CurrentBuyer() buyer: SignedInBuyer,
    @Req() request: FastifyRequest,
  ): Promise<QuoteResponse> {
    const input = validated(QuoteMessageDto, body);
    return this.rpc.call(RpcPatterns.quotes.ASK, {
      actor: actorOf(buyer),
      requestId: uuidOr404(id, QUOTE_ERRORS.REQUEST_NOT_FOUND),
      quoteId: uuidOr404(quoteId, QUOTE_ERRORS.NOT_FOUND),
      input,
      idempotencyKey: idempotencyKeyOf(request),
    });
  }

  @Doc({
    summary: "Answer the buyer's question about your quote (the seller's edit token; emailed to the buyer)",
    body: 'QuoteMessageDto',
    returns: 'QuoteResponse',
    status: 201,
    auth: ['sellerToken'],
    idempotent: true,
    errors: [400, 401, 403, 404, 422],
  })
  @Post(':quoteId/answers')
  @HttpCode(201)
  async answer(
    @Param('id') id: string,
    @Param('quoteId') quoteId: string,
    @Body() body: unknown,
    @Headers('authorization') authorization: string | undefined,
    @Headers(SELLER_ID_HEADER) sellerId: string | undefined,
    @Req() request: FastifyRequest,
  ): Promise<QuoteResponse> {
    const seller = await verifiedSeller(this.rpc, authorization, sellerId);
    const input = validated(QuoteMessageDto, body);
    return this.rpc.call(RpcPatterns.quotes.ANSWER, {
      seller: { id: seller.id, businessName: seller.businessName, email: seller.email },
      requestId: uuidOr404(id, QUOTE_ERRORS.REQUEST_NOT_FOUND),
      quoteId: uuidOr404(quoteId, QUOTE_ERRORS.NOT_FOUND),
      input,
      idempotencyKey: idempotencyKeyOf(request),
    });
  }
}
