import { Injectable } from '@nestjs/common';
import { MARKETPLACE_TENANT_MESSAGES as M, OnboardingEvents, ServiceErrorCodes, type MarketplaceView } from '@paymarket/contracts';
import { ServiceError, UnitOfWork } from '@paymarket/platform';
import { Clock } from '../auth/clock.js';
import { MarketplacesRepository, type StoredMarketplace } from './marketplaces.repository.js';
import { toMarketplaceView, toUpdatedPayload } from './marketplace-view.js';

const sameEmail = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/**
 * The console attaches a marketplace to its company (ADR 0051): only one registered with the company's contact email
 * (as contact or admin email), only while neither side has one. Registration alone never links them: anybody can
 * register a marketplace naming anybody's email.
 */
@Injectable()
export class AttachMarketplaceUseCase {
  constructor(
    private readonly marketplaces: MarketplacesRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: { companyId: string; marketplaceId: string }, idempotencyKey?: string): Promise<MarketplaceView> {
    const once = { scope: `marketplace-attach:${input.companyId}`, key: idempotencyKey, request: { marketplaceId: input.marketplaceId } };
    return this.unitOfWork.runOnce(once, async (tx) => {
      // The company first, then the marketplace: two attaches for one company, or of one marketplace, wait in turn.
      const company = await this.marketplaces.lockCompany(tx, input.companyId);
      if (await this.marketplaces.lockByCompany(tx, input.companyId)) {
        throw ServiceError.conflict(M.COMPANY_HAS_MARKETPLACE, { marketplaceId: [M.COMPANY_HAS_MARKETPLACE] });
      }
      const marketplace = await this.marketplaces.lockById(tx, input.marketplaceId);
      // Not registered with this company's email: not found, whether it exists or not (its existence is not ours to tell).
      if (
        !company ||
        !marketplace ||
        !(sameEmail(marketplace.contactEmail, company.email) || sameEmail(marketplace.adminEmail, company.email))
      ) {
        throw new ServiceError(ServiceErrorCodes.NOT_FOUND, M.NOT_ATTACHABLE, { marketplaceId: [M.NOT_ATTACHABLE] });
      }
      if (marketplace.companyId !== null) {
        throw ServiceError.conflict(M.ALREADY_ATTACHED_TO_OTHER, { marketplaceId: [M.ALREADY_ATTACHED_TO_OTHER] });
      }
      const attached: StoredMarketplace = {
        ...marketplace,
        companyId: input.companyId,
        version: marketplace.version + 1,
        updatedAt: this.clock.now(),
      };
      await this.marketplaces.update(tx, marketplace.id, {
        companyId: attached.companyId,
        version: attached.version,
        updatedAt: attached.updatedAt,
      });
      await tx.publish(OnboardingEvents.MARKETPLACE_UPDATED, toUpdatedPayload(attached));
      return toMarketplaceView(attached);
    });
  }
}
