import { Module } from '@nestjs/common';
import { Clock, SystemClock } from '../shared/clock.js';
import { ConnectedAccounts, RpcConnectedAccounts } from './connected-accounts.js';
import { DecideProviderApplicationUseCase } from './decide-provider-application.use-case.js';
import { ProvidersHandler } from './providers.handler.js';
import { PgProvidersRepository, ProvidersRepository } from './providers.repository.js';
import { SubmitProviderApplicationUseCase } from './submit-provider-application.use-case.js';

@Module({
  controllers: [ProvidersHandler],
  providers: [
    SubmitProviderApplicationUseCase,
    DecideProviderApplicationUseCase,
    { provide: ProvidersRepository, useClass: PgProvidersRepository },
    { provide: ConnectedAccounts, useClass: RpcConnectedAccounts },
    { provide: Clock, useClass: SystemClock },
  ],
})
export class ProvidersModule {}
