import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  feeToMinor,
  formatBps,
  formatMinor,
  MARKETPLACE_FEE_DEFAULTS,
  OnboardingEvents,
  percentToBps,
  type SetupMarketplaceDto,
  type SetupMarketplaceResponse,
} from '@paymarket/contracts';
import { ServiceError, UnitOfWork } from '@paymarket/platform';
import { MarketplacesRepository, type NewMarketplace } from './marketplaces.repository.js';
import { MarketplaceErrors } from './marketplaces.exception.js';

/**
 * The fees a marketplace is stored with: none of its own unless customFees is on; then the given fee and percentage,
 * or the defaults (3.56 and 5%) for those left out. Input has passed SetupMarketplaceDto.
 */
export function marketplaceFeeTerms(input: Pick<SetupMarketplaceDto, 'customFees' | 'transactionFee' | 'platformFee'>): {
  customFees: boolean;
  transactionFeeMinor: number | null;
  platformFeeBps: number | null;
} {
  if (input.customFees !== true) return { customFees: false, transactionFeeMinor: null, platformFeeBps: null };
  const transactionFeeMinor = feeToMinor(input.transactionFee ?? MARKETPLACE_FEE_DEFAULTS.transactionFee);
  const platformFeeBps = percentToBps(input.platformFee ?? MARKETPLACE_FEE_DEFAULTS.platformFee);
  // The DTO refuses these already; the service must not store a fee it cannot read back.
  if (transactionFeeMinor === undefined || platformFeeBps === undefined) throw ServiceError.invalid('Invalid custom fees');
  return { customFees: true, transactionFeeMinor, platformFeeBps };
}

@Injectable()
export class RegisterMarketplaceUseCase {
  constructor(
    private readonly marketplaces: MarketplacesRepository,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async execute(input: SetupMarketplaceDto): Promise<SetupMarketplaceResponse> {
    const fees = marketplaceFeeTerms(input);
    const now = new Date();
    const marketplace: NewMarketplace = {
      id: randomUUID(),
      companyName: input.companyName,
      domain: input.marketplaceDomain,
      contactEmail: input.contactEmail,
      adminEmail: input.adminEmail,
      businessType: input.businessType || null,
      expectedVolume: input.expectedVolume || null,
      customBranding: input.customBranding ?? true,
      whiteLabel: input.whiteLabel ?? false,
      apiAccess: input.apiAccess ?? false,
      customFees: fees.customFees,
      // Registration sets one fee; the console may then set one per currency (ADR 0051).
      transactionFeeUsdMinor: fees.transactionFeeMinor,
      transactionFeeCadMinor: fees.transactionFeeMinor,
      platformFeeBps: fees.platformFeeBps,
      description: input.description || null,
      createdAt: now,
      // A tenant of no company until its company's console attaches it (ADR 0051).
      companyId: null,
      displayName: input.companyName,
      accentColor: null,
      logoUrl: null,
      payoutAccountId: null,
      version: 1,
      updatedAt: now,
    };
    const taken = (): ServiceError => {
      const message = MarketplaceErrors.DOMAIN_TAKEN(marketplace.domain);
      return ServiceError.conflict(message, { marketplaceDomain: [message] });
    };
    await this.unitOfWork.run(async (tx) => {
      // Taken as another marketplace's primary or extra domain alike: a domain belongs to one marketplace.
      if (await this.marketplaces.existsByDomain(tx, marketplace.domain)) throw taken();
      if (!(await this.marketplaces.insert(tx, marketplace))) throw taken();
      await tx.publish(OnboardingEvents.MARKETPLACE_REGISTERED, {
        marketplaceId: marketplace.id,
        companyName: marketplace.companyName,
        marketplaceDomain: marketplace.domain,
        contactEmail: marketplace.contactEmail,
        adminEmail: marketplace.adminEmail,
        ...fees,
      });
    });
    return {
      success: true,
      message: `${marketplace.companyName} is set up on PayMarket! We emailed the next steps to ${marketplace.contactEmail}.`,
      marketplace: {
        id: marketplace.id,
        companyName: marketplace.companyName,
        marketplaceDomain: marketplace.domain,
        contactEmail: marketplace.contactEmail,
        adminEmail: marketplace.adminEmail,
        customBranding: marketplace.customBranding,
        whiteLabel: marketplace.whiteLabel,
        apiAccess: marketplace.apiAccess,
        customFees: fees.customFees,
        transactionFee: fees.transactionFeeMinor === null ? null : formatMinor(fees.transactionFeeMinor),
        platformFee: fees.platformFeeBps === null ? null : formatBps(fees.platformFeeBps),
        createdAt: marketplace.createdAt.toISOString(),
      },
      nextSteps: [
        'Request API keys at /api-access.',
        `Embed PayMarket on ${marketplace.domain} with the white-label guide at /marketplace-setup.`,
        'Read the developer documentation at /documentation.html.',
      ],
    };
  }
}
