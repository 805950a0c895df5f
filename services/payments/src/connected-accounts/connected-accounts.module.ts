import { Module } from '@nestjs/common';
import { ConnectedAccountsHandler } from './connected-accounts.handler.js';
import { VerifyConnectedAccountUseCase } from './verify-connected-account.use-case.js';

@Module({
  controllers: [ConnectedAccountsHandler],
  providers: [VerifyConnectedAccountUseCase],
})
export class ConnectedAccountsModule {}
