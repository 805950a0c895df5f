import { Inject, Injectable } from '@nestjs/common';
import { OnboardingEvents, RpcPatterns, type EmbedMarketplace } from '@paymarket/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { EventInvalidatedCache } from '../http/event-invalidated-cache.js';
import { GatewayRpc } from '../http/rpc.provider.js';

/**
 * Bounds what no event announces (a row changed by hand): a domain taken off a marketplace stops embedding within
 * this time even then. Announced changes drop the copy at once.
 */
export const EMBED_MARKETPLACE_TTL_MS = 30_000;
/** After these, any kept marketplace may read differently (a new one may own a domain that had none). */
export const EMBED_MARKETPLACE_EVENTS = [OnboardingEvents.MARKETPLACE_UPDATED, OnboardingEvents.MARKETPLACE_REGISTERED] as const;

/** Where the widget's routes get a marketplace by one of its domains (a fake in unit tests). */
export interface EmbedMarketplaceLookup {
  byDomain(domain: string): Promise<EmbedMarketplace | null>;
}

/**
 * The marketplace that owns a domain (`onboarding.embed_marketplace`), kept by domain for the widget's routes and the
 * checkout's frame-ancestors: every page view of a marketplace's site asks for its config. Dropped by
 * `marketplace.updated` / `marketplace.registered` from any replica (ADR 0044's event-invalidated read cache), so a
 * domain removed in the console stops embedding at once; "no marketplace" is kept too.
 */
@Injectable()
export class EmbedMarketplaceCache extends EventInvalidatedCache implements EmbedMarketplaceLookup {
  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly rpc: GatewayRpc,
  ) {
    super(config.messaging, EMBED_MARKETPLACE_EVENTS, 'paymarket.gateway.embed-marketplaces', EMBED_MARKETPLACE_TTL_MS);
  }

  async byDomain(domain: string): Promise<EmbedMarketplace | null> {
    const { answer, value, kept } = await this.load(domain, () => this.rpc.call(RpcPatterns.onboarding.EMBED_MARKETPLACE, { domain }));
    return kept ? (JSON.parse(answer.body) as EmbedMarketplace | null) : (value ?? null);
  }
}
