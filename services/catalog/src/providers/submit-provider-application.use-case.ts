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

/** The public form's Idempotency-Key scope: there is no signed-in caller, the key alone tells submissions apart. */
export const PROVIDER_APPLICATIONS_SCOPE = 'provider-applications';

@Injectable()
export class SubmitProviderApplicationUseCase {
  constructor(
    private readonly providers: ProvidersRepository,
    private readonly accounts: ConnectedAccounts,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async execute(input: ProviderApplicationDto, idempotencyKey?: string): Promise<SubmitProviderApplicationResponse> {
    // The browser only submits once the account validated; the server does not take its word for it.
    const verdict = await this.accounts.verify(input.stripeConnectId);
    if (!verdict.valid) {
      const message = PROVIDER_APPLICATION_MESSAGES.INVALID_STRIPE_ACCOUNT;
      throw new ServiceError('unprocessable', message, { stripeConnectId: [message] });
    }
    const id = randomUUID();
    const once = { scope: PROVIDER_APPLICATIONS_SCOPE, key: idempotencyKey, request: input };
    return this.unitOfWork.runOnce(once, async (tx) => {
      // Inside the write, so a repeat of an application approved since answers what the first answered.
      if (await this.providers.providerWithAccountExists(input.stripeConnectId, tx)) {
        throw ServiceError.conflict(ProviderErrors.ACCOUNT_TAKEN, { stripeConnectId: [ProviderErrors.ACCOUNT_TAKEN] });
      }
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
      return { application: { id, status: 'pending' }, message: APPLICATION_RECEIVED_MESSAGE };
    });
  }
}
