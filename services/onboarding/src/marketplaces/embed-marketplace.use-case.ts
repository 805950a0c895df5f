import { Injectable } from '@nestjs/common';
import { isDomainName, normaliseDomain, type EmbedMarketplace } from '@paymarket/contracts';
import { MarketplacesRepository } from './marketplaces.repository.js';
import { toEmbedMarketplace } from './marketplace-view.js';

/** What the gateway needs to let a site embed the checkout (ADR 0052): the marketplace listing `domain`, or null. */
@Injectable()
export class EmbedMarketplaceUseCase {
  constructor(private readonly marketplaces: MarketplacesRepository) {}

  async execute(domain: unknown): Promise<EmbedMarketplace | null> {
    const normalised = normaliseDomain(domain);
    if (!isDomainName(normalised)) return null;
    const found = await this.marketplaces.findByDomain(normalised as string);
    return found ? toEmbedMarketplace(found) : null;
  }
}
