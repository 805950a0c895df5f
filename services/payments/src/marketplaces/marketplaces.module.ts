import { Module } from '@nestjs/common';
import { ApplyMarketplaceUpdate } from './apply-marketplace-update.use-case.js';
import { MarketplaceUpdatedHandler } from './marketplace-updated.handler.js';
import { MarketplacesRepository } from './marketplaces.repository.js';

/** Payments' copy of white-label marketplaces (ADR 0051), kept from onboarding's `marketplace.updated`. */
@Module({
  controllers: [MarketplaceUpdatedHandler],
  providers: [MarketplacesRepository, ApplyMarketplaceUpdate],
  exports: [MarketplacesRepository],
})
export class MarketplacesModule {}
