import { Module } from '@nestjs/common';
import { AccountDeletionHandler } from './account-deletion.handler.js';
import { BuyerDataErasureRepository, SqlBuyerDataErasureRepository } from './buyer-data-erasure.repository.js';
import { EraseBuyerDataUseCase } from './erase-buyer-data.use-case.js';

/** Consumes account.deletion_requested: the deleted buyer's requests leave the board and lose their personal data. */
@Module({
  controllers: [AccountDeletionHandler],
  providers: [EraseBuyerDataUseCase, { provide: BuyerDataErasureRepository, useClass: SqlBuyerDataErasureRepository }],
})
export class AccountErasureModule {}
