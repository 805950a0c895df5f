import { Module } from '@nestjs/common';
import { BuyersHandler } from './buyers.handler.js';
import { BuyersRepository, TypeOrmBuyersRepository } from './buyers.repository.js';
import { RegisterBuyerUseCase } from './register-buyer.use-case.js';

@Module({
  controllers: [BuyersHandler],
  providers: [RegisterBuyerUseCase, { provide: BuyersRepository, useClass: TypeOrmBuyersRepository }],
})
export class BuyersModule {}
