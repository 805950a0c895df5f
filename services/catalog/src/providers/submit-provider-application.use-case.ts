import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  CatalogEvents,
  PROVIDER_APPLICATION_MESSAGES,
  type ProviderApplicationDto,
  type SubmitProviderApplicationResponse,
} from '@paymarket/contracts';
import { ServiceError, UnitOfWork } from '@paymarket/platform';
import { ConnectedAccounts } from './connected-accounts.js';
import { APPLICATION_RECEIVED_MESSAGE, ProviderErrors } from './providers.exception.js';
import { ProvidersRepository } from './providers.repository.js';

@Injectable()
export class SubmitProviderApplicationUseCase {
  constructor(
    private readonly providers: ProvidersRepository,
    private readonly accounts: ConnectedAccounts,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async execute(input: ProviderApplicationDto): Promise<SubmitProviderApplicationResponse> {
    // The browser only submits once the account validated; the server does not take its word for it.
    const verdict = await this.accounts.verify(input.stripeConnectId);
    if (!verdict.valid) {
      const message = PROVIDER_APPLICATION_MESSAGES.INVALID_STRIPE_ACCOUNT;
      throw new ServiceError('unprocessable', message, { stripeConnectId: [message] });
    }
    if (await this.providers.providerWithAccountExists(input.stripeConnectId)) {
      throw ServiceError.conflict(ProviderErrors.ACCOUNT_TAKEN, { stripeConnectId: [ProviderErrors.ACCOUNT_TAKEN] });
    }
    const id = randomUUID();
    await this.unitOfWork.run(async (tx) => {
      await this.providers.insertApplication(tx, {
        id,
        businessName: input.businessName,
        contactName: input.contactName,
        email: input.email,
        phone: input.phone,
        businessAddress: input.businessAddress,
        website: input.website || null,
        yearsInBusiness: input.yearsInBusiness,
        serviceArea: input.serviceArea,
        printCapabilities: input.printCapabilities,
        turnaroundTime: input.turnaroundTime,
        stripeConnectId: input.stripeConnectId,
        portfolioDescription: input.portfolioDescription,
      });
      await tx.publish(CatalogEvents.PROVIDER_APPLIED, {
        applicationId: id,
        businessName: input.businessName,
        contactName: input.contactName,
        email: input.email,
        stripeAccountId: input.stripeConnectId,
      });
    });
    return { application: { id, status: 'pending' }, message: APPLICATION_RECEIVED_MESSAGE };
  }
}
