import { Inject, Injectable } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { EventInvalidatedCache } from '../http/event-invalidated-cache.js';
import { READ_CACHE_TTL_MS } from '../catalog/showcase-cache.js';

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
