import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  EMBED_MESSAGES,
  EMBED_TOKEN_HEADER,
  EmbedCreateOrderDto,
  embedOriginAllowed,
  RpcPatterns,
  TestCardPaymentDto,
  type Caller,
  type EmbedConfigResponse,
  type EmbedMarketplace,
  type EmbedOrderResponse,
  type PaymentStatusView,
} from '@paymarket/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { ApiError } from '../http/api-error.js';
import { idempotencyKeyOf } from '../http/idempotency-key.js';
import { GatewayRpc } from '../http/rpc.provider.js';
import { Doc, DocTag } from '../openapi/describe.js';
import { originOf } from '../payments/caller.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';
import {
  EMBED_CHECKOUT_PATH,
  EmbedToken,
  marketplaceDomainOf,
  marketplaceOfToken,
  notEnabled,
  notReady,
  takesOrders,
} from './embed-access.js';
import { EmbedMarketplaceCache } from './embed-marketplaces.js';
import { EmbedTokens, type EmbedTokenClaims } from './embed-token.js';

const PAYMENT_INTENT_ID = /^pi_[A-Za-z0-9_]{6,100}$/;
const C = RpcPatterns.checkout;

function assertPaymentIntentId(id: string): void {
  if (!PAYMENT_INTENT_ID.test(id)) throw ApiError.of(404, 'Payment not found.');
}

/**
 * The embed widget's routes (ADR 0052). All public: who may use them is decided here, never by the script. The config
 * answers only a page on one of the marketplace's domains (its Origin) and gives that page an embed token; every
 * other route needs the token, and acts as the marketplace's company (its orders, webhooks and statements).
 */
