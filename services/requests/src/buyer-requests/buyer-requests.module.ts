import { Module } from '@nestjs/common';
import { BuyerRequestsHandler } from './buyer-requests.handler.js';
import { BuyerRequestsRepository, SqlBuyerRequestsRepository } from './buyer-requests.repository.js';
import { DeleteBuyerRequestUseCase } from './delete-buyer-request.use-case.js';
import { ListBuyerRequestsUseCase } from './list-buyer-requests.use-case.js';
import { PostBuyerRequestUseCase } from './post-buyer-request.use-case.js';
import { RecordInterestUseCase } from './record-interest.use-case.js';
import { UpdateBuyerRequestUseCase } from './update-buyer-request.use-case.js';

@Module({
  controllers: [BuyerRequestsHandler],
  providers: [
    ListBuyerRequestsUseCase,
    PostBuyerRequestUseCase,
    UpdateBuyerRequestUseCase,
    DeleteBuyerRequestUseCase,
    RecordInterestUseCase,
    { provide: BuyerRequestsRepository, useClass: SqlBuyerRequestsRepository },
  ],
  // The demo seed posts through the same use case as a buyer (RequestsSeeder).
  exports: [PostBuyerRequestUseCase],
})
export class BuyerRequestsModule {}
