import { Injectable } from '@nestjs/common';
import {
  feeToMinor,
  MARKETPLACE_FEE_DEFAULTS,
  MARKETPLACE_TENANT_MESSAGES as M,
  OnboardingEvents,
  percentToBps,
  ServiceErrorCodes,
  type AuditContext,
  type MarketplaceView,
  type UpdateMarketplaceDto,
} from '@paymarket/contracts';
import { ServiceError, UnitOfWork, type Transaction } from '@paymarket/platform';
import { AuditTrail } from '../auth/audit-trail.js';
import { Clock } from '../auth/clock.js';
import { MarketplacesRepository, type MarketplaceChanges, type StoredMarketplace } from './marketplaces.repository.js';
import { toMarketplaceView, toUpdatedPayload } from './marketplace-view.js';
import { PayoutAccounts } from './payout-accounts.js';

/** The fields a PATCH may change besides the domain list; one of them differing makes a new version. */
const CHANGEABLE = [
  'domain',
  'displayName',
  'accentColor',
  'logoUrl',
  'customBranding',
  'customFees',
  'transactionFeeUsdMinor',
  'transactionFeeCadMinor',
  'platformFeeBps',
  'payoutAccountId',
] as const satisfies ReadonlyArray<keyof MarketplaceChanges>;

type Changeable = Pick<StoredMarketplace, (typeof CHANGEABLE)[number] | 'domains'>;

/** The fee terms (ADR 0051): a change to any is a `marketplace.terms_changed` row of the audit trail (ADR 0075). */
const FEE_TERMS = ['customFees', 'transactionFeeUsdMinor', 'transactionFeeCadMinor', 'platformFeeBps'] as const satisfies ReadonlyArray<
  (typeof CHANGEABLE)[number]
>;

/** A fee field from the body (validated already), else the stored value, else PayMarket's default. */
function feeOf(given: unknown, stored: number | null, fallback: string, read: (value: unknown) => number | undefined): number {
  if (given === undefined && stored !== null) return stored;
  const minor = read(given !== undefined ? given : fallback);
  // UpdateMarketplaceDto refuses these already; the service must not store a fee it cannot read back.
  if (minor === undefined) throw ServiceError.invalid('Invalid custom fees');
  return minor;
}

/**
 * What the marketplace becomes under a PATCH (ADR 0051): an absent field keeps its value; null removes the accent
 * colour, logo or payout account; `domains` replaces the whole list, its first the primary. With custom fees the fee
 * fields come from the body, else what is stored, else the defaults (3.56 usd, 4.79 cad, 5%); without, none is kept.
 */
export function applyMarketplaceUpdate(before: Changeable, body: UpdateMarketplaceDto): Changeable {
  const domains = body.domains ?? before.domains;
  const customFees = body.customFees ?? before.customFees;
  return {
    domains,
    domain: domains[0] ?? before.domain,
    displayName: body.displayName ?? before.displayName,
    accentColor: body.accentColor === undefined ? before.accentColor : body.accentColor,
    logoUrl: body.logoUrl === undefined ? before.logoUrl : body.logoUrl,
    customBranding: body.customBranding ?? before.customBranding,
    customFees,
    transactionFeeUsdMinor: customFees
      ? feeOf(body.transactionFeeUsd, before.transactionFeeUsdMinor, MARKETPLACE_FEE_DEFAULTS.transactionFee, feeToMinor)
      : null,
    transactionFeeCadMinor: customFees
      ? feeOf(body.transactionFeeCad, before.transactionFeeCadMinor, MARKETPLACE_FEE_DEFAULTS.transactionFeeCad, feeToMinor)
      : null,
    platformFeeBps: customFees ? feeOf(body.platformFee, before.platformFeeBps, MARKETPLACE_FEE_DEFAULTS.platformFee, percentToBps) : null,
    payoutAccountId: body.payoutAccountId === undefined ? before.payoutAccountId : body.payoutAccountId,
  };
}

const sameList = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

function domainsTaken(domains: readonly string[]): ServiceError {
  const messages = domains.map((d) => M.DOMAIN_TAKEN(d));
  return ServiceError.conflict(messages[0]!, { domains: messages });
}

