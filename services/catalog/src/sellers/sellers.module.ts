import { Module } from '@nestjs/common';
import { ConnectedAccounts, RpcConnectedAccounts } from '../providers/connected-accounts.js';
import { Clock, SystemClock } from '../shared/clock.js';
import { ListSellersUseCase } from './list-sellers.use-case.js';
import { RegisterSellerUseCase } from './register-seller.use-case.js';
import { SellerEditLinkUseCase } from './seller-edit-link.use-case.js';
import { SellersHandler } from './sellers.handler.js';
import { PgSellersRepository, SellersRepository } from './sellers.repository.js';
import { UpdateSellerUseCase } from './update-seller.use-case.js';

@Module({
  controllers: [SellersHandler],
  providers: [
    RegisterSellerUseCase,
    ListSellersUseCase,
    UpdateSellerUseCase,
    SellerEditLinkUseCase,
    { provide: SellersRepository, useClass: PgSellersRepository },
    { provide: ConnectedAccounts, useClass: RpcConnectedAccounts },
    { provide: Clock, useClass: SystemClock },
  ],
})
export class SellersModule {}
