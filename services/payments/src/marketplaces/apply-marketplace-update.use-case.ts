import { Injectable } from '@nestjs/common';
import type { MarketplaceUpdatedPayload } from '@paymarket/contracts';
import type { EntityManager } from 'typeorm';
import { MarketplacesRepository, type MarketplaceCopy } from './marketplaces.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ACCOUNT = /^acct_[A-Za-z0-9]{1,255}$/;
const minorOk = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/**
 * The copy `marketplace.updated` describes, or why it cannot be kept. Onboarding validated the tenant, but an event is
 * input too: a payload that could not split an order (a fee that is not whole minor units, a percentage out of range)
 * is not kept, and the previous copy stays in force.
 */
export function copyFromEvent(p: Partial<MarketplaceUpdatedPayload> | undefined): MarketplaceCopy | string {
  if (!p || typeof p.marketplaceId !== 'string' || !UUID.test(p.marketplaceId)) return 'marketplaceId is not a uuid';
  if (p.companyId !== null && (typeof p.companyId !== 'string' || !UUID.test(p.companyId))) return 'companyId is not a uuid or null';
  if (typeof p.version !== 'number' || !Number.isSafeInteger(p.version) || p.version < 0) return 'version is not a whole number';
  if (typeof p.displayName !== 'string' || p.displayName.trim() === '') return 'displayName is empty';
  const updatedAt = new Date(String(p.updatedAt));
  if (Number.isNaN(updatedAt.getTime())) return 'updatedAt is not a date';
  const customFees = p.customFees === true;
  const fee = p.transactionFeeMinor ?? null;
  if (fee !== null && (!minorOk(fee.usd) || !minorOk(fee.cad))) return 'transactionFeeMinor is not whole minor units';
  const bps = p.platformFeeBps ?? null;
  if (bps !== null && (!Number.isInteger(bps) || bps < 0 || bps > 10_000)) return 'platformFeeBps is out of range';
  if (customFees && (fee === null || bps === null)) return 'custom fees without a transaction fee or a percentage';
  const payout = p.payoutAccountId ?? null;
  if (payout !== null && (typeof payout !== 'string' || !ACCOUNT.test(payout))) return 'payoutAccountId is not a connected account id';
  return {
    id: p.marketplaceId,
    companyId: p.companyId ?? null,
    displayName: p.displayName.trim(),
    customFees,
    transactionFeeMinor: fee === null ? null : { usd: BigInt(fee.usd), cad: BigInt(fee.cad) },
    platformFeeBps: bps,
    payoutAccountId: payout,
    version: p.version,
    updatedAt,
  };
}

export type ApplyOutcome = 'applied' | 'stale' | { invalid: string };

/**
 * Keeps payments' copy of a marketplace (ADR 0051) from `marketplace.updated`: only a version newer than the kept one
 * is applied (events may arrive twice or out of order). Orders already made keep the terms they recorded.
 */
@Injectable()
export class ApplyMarketplaceUpdate {
  constructor(private readonly marketplaces: MarketplacesRepository) {}

  async execute(manager: EntityManager, payload: Partial<MarketplaceUpdatedPayload> | undefined): Promise<ApplyOutcome> {
    const copy = copyFromEvent(payload);
    if (typeof copy === 'string') return { invalid: copy };
    return (await this.marketplaces.applyIfNewer(manager, copy)) ? 'applied' : 'stale';
  }
}