/**
 * The console changes the company's marketplace (PATCH /api/v1/marketplace). A payout account is checked with payments
 * before anything is stored; every real change bumps the version and publishes marketplace.updated with the whole
 * tenant in the same transaction; a PATCH that changes nothing publishes nothing.
 */
@Injectable()
export class UpdateMarketplaceUseCase {
  constructor(
    private readonly marketplaces: MarketplacesRepository,
    private readonly payoutAccounts: PayoutAccounts,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly trail: AuditTrail,
  ) {}

  async execute(companyId: string, body: UpdateMarketplaceDto, audit: AuditContext, idempotencyKey?: string): Promise<MarketplaceView> {
    const current = await this.marketplaces.findByCompany(companyId);
    if (!current) throw ServiceError.notFound(M.NO_MARKETPLACE);
    // Outside the transaction (no row lock held while payments asks Stripe); an unchanged account is not asked again.
    if (typeof body.payoutAccountId === 'string' && body.payoutAccountId !== current.payoutAccountId) {
      await this.verifyPayoutAccount(body.payoutAccountId);
    }
    const once = { scope: `marketplace-updates:${companyId}`, key: idempotencyKey, request: body };
    return this.unitOfWork.runOnce(once, async (tx) => {
      const before = await this.marketplaces.lockByCompany(tx, companyId);
      if (!before) throw ServiceError.notFound(M.NO_MARKETPLACE);
      const after = applyMarketplaceUpdate(before, body);
      const domainsChanged = !sameList(before.domains, after.domains);
      const changed = CHANGEABLE.filter((key) => before[key] !== after[key]);
      if (!domainsChanged && changed.length === 0) return toMarketplaceView(before);

      if (domainsChanged) {
        const taken = await this.marketplaces.domainsOfOthers(tx, before.id, after.domains);
        if (taken.length > 0) throw domainsTaken(taken);
        const lost = await this.marketplaces.replaceDomains(tx, before.id, after.domains);
        if (lost !== null) throw domainsTaken([lost]);
      }
      const next: StoredMarketplace = { ...before, ...after, version: before.version + 1, updatedAt: this.clock.now() };
      const changes: MarketplaceChanges = { version: next.version, updatedAt: next.updatedAt };
      for (const key of changed) Object.assign(changes, { [key]: after[key] });
      await this.marketplaces.update(tx, before.id, changes);
      await tx.publish(OnboardingEvents.MARKETPLACE_UPDATED, toUpdatedPayload(next));
      await this.recordAudit(tx, audit, companyId, before, after, changed);
      return toMarketplaceView(next);
    });
  }

  /** One row for the fee terms and one for the payout account, each only when it changed (branding and domains: none). */
  private async recordAudit(
    tx: Transaction,
    audit: AuditContext,
    companyId: string,
    before: StoredMarketplace,
    after: Changeable,
    changed: ReadonlyArray<(typeof CHANGEABLE)[number]>,
  ): Promise<void> {
    const target = { type: 'marketplace', id: before.id };
    const terms = FEE_TERMS.filter((key) => changed.includes(key));
    if (terms.length > 0) {
      await this.trail.record(tx, audit, {
        action: 'marketplace.terms_changed',
        target,
        companyId,
        before: Object.fromEntries(terms.map((key) => [key, before[key]])),
        after: Object.fromEntries(terms.map((key) => [key, after[key]])),
      });
    }
    if (changed.includes('payoutAccountId')) {
      await this.trail.record(tx, audit, {
        action: 'marketplace.payout_account_changed',
        target,
        companyId,
        before: { payoutAccountId: before.payoutAccountId },
        after: { payoutAccountId: after.payoutAccountId },
      });
    }
  }

  private async verifyPayoutAccount(payoutAccountId: string): Promise<void> {
    const verdict = await this.payoutAccounts.verify(payoutAccountId);
    if (!verdict.valid) {
      const message = verdict.error ?? M.PAYOUT_ACCOUNT_INVALID;
      throw new ServiceError(ServiceErrorCodes.UNPROCESSABLE, message, { payoutAccountId: [message] });
    }
  }
}
