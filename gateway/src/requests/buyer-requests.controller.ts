import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ContactBuyerDto,
  ListBuyerRequestsQueryDto,
  PostBuyerRequestDto,
  RpcPatterns,
  UpdateBuyerRequestDto,
  validateDto,
  type BuyerRequestListResponse,
  type BuyerRequestResponse,
  type ContactBuyerResponse,
  type DeleteBuyerRequestResponse,
  type RequestsActor,
  type SignedInBuyer,
} from '@paymarket/contracts';
import { BuyerSession, CurrentBuyer } from '../auth/buyer-session.guard.js';
import { ApiError } from '../http/api-error.js';
import { GatewayRpc } from '../http/rpc.provider.js';
import { idempotencyKeyOf } from '../http/idempotency-key.js';
import { optionalBuyer } from '../auth/resolve-session.js';
import { BUYER_SESSION_COOKIE } from '../auth/session-cookies.js';
import { answerFromCache } from '../http/public-read-cache.js';
import { PUBLIC_REVALIDATE } from '../catalog/showcase-cache.js';
import { BoardCache, boardPageKey, loadBoardPage } from './board-cache.js';
import { SELLER_ID_HEADER, verifiedSeller } from './seller-identity.js';
import { Doc, DocTag } from '../openapi/describe.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Validates with the shared DTO; a message repeated by several fields (the spec's "Missing Required Fields") is said once. */
function validated<T extends object>(cls: new () => T, value: unknown): T {
  const result = validateDto(cls, value ?? {});
  if (!result.ok) throw ApiError.of(400, [...new Set(Object.values(result.errors).flat())].join('; '), result.errors);
  return result.value;
}

function actorOf(buyer: SignedInBuyer): RequestsActor {
  return { buyerId: buyer.id, email: buyer.email, name: buyer.name };
}

function requestId(id: string): string {
  if (!UUID.test(id)) throw ApiError.of(404, 'This request no longer exists.');
  return id.toLowerCase();
}

/** The buyer requests board (spec §2, §7): public reads, owner-only writes, seller interest by edit token. */
@DocTag('Buyer requests')
@Controller('api/buyer-requests')
export class BuyerRequestsController {
  constructor(
    private readonly rpc: GatewayRpc,
    private readonly boardCache: BoardCache,
  ) {}

  @Doc({ summary: 'Search the buyer requests board (filters, cursor)', returns: 'BuyerRequestListResponse', errors: [400] })
  @Get()
  async list(
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<BuyerRequestListResponse | string | undefined> {
    const filters = validated(ListBuyerRequestsQueryDto, { ...query });
    // A signed-out visitor's page is the same for everyone: cached by its filters (ADR 0044).
    if (request.cookies?.[BUYER_SESSION_COOKIE] === undefined) {
      return answerFromCache(this.boardCache, boardPageKey(filters), reply, PUBLIC_REVALIDATE, () => loadBoardPage(this.rpc, filters));
    }
    const viewer = await optionalBuyer(this.rpc, request);
    return this.rpc.call(RpcPatterns.requests.LIST, { query: filters, viewerEmail: viewer?.email });
  }

  @Doc({
    summary: 'Post a buyer request',
    status: 201,
    body: 'PostBuyerRequestDto',
    returns: 'BuyerRequestResponse',
    idempotent: true,
    errors: [400, 422],
  })
  @Post()
  @HttpCode(201)
  @BuyerSession()
  async post(@Body() body: unknown, @CurrentBuyer() buyer: SignedInBuyer, @Req() request: FastifyRequest): Promise<BuyerRequestResponse> {
    const actor = actorOf(buyer);
    const input = validated(PostBuyerRequestDto, body);
    // The buyer's email and name come from the session; a buyerEmail in the body is ignored.
    delete input.buyerEmail;
    return this.changing(this.rpc.call(RpcPatterns.requests.POST, { actor, input, idempotencyKey: idempotencyKeyOf(request) }));
  }

  @Doc({
    summary: "Tell a buyer a seller is interested (the seller's edit token)",
    status: 201,
    body: 'ContactBuyerDto',
    returns: 'ContactBuyerResponse',
    auth: ['sellerToken'],
    errors: [400, 401, 403, 404, 409],
  })
  @Post('contact')
  @HttpCode(201)
  async contact(
    @Body() body: unknown,
    @Headers('authorization') authorization: string | undefined,
    @Headers(SELLER_ID_HEADER) sellerId: string | undefined,
  ): Promise<ContactBuyerResponse> {
    const seller = await verifiedSeller(this.rpc, authorization, sellerId);
    const input = validated(ContactBuyerDto, body);
    return this.changing(
      this.rpc.call(RpcPatterns.requests.RECORD_INTEREST, {
        requestId: input.requestId,
        sellerMessage: input.sellerMessage,
        seller,
      }),
    );
  }

  @Doc({ summary: 'Edit your buyer request', body: 'UpdateBuyerRequestDto', returns: 'BuyerRequestResponse', errors: [400, 404] })
  @Put(':id')
  @BuyerSession()
  async update(@Param('id') id: string, @Body() body: unknown, @CurrentBuyer() buyer: SignedInBuyer): Promise<BuyerRequestResponse> {
    const actor = actorOf(buyer);
    const input = validated(UpdateBuyerRequestDto, body);
    delete input.buyerEmail;
    return this.changing(this.rpc.call(RpcPatterns.requests.UPDATE, { actor, requestId: requestId(id), input }));
  }

  @Doc({ summary: 'Delete your buyer request', returns: 'DeleteBuyerRequestResponse', errors: [404] })
  @Delete(':id')
  @BuyerSession()
  async remove(@Param('id') id: string, @CurrentBuyer() buyer: SignedInBuyer): Promise<DeleteBuyerRequestResponse> {
    const actor = actorOf(buyer);
    return this.changing(this.rpc.call(RpcPatterns.requests.DELETE, { actor, requestId: requestId(id) }));
  }

  /** A write through this gateway drops the cached board pages at once (other replicas learn it from the event). */
  private async changing<T>(write: Promise<T>): Promise<T> {
    try {
      return await write;
    } finally {
      this.boardCache.invalidate();
    }
  }
}