@DocTag('Embed widget')
@Controller('api/embed')
export class EmbedController {
  constructor(
    private readonly rpc: GatewayRpc,
    private readonly marketplaces: EmbedMarketplaceCache,
    private readonly tokens: EmbedTokens,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Doc({
    summary: "The widget's config: the marketplace's branding and an embed token for the asking page",
    description:
      "Called by /widget.js from the marketplace's page (the browser's Origin header must be one of the marketplace's domains; Access-Control-Allow-Origin names it), or by the checkout iframe with its X-PayMarket-Embed-Token.",
    returns: 'EmbedConfigResponse',
    errors: [400, 403, 409],
    query: [{ name: 'marketplace', description: 'The domain the marketplace registered, e.g. shop.example.com.' }],
  })
  @Get('config')
  @RateLimit('embed')
  async embedConfig(@Query('marketplace') marketplace: unknown, @Req() request: FastifyRequest): Promise<EmbedConfigResponse> {
    const domain = marketplaceDomainOf(marketplace);
    // The checkout iframe is on PayMarket's origin: its same-origin request carries no useful Origin, but the token it
    // was given proves which page embeds it. The same token comes back (no refresh: it keeps its one-hour life).
    const presented = request.headers[EMBED_TOKEN_HEADER];
    if (presented !== undefined) {
      const claims = this.tokens.verify(presented);
      if (claims === undefined) throw ApiError.of(401, EMBED_MESSAGES.TOKEN_REQUIRED);
      const found = await this.marketplaceOf(claims);
      if (!found.domains.includes(domain)) throw notEnabled();
      if (!takesOrders(found)) throw notReady(found);
      return this.configAnswer(found, String(presented), claims.expiresAt);
    }
    const origin = request.headers.origin;
    const found = await this.marketplaces.byDomain(domain);
    if (typeof origin !== 'string' || found === null || !embedOriginAllowed(origin, found.domains, this.config.production)) {
      throw notEnabled();
    }
    if (!takesOrders(found)) throw notReady(found);
    const { token, claims } = this.tokens.issue(found.id, origin);
    return this.configAnswer(found, token, claims.expiresAt);
  }

  @Doc({
    summary: "Create a guest's order through the marketplace's widget",
    status: 201,
    returns: 'EmbedOrderResponse',
    idempotent: true,
    errors: [400, 404, 409, 422],
  })
  @Post('orders')
  @HttpCode(201)
  // Bottom-up: the limiter runs first, so refused tokens count against the caller's IP too.
  @EmbedToken()
  @RateLimit('embed')
  async createOrder(@Body() body: EmbedCreateOrderDto, @Req() request: FastifyRequest): Promise<EmbedOrderResponse> {
    const claims = request.embedToken!;
    // The iframe reports the page it is in (location.ancestorOrigins): a token taken to another site does not match.
    if (body.embedOrigin !== claims.origin) {
      throw ApiError.of(403, EMBED_MESSAGES.ORIGIN_MISMATCH, { embedOrigin: [EMBED_MESSAGES.ORIGIN_MISMATCH] });
    }
    const marketplace = await this.marketplaceOf(claims);
    if (!takesOrders(marketplace)) throw notReady(marketplace);
    const { embedOrigin: _embedOrigin, ...order } = body;
    return this.rpc.call(C.EMBED_CREATE_ORDER, {
      caller: companyOf(marketplace),
      idempotencyKey: idempotencyKeyOf(request),
      origin: originOf(request),
      body: { ...order, marketplaceId: marketplace.id },
    });
  }

  /** Development mode only (emulator or test key): pay the widget's order with one of Stripe's test cards. */
  @Doc({
    summary: "Development mode: pay a widget order with one of Stripe's test cards",
    returns: 'PaymentStatusView',
    errors: [400, 404],
  })
  @Post('payments/:paymentIntentId/test-card')
  @HttpCode(200)
  @EmbedToken()
  @RateLimit('embed')
  async testCard(
    @Param('paymentIntentId') paymentIntentId: string,
    @Body() body: TestCardPaymentDto,
    @Req() request: FastifyRequest,
  ): Promise<PaymentStatusView> {
    assertPaymentIntentId(paymentIntentId);
    const marketplace = await this.marketplaceOf(request.embedToken!);
    return this.rpc.call(C.CONFIRM_TEST_CARD, {
      caller: companyOf(marketplace),
      origin: originOf(request),
      body: { ...body, paymentIntentId },
    });
  }

  @Doc({
    summary: "The status of a widget order's payment (asked of Stripe by the server)",
    returns: 'PaymentStatusView',
    errors: [404],
    query: [
      { name: 'client_secret', description: "The PaymentIntent's client secret (as Stripe.js presents it); at most 200 characters." },
    ],
  })
  @Get('payments/:paymentIntentId')
  @EmbedToken()
  async getPayment(
    @Param('paymentIntentId') paymentIntentId: string,
    @Req() request: FastifyRequest,
    @Query('client_secret') clientSecret?: unknown,
  ): Promise<PaymentStatusView> {
    assertPaymentIntentId(paymentIntentId);
    const marketplace = await this.marketplaceOf(request.embedToken!);
    const secret = typeof clientSecret === 'string' && clientSecret.length <= 200 ? clientSecret : undefined;
    return this.rpc.call(C.GET_PAYMENT, {
      caller: companyOf(marketplace),
      body: { paymentIntentId, ...(secret ? { clientSecret: secret } : {}) },
    });
  }

  private marketplaceOf(claims: EmbedTokenClaims): Promise<EmbedMarketplace> {
    return marketplaceOfToken(claims, (domain) => this.marketplaces.byDomain(domain), this.config.production);
  }

  private configAnswer(marketplace: EmbedMarketplace, token: string, expiresAt: number): EmbedConfigResponse {
    // Without custom branding the checkout keeps PayMarket's colours; the marketplace's name always shows.
    const branded = marketplace.customBranding;
    return {
      marketplace: {
        domain: marketplace.domains[0] ?? '',
        displayName: marketplace.displayName,
        accentColor: branded ? marketplace.accentColor : null,
        logoUrl: branded ? marketplace.logoUrl : null,
      },
      token,
      expiresAt: new Date(expiresAt * 1000).toISOString(),
      checkoutPath: EMBED_CHECKOUT_PATH,
      developmentMode: !this.config.production,
    };
  }
}

/** The marketplace's company is the caller: the order is its guest order (its /api/v1/orders, webhooks, statements). */
function companyOf(marketplace: EmbedMarketplace): Caller {
  if (marketplace.companyId === null) throw notReady(marketplace);
  return { company: { id: marketplace.companyId } };
}
