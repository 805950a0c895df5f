import { Body, Controller, Get, Headers, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  RecoverSellerTokenDto,
  RegisterSellerDto,
  RequestSellerEditLinkDto,
  RpcPatterns,
  UpdateSellerDto,
  type RegisterSellerResponse,
  type RpcResponse,
  type SellerProfile,
  type SellersShowcase,
} from '@paymarket/contracts';
import { bearerToken, SellerToken } from '../auth/seller-token.guard.js';
import { ApiError } from '../http/api-error.js';
import { idempotencyKeyOf } from '../http/idempotency-key.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';
import { GatewayRpc } from '../http/rpc.provider.js';
import { Doc, DocTag } from '../openapi/describe.js';
import { answerFromCache } from '../http/public-read-cache.js';
import { loadShowcasePage, PUBLIC_REVALIDATE, showcaseCacheKey, ShowcaseCache } from './showcase-cache.js';

const LIMIT_MESSAGE = 'limit must be a whole number from 1 to 100';

@DocTag('Sellers')
@Controller('api')
export class SellersController {
  constructor(
    private readonly rpc: GatewayRpc,
    private readonly showcaseCache: ShowcaseCache,
  ) {}

  @Doc({
    summary: 'Register a seller (answers the edit token once)',
    description:
      'A repeat with the same Idempotency-Key and body within 15 minutes answers the same seller with a new edit token ' +
      'that replaces the first (only its hash is stored, so the first cannot be answered again); later, 409.',
    status: 201,
    returns: 'RegisterSellerResponse',
    idempotent: true,
    errors: [400, 409, 422],
  })
  @Post('register-seller')
  @HttpCode(201)
  @RateLimit('public-form')
  async register(@Body() body: RegisterSellerDto, @Req() request: FastifyRequest): Promise<RegisterSellerResponse> {
    const registered = await this.rpc.call(RpcPatterns.catalog.REGISTER_SELLER, { ...body, idempotencyKey: idempotencyKeyOf(request) });
    this.showcaseCache.invalidate();
    return registered;
  }

  /** One page of sellers, newest first, with stats over all of them; `nextCursor` fetches the next page. */
  @Doc({ summary: 'Page through the sellers showcase (cursor)', returns: 'SellersShowcase', errors: [400] })
  @Get('sellers-showcase')
  async showcase(
    @Res({ passthrough: true }) reply: FastifyReply,
    @Query('limit') limit?: string,
    @Query('cursor') cursor?: string,
    @Query('payable') payable?: string,
  ): Promise<SellersShowcase | string | undefined> {
    let parsed: number | undefined;
    if (limit !== undefined) {
      parsed = /^\d{1,3}$/.test(limit) ? Number(limit) : NaN;
      if (!Number.isInteger(parsed) || parsed < 1 || parsed > 100) throw ApiError.of(400, LIMIT_MESSAGE, { limit: [LIMIT_MESSAGE] });
    }
    if (cursor !== undefined && typeof cursor !== 'string')
      throw ApiError.of(400, 'cursor must be text', { cursor: ['cursor must be text'] });
    if (payable !== undefined && payable !== 'true')
      throw ApiError.of(400, 'payable can only be true', { payable: ['payable can only be true'] });
    // Every page is cached by its query (ADR 0044; `payable=true` is Direct Payment's seller picker): a read taken
    // before a seller write is never kept after it.
    const query = { limit: parsed, cursor, payable: payable === 'true' };
    return answerFromCache(this.showcaseCache, showcaseCacheKey(query), reply, PUBLIC_REVALIDATE, () => loadShowcasePage(this.rpc, query));
  }

  @Doc({ summary: "A seller's public profile", returns: 'SellerProfile', errors: [404] })
  @Get('sellers/:id')
  async get(@Param('id') id: string): Promise<SellerProfile> {
    return this.rpc.call(RpcPatterns.catalog.GET_SELLER, { sellerId: id });
  }

  @Doc({ summary: "Update a seller's profile (the seller's edit token)", returns: 'SellerProfile', errors: [400, 404, 422] })
  @Put('sellers/:id')
  @SellerToken('id')
  async update(
    @Param('id') id: string,
    @Headers('authorization') authorization: string,
    @Body() body: UpdateSellerDto,
  ): Promise<SellerProfile> {
    const updated = await this.rpc.call(RpcPatterns.catalog.UPDATE_SELLER, {
      sellerId: id,
      token: bearerToken(authorization) ?? '',
      profile: body,
    });
    this.showcaseCache.invalidate();
    return updated;
  }

  /** A seller who lost the edit token: the same 202 whether or not the email matches (no enumeration). */
  @Doc({
    summary: 'Email the seller a new edit link',
    status: 202,
    schema: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
    errors: [400],
  })
  @Post('sellers/:id/edit-link')
  @HttpCode(202)
  @RateLimit('public-form')
  async requestEditLink(@Param('id') id: string, @Body() body: RequestSellerEditLinkDto): Promise<{ message: string }> {
    return this.rpc.call(RpcPatterns.catalog.REQUEST_SELLER_EDIT_LINK, { sellerId: id, email: body.email });
  }

  @Doc({
    summary: 'Exchange an emailed recovery token for a new edit token',
    schema: {
      type: 'object',
      required: ['authToken', 'seller'],
      properties: { authToken: { type: 'string' }, seller: { $ref: '#/components/schemas/SellerProfile' } },
    },
    errors: [400, 401, 404],
  })
  @Post('sellers/:id/recover')
  @HttpCode(200)
  @RateLimit('public-form')
  async recover(@Param('id') id: string, @Body() body: RecoverSellerTokenDto): Promise<RpcResponse<'catalog.recover_seller_token'>> {
    return this.rpc.call(RpcPatterns.catalog.RECOVER_SELLER_TOKEN, { sellerId: id, recoveryToken: body.recoveryToken });
  }
}
