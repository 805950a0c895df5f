import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { BuyersHandler } from './buyers.handler.js';
import { BuyersRepository, TypeOrmBuyersRepository } from './buyers.repository.js';
import { RegisterBuyerUseCase } from './register-buyer.use-case.js';

@Module({
  imports: [AuthModule],
  controllers: [BuyersHandler],
  providers: [RegisterBuyerUseCase, { provide: BuyersRepository, useClass: TypeOrmBuyersRepository }],
})
export class BuyersModule {}
