import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CatalogEvents, type AuditContext, type ProviderApplicationView } from '@paymarket/contracts';
import { recordAudit, ServiceError, UnitOfWork } from '@paymarket/platform';
import { Clock } from '../shared/clock.js';
import { isUuid } from '../shared/ids.js';
import { ConnectedAccounts } from './connected-accounts.js';
import { ProviderErrors } from './providers.exception.js';
import { ProvidersRepository } from './providers.repository.js';

export interface DecideInput {
  applicationId: unknown;
  decision: 'approved' | 'rejected';
  note: string | null;
  decidedBy: string | null;
  /** Who decided and from where: recorded in the audit trail with the decision (ADR 0075). */
  audit: AuditContext;
}

/** An administrator approves (the provider joins, provider.connected) or rejects a pending application; the applicant is told either way. */
@Injectable()
export class DecideProviderApplicationUseCase {
  constructor(
    private readonly providers: ProvidersRepository,
    private readonly accounts: ConnectedAccounts,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: DecideInput): Promise<ProviderApplicationView> {
    if (!isUuid(input.applicationId)) throw ServiceError.notFound(ProviderErrors.APPLICATION_NOT_FOUND);
    const applicationId = input.applicationId;
    const current = await this.providers.findApplication(applicationId);
    if (!current) throw ServiceError.notFound(ProviderErrors.APPLICATION_NOT_FOUND);
    if (current.status !== 'pending') throw ServiceError.conflict(ProviderErrors.ALREADY_DECIDED(current.status));
    if (input.decision === 'approved') {
      // Days may pass between application and review: the account must still be able to receive transfers.
      const verdict = await this.accounts.verify(current.stripeConnectId);
      if (!verdict.valid) throw new ServiceError('unprocessable', ProviderErrors.ACCOUNT_NO_LONGER_VALID);
    }
    const note = input.note && input.note.trim() !== '' ? input.note.trim() : null;
    await this.unitOfWork.run(async (tx) => {
      const application = await this.providers.lockApplication(tx, applicationId);
      if (!application) throw ServiceError.notFound(ProviderErrors.APPLICATION_NOT_FOUND);
      // Re-checked under the row lock: two administrators deciding at once get one decision and one 409.
      if (application.status !== 'pending') throw ServiceError.conflict(ProviderErrors.ALREADY_DECIDED(application.status));
      let providerId: string | null = null;
      if (input.decision === 'approved') {
        providerId = randomUUID();
        const inserted = await this.providers.insertProvider(tx, {
          id: providerId,
          name: application.businessName,
          stripeAccountId: application.stripeConnectId,
          email: application.email,
          applicationId,
        });
        if (!inserted) throw ServiceError.conflict(ProviderErrors.ACCOUNT_TAKEN);
        await tx.publish(CatalogEvents.PROVIDER_CONNECTED, {
          providerId,
          name: application.businessName,
          stripeAccountId: application.stripeConnectId,
          applicationId,
        });
      }
      await this.providers.decide(tx, applicationId, {
        status: input.decision,
        note,
        decidedBy: input.decidedBy,
        decidedAt: this.clock.now(),
        providerId,
      });
      await tx.publish(CatalogEvents.PROVIDER_APPLICATION_DECIDED, {
        applicationId,
        businessName: application.businessName,
        contactName: application.contactName,
        email: application.email,
        decision: input.decision,
        note,
        providerId,
      });
      await recordAudit(tx, 'catalog', input.audit, {
        action: input.decision === 'approved' ? 'provider.approved' : 'provider.rejected',
        target: { type: 'provider_application', id: applicationId },
        companyId: null,
        before: { status: application.status, note: application.decisionNote },
        after: { status: input.decision, note, ...(providerId ? { providerId } : {}) },
      });
    });
    const decided = await this.providers.findApplication(applicationId);
    if (!decided) throw ServiceError.notFound(ProviderErrors.APPLICATION_NOT_FOUND);
    return decided;
  }
}
