import { Module } from '@nestjs/common';
import { MarketplacesHandler } from './marketplaces.handler.js';
import { MarketplacesRepository, TypeOrmMarketplacesRepository } from './marketplaces.repository.js';
import { RegisterMarketplaceUseCase } from './register-marketplace.use-case.js';

@Module({
  controllers: [MarketplacesHandler],
  providers: [RegisterMarketplaceUseCase, { provide: MarketplacesRepository, useClass: TypeOrmMarketplacesRepository }],
})
export class MarketplacesModule {}
