import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { MarketplaceTerms } from '../fees/fee-policy.js';

/** Payments' copy of one marketplace (ADR 0051): what an order needs, kept from `marketplace.updated`. */
export interface MarketplaceCopy {
  id: string;
  companyId: string | null;
  displayName: string;
  customFees: boolean;
  /** Minor units per currency; null unless custom fees. */
  transactionFeeMinor: { usd: bigint; cad: bigint } | null;
  platformFeeBps: number | null;
  payoutAccountId: string | null;
  version: number;
  updatedAt: Date;
}

/** The fee policy's view of a copy: without custom fees (or with incomplete terms) nothing changes the split. */
export function termsOf(copy: MarketplaceCopy): MarketplaceTerms {
  const custom = copy.customFees && copy.transactionFeeMinor !== null && copy.platformFeeBps !== null;
  return {
    customFees: custom,
    transactionFee: copy.transactionFeeMinor ?? { usd: 0n, cad: 0n },
    platformFeeBps: copy.platformFeeBps ?? 0,
  };
}

interface Row {
  id: string;
  company_id: string | null;
  display_name: string;
  custom_fees: boolean;
  transaction_fee_usd_minor: string | null;
  transaction_fee_cad_minor: string | null;
  platform_fee_bps: number | null;
  payout_account_id: string | null;
  version: number;
  updated_at: Date;
}

function fromRow(r: Row): MarketplaceCopy {
  return {
    id: r.id,
    companyId: r.company_id,
    displayName: r.display_name,
    customFees: r.custom_fees,
    transactionFeeMinor:
      r.transaction_fee_usd_minor === null || r.transaction_fee_cad_minor === null
        ? null
        : { usd: BigInt(r.transaction_fee_usd_minor), cad: BigInt(r.transaction_fee_cad_minor) },
    platformFeeBps: r.platform_fee_bps,
    payoutAccountId: r.payout_account_id,
    version: r.version,
    updatedAt: new Date(r.updated_at),
  };
}

const COLUMNS = `id, company_id, display_name, custom_fees, transaction_fee_usd_minor::text, transaction_fee_cad_minor::text,
  platform_fee_bps, payout_account_id, version, updated_at`;

/** Where the copies are kept (payments' `marketplaces` table; onboarding's own tables are never read). */
@Injectable()
export class MarketplacesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Stores `copy` unless a copy of the same or a newer version is kept: true when it was stored. */
  async applyIfNewer(manager: EntityManager, copy: MarketplaceCopy): Promise<boolean> {
    const rows = (await manager.query(
      `INSERT INTO marketplaces (id, company_id, display_name, custom_fees, transaction_fee_usd_minor, transaction_fee_cad_minor,
                                 platform_fee_bps, payout_account_id, version, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (id) DO UPDATE SET company_id = EXCLUDED.company_id, display_name = EXCLUDED.display_name,
         custom_fees = EXCLUDED.custom_fees, transaction_fee_usd_minor = EXCLUDED.transaction_fee_usd_minor,
         transaction_fee_cad_minor = EXCLUDED.transaction_fee_cad_minor, platform_fee_bps = EXCLUDED.platform_fee_bps,
         payout_account_id = EXCLUDED.payout_account_id, version = EXCLUDED.version, updated_at = EXCLUDED.updated_at
       WHERE marketplaces.version < EXCLUDED.version
       RETURNING id`,
      [
        copy.id,
        copy.companyId,
        copy.displayName,
        copy.customFees,
        copy.transactionFeeMinor?.usd.toString() ?? null,
        copy.transactionFeeMinor?.cad.toString() ?? null,
        copy.platformFeeBps,
        copy.payoutAccountId,
        copy.version,
        copy.updatedAt,
      ],
    )) as unknown[];
    return rows.length > 0;
  }

  async byId(id: string, manager: EntityManager = this.dataSource.manager): Promise<MarketplaceCopy | null> {
    const rows = (await manager.query(`SELECT ${COLUMNS} FROM marketplaces WHERE id = $1`, [id])) as Row[];
    return rows[0] ? fromRow(rows[0]) : null;
  }

  /** The company's marketplace: the newest copy naming it (onboarding keeps one per company). */
  async byCompany(companyId: string, manager: EntityManager = this.dataSource.manager): Promise<MarketplaceCopy | null> {
    const rows = (await manager.query(
      `SELECT ${COLUMNS} FROM marketplaces WHERE company_id = $1 ORDER BY updated_at DESC, version DESC LIMIT 1`,
      [companyId],
    )) as Row[];
    return rows[0] ? fromRow(rows[0]) : null;
  }
}
