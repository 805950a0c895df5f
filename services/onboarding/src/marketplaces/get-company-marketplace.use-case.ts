import { Injectable } from '@nestjs/common';
import type { MarketplaceConsoleResponse } from '@paymarket/contracts';
import { MarketplacesRepository } from './marketplaces.repository.js';
import { toCandidate, toMarketplaceView } from './marketplace-view.js';

/**
 * The console's Marketplace tab (ADR 0051): the company's marketplace, or, while it has none, the unattached
 * marketplaces registered with its contact email (as contact or admin email), which it may attach.
 */
@Injectable()
export class GetCompanyMarketplaceUseCase {
  constructor(private readonly marketplaces: MarketplacesRepository) {}

  async execute(companyId: string): Promise<MarketplaceConsoleResponse> {
    const own = await this.marketplaces.findByCompany(companyId);
    if (own) return { marketplace: toMarketplaceView(own), candidates: [] };
    const company = await this.marketplaces.findCompany(companyId);
    const candidates = company ? await this.marketplaces.unattachedFor(company.email) : [];
    return { marketplace: null, candidates: candidates.map(toCandidate) };
  }
}
