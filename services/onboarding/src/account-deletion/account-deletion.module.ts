import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { AccountDeletionHandler } from './account-deletion.handler.js';
import { AccountDeletionRepository, SqlAccountDeletionRepository } from './account-deletion.repository.js';
import { ConfirmAccountDeletionUseCase } from './confirm-account-deletion.use-case.js';
import { RequestAccountDeletionUseCase } from './request-account-deletion.use-case.js';

/** Account deletion requests, confirmed by the owner through an emailed link (ADR 0029). */
@Module({
  imports: [AuthModule],
  controllers: [AccountDeletionHandler],
  providers: [
    { provide: AccountDeletionRepository, useClass: SqlAccountDeletionRepository },
    RequestAccountDeletionUseCase,
    ConfirmAccountDeletionUseCase,
  ],
})
export class AccountDeletionModule {}
