import { Inject, Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CatalogEvents, RpcPatterns, type SellersShowcase } from '@paymarket/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { EventInvalidatedCache } from '../http/event-invalidated-cache.js';
import { etagMatches, type PublicReadCache } from '../http/public-read-cache.js';
import type { GatewayRpc } from '../http/rpc.provider.js';

/** The showcase is public and the same for everyone: shared caches may keep it, but must ask again each time. */
export const PUBLIC_REVALIDATE = 'public, no-cache';
export const SHOWCASE_PATH = '/api/sellers-showcase';
/** Key of the first page (no limit, no cursor). */
export const FIRST_PAGE = '';
/** Bounds staleness from changes no event announces (the demo seed, SQL by hand). */
export const READ_CACHE_TTL_MS = 5_000;
/** Events after which showcase pages may read differently. */
export const SHOWCASE_EVENTS = [CatalogEvents.SELLER_REGISTERED, CatalogEvents.SELLER_UPDATED] as const;

/**
 * Pages of `GET /api/sellers-showcase` (ADR 0044), dropped by `seller.registered` / `seller.updated` from any
 * replica, and at once by this gateway's own seller writes.
 */
@Injectable()
export class ShowcaseCache extends EventInvalidatedCache {
  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    super(config.messaging, SHOWCASE_EVENTS, 'paymarket.gateway.showcase-cache', READ_CACHE_TTL_MS);
  }
}

/** What a showcase page's query asks the catalog: the first page is `{}`. */
export interface ShowcaseQuery {
  limit?: number;
  cursor?: string;
  payable?: boolean;
}

/** The cache key of a showcase page's query (`FIRST_PAGE` for none). */
export function showcaseCacheKey({ limit, cursor, payable }: ShowcaseQuery = {}): string {
  return limit === undefined && !cursor && !payable ? FIRST_PAGE : `${limit ?? ''}|${cursor ?? ''}|${payable ? 'true' : ''}`;
}

/** One page of the showcase from the catalog (what the cache keeps, `GET /api/sellers-showcase` and /sellers show). */
export function loadShowcasePage(rpc: GatewayRpc, { limit, cursor, payable }: ShowcaseQuery = {}): Promise<SellersShowcase> {
  return rpc.call(RpcPatterns.catalog.LIST_SELLERS, { limit, cursor: cursor || undefined, ...(payable ? { payable: true } : {}) });
}

/**
 * Answers a cached first page before Nest's router (no guards, pipes or interceptors to run). Registered after
 * the correlation id, cookie and security-header hooks, so the answer carries the same headers as any other.
 */
export function serveCachedShowcase(fastify: FastifyInstance, cache: PublicReadCache): void {
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    if (request.url !== SHOWCASE_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) return done();
    const hit = cache.read(FIRST_PAGE);
    if (hit === undefined) return done();
    void reply.header('cache-control', PUBLIC_REVALIDATE).header('etag', hit.etag);
    if (etagMatches(request.headers['if-none-match'], hit.etag)) {
      void reply.code(304).send();
      return;
    }
    void reply.header('content-type', 'application/json; charset=utf-8').send(hit.body);
  });
}
