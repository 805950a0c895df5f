import { applyDecorators, Injectable, UseGuards, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  EMBED_MESSAGES,
  EMBED_TOKEN_HEADER,
  embedOriginAllowed,
  frameAncestorsFor,
  isDomainName,
  normaliseDomain,
  type EmbedMarketplace,
} from '@paymarket/contracts';
import { ApiError } from '../http/api-error.js';
import { DocErrors } from '../openapi/describe.js';
import { EmbedTokens, type EmbedTokenClaims } from './embed-token.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by EmbedTokenGuard: the verified claims of the checkout's embed token. */
    embedToken?: EmbedTokenClaims;
  }
}

export const EMBED_CONFIG_PATH = '/api/embed/config';
export const EMBED_CHECKOUT_PATH = '/embed/checkout';

/** `marketplace` as a domain name, or a 400 naming the field. */
export function marketplaceDomainOf(value: unknown): string {
  const domain = normaliseDomain(value);
  if (typeof domain !== 'string' || !isDomainName(domain)) {
    throw ApiError.of(400, EMBED_MESSAGES.MARKETPLACE_REQUIRED, { marketplace: [EMBED_MESSAGES.MARKETPLACE_REQUIRED] });
  }
  return domain;
}

/** 403: the page asking is not on one of the marketplace's domains (or there is no such marketplace). */
export function notEnabled(): ApiError {
  return ApiError.of(403, EMBED_MESSAGES.NOT_ENABLED, { origin: [EMBED_MESSAGES.NOT_ENABLED] });
}

/** 409: the marketplace exists and may embed here, but cannot take orders (no company yet, no payout account…). */
export function notReady(marketplace: EmbedMarketplace): ApiError {
  const message = marketplace.notice ? `${EMBED_MESSAGES.NOT_READY} ${marketplace.notice}` : EMBED_MESSAGES.NOT_READY;
  return ApiError.of(409, message, { marketplace: [message] });
}

export function takesOrders(marketplace: EmbedMarketplace): marketplace is EmbedMarketplace & { companyId: string } {
  return marketplace.acceptingOrders && marketplace.companyId !== null;
}

/** The host of an origin (`http://shop.example.test:5173` → `shop.example.test`), or undefined for a non-origin. */
export function hostOf(origin: string): string | undefined {
  try {
    const url = new URL(origin);
    return url.origin === origin ? url.hostname : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The marketplace a token was issued for, as it is now: it must still own the token's origin (a domain removed in
 * the console stops its pages at once) and be the same marketplace. Otherwise 403 NOT_ENABLED.
 */
export async function marketplaceOfToken(
  claims: EmbedTokenClaims,
  lookup: (domain: string) => Promise<EmbedMarketplace | null>,
  production: boolean,
): Promise<EmbedMarketplace> {
  const host = hostOf(claims.origin);
  const marketplace = host === undefined ? null : await lookup(host);
  if (
    marketplace === null ||
    marketplace.id !== claims.marketplaceId ||
    !embedOriginAllowed(claims.origin, marketplace.domains, production)
  ) {
    throw notEnabled();
  }
  return marketplace;
}

/** The checkout's `frame-ancestors`: the marketplace's domains while it takes orders, else nobody ('none'). */
export function checkoutFrameAncestors(marketplace: EmbedMarketplace | null, production: boolean): string {
  return marketplace !== null && takesOrders(marketplace) ? frameAncestorsFor(marketplace.domains, production) : "'none'";
}

/** `csp` with its frame-ancestors directive replaced by `sources` (added when it has none). */
export function withFrameAncestors(csp: string, sources: string): string {
  const directives = csp
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d !== '' && !/^frame-ancestors(\s|$)/i.test(d));
  return [...directives, `frame-ancestors ${sources}`].join(';');
}

/**
 * GET /api/embed/config is read by a script on the marketplace's own pages (another origin): its answers name the
 * asking origin in Access-Control-Allow-Origin, refusals and rate-limit answers included, so the script can read and
 * show why (a 200 only ever goes to an origin the marketplace registered). Vary: Origin keeps caches apart. A simple
 * GET (no custom header), so browsers send no preflight.
 */
export function allowEmbedConfigReads(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    const path = request.url.split('?', 1)[0];
    if (path !== EMBED_CONFIG_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) return done();
    void reply.header('vary', 'Origin');
    const origin = request.headers.origin;
    if (typeof origin === 'string' && hostOf(origin) !== undefined) void reply.header('access-control-allow-origin', origin);
    done();
  });
}

/** Lets through a request carrying a valid embed token (X-PayMarket-Embed-Token); 401 TOKEN_REQUIRED otherwise. */
@Injectable()
export class EmbedTokenGuard implements CanActivate {
  constructor(private readonly tokens: EmbedTokens) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const claims = this.tokens.verify(request.headers[EMBED_TOKEN_HEADER]);
    if (claims === undefined) throw ApiError.of(401, EMBED_MESSAGES.TOKEN_REQUIRED);
    request.embedToken = claims;
    return true;
  }
}

/** A route of the embedded checkout: it needs the token the widget's config gave. */
export function EmbedToken(): MethodDecorator & ClassDecorator {
  return applyDecorators(
    UseGuards(EmbedTokenGuard),
    ApiHeader({
      name: 'X-PayMarket-Embed-Token',
      required: true,
      description: "The embed token of GET /api/embed/config, bound to the marketplace and the page's origin; one hour.",
      schema: { type: 'string' },
    }),
    DocErrors(401, 403),
  );
}
