import {
  formatBps,
  formatMinor,
  MARKETPLACE_TENANT_MESSAGES as M,
  type EmbedMarketplace,
  type MarketplaceConsoleResponse,
  type MarketplaceUpdatedPayload,
  type MarketplaceView,
} from '@paymarket/contracts';
import type { MarketplaceEntity } from './marketplace.entity.js';
import type { StoredMarketplace } from './marketplaces.repository.js';

type Readiness = Pick<MarketplaceEntity, 'companyId' | 'customFees' | 'payoutAccountId'>;

/**
 * Whether the marketplace can take orders (its widget and its company's key), and why not (ADR 0051): it must be
 * attached to a company, and a marketplace charging its own fees needs a payout account to receive its share.
 */
export function readiness(m: Readiness): { acceptingOrders: boolean; notice: string | null } {
  if (m.companyId === null) return { acceptingOrders: false, notice: M.NOT_ATTACHED };
  if (m.customFees && m.payoutAccountId === null) return { acceptingOrders: false, notice: M.PAYOUT_ACCOUNT_REQUIRED };
  return { acceptingOrders: true, notice: null };
}

function transactionFeeMinor(m: MarketplaceEntity): { usd: number; cad: number } | null {
  if (!m.customFees || m.transactionFeeUsdMinor === null || m.transactionFeeCadMinor === null) return null;
  return { usd: m.transactionFeeUsdMinor, cad: m.transactionFeeCadMinor };
}

export function toMarketplaceView(m: StoredMarketplace): MarketplaceView {
  const fees = transactionFeeMinor(m);
  return {
    id: m.id,
    companyName: m.companyName,
    primaryDomain: m.domain,
    domains: m.domains,
    contactEmail: m.contactEmail,
    adminEmail: m.adminEmail,
    branding: { customBranding: m.customBranding, displayName: m.displayName, accentColor: m.accentColor, logoUrl: m.logoUrl },
    fees: {
      customFees: m.customFees,
      transactionFee: fees ? { usd: formatMinor(fees.usd), cad: formatMinor(fees.cad) } : null,
      platformFee: m.customFees && m.platformFeeBps !== null ? formatBps(m.platformFeeBps) : null,
    },
    payoutAccountId: m.payoutAccountId,
    ...readiness(m),
    version: m.version,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
  };
}

export function toCandidate(m: MarketplaceEntity): MarketplaceConsoleResponse['candidates'][number] {
  return { id: m.id, companyName: m.companyName, domain: m.domain, customFees: m.customFees, createdAt: m.createdAt.toISOString() };
}

export function toEmbedMarketplace(m: StoredMarketplace): EmbedMarketplace {
  return {
    id: m.id,
    companyId: m.companyId,
    domains: m.domains,
    displayName: m.displayName,
    accentColor: m.accentColor,
    logoUrl: m.logoUrl,
    customBranding: m.customBranding,
    ...readiness(m),
    version: m.version,
  };
}

/** The whole tenant as marketplace.updated carries it. */
export function toUpdatedPayload(m: StoredMarketplace): MarketplaceUpdatedPayload {
  return {
    marketplaceId: m.id,
    companyId: m.companyId,
    companyName: m.companyName,
    domains: m.domains,
    displayName: m.displayName,
    accentColor: m.accentColor,
    logoUrl: m.logoUrl,
    customBranding: m.customBranding,
    customFees: m.customFees,
    transactionFeeMinor: transactionFeeMinor(m),
    platformFeeBps: m.customFees ? m.platformFeeBps : null,
    payoutAccountId: m.payoutAccountId,
    version: m.version,
    updatedAt: m.updatedAt.toISOString(),
  };
}
