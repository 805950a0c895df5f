import { Inject, Injectable } from '@nestjs/common';
import { ListBuyerRequestsQueryDto, RpcPatterns, validateDto, type BuyerRequestListResponse } from '@paymarket/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { EventInvalidatedCache } from '../http/event-invalidated-cache.js';
import { READ_CACHE_TTL_MS } from '../catalog/showcase-cache.js';
import type { GatewayRpc } from '../http/rpc.provider.js';

/** Every requests-service event may change what the board lists (posts, edits, deletes, interest, quotes). */
export const BOARD_EVENTS = ['request.#', 'quote.#'] as const;

/**
 * Signed-out pages of `GET /api/buyer-requests`, by their validated filters (ADR 0044). A signed-in buyer's page
 * marks their own cards, so it is never cached.
 */
@Injectable()
export class BoardCache extends EventInvalidatedCache {
  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    super(config.messaging, BOARD_EVENTS, 'paymarket.gateway.board-cache', READ_CACHE_TTL_MS);
  }
}

/** A signed-out page of the board from the requests service, by its validated filters. */
export function loadBoardPage(rpc: GatewayRpc, filters: ListBuyerRequestsQueryDto): Promise<BuyerRequestListResponse> {
  return rpc.call(RpcPatterns.requests.LIST, { query: filters });
}

/** The board's cache key of a page's filters (the first page with none is what /buyer-requests shows a visitor). */
export function boardPageKey(filters: ListBuyerRequestsQueryDto): string {
  return JSON.stringify(filters);
}

/** The filters of the board's first page with no filter, `limit` items (the default page without). */
export function boardFirstPage(limit?: number): ListBuyerRequestsQueryDto {
  const result = validateDto(ListBuyerRequestsQueryDto, limit === undefined ? {} : { limit: String(limit) });
  if (!result.ok) throw new Error(`the board's first page of ${limit} has no valid filters`);
  return result.value;
}
