import { Module } from '@nestjs/common';
import { AuditTrail, SqlAuditTrail } from '../auth/audit-trail.js';
import { Clock, SystemClock } from '../auth/clock.js';
import { AttachMarketplaceUseCase } from './attach-marketplace.use-case.js';
import { EmbedMarketplaceUseCase } from './embed-marketplace.use-case.js';
import { GetCompanyMarketplaceUseCase } from './get-company-marketplace.use-case.js';
import { MarketplacesHandler } from './marketplaces.handler.js';
import { MarketplacesRepository, TypeOrmMarketplacesRepository } from './marketplaces.repository.js';
import { PayoutAccounts, RpcPayoutAccounts } from './payout-accounts.js';
import { RegisterMarketplaceUseCase } from './register-marketplace.use-case.js';
import { UpdateMarketplaceUseCase } from './update-marketplace.use-case.js';

/** White-label marketplaces: registration (ADR 0028) and tenants of a company, managed in its console (ADR 0051). */
@Module({
  controllers: [MarketplacesHandler],
  providers: [
    { provide: Clock, useClass: SystemClock },
    { provide: AuditTrail, useClass: SqlAuditTrail },
    { provide: MarketplacesRepository, useClass: TypeOrmMarketplacesRepository },
    { provide: PayoutAccounts, useClass: RpcPayoutAccounts },
    RegisterMarketplaceUseCase,
    GetCompanyMarketplaceUseCase,
    AttachMarketplaceUseCase,
    UpdateMarketplaceUseCase,
    EmbedMarketplaceUseCase,
  ],
})
export class MarketplacesModule {}
