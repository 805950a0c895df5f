import type { VerifyConnectedAccountResponse } from '@paymarket/contracts';
import { ServiceError, type Transaction } from '@paymarket/platform';
import { fakeUnitOfWork as sharedFakeUnitOfWork, type Rollbackable } from '@paymarket/platform/testing';
import { Clock } from '../src/auth/clock.js';
import type { MarketplaceEntity } from '../src/marketplaces/marketplace.entity.js';
import {
  MarketplacesRepository,
  type CompanyContact,
  type MarketplaceChanges,
  type NewMarketplace,
  type StoredMarketplace,
} from '../src/marketplaces/marketplaces.repository.js';
import { PayoutAccounts } from '../src/marketplaces/payout-accounts.js';

/**
 * The platform's fake unit of work, publishing as onboarding: the stores given are put back when the work fails, as a
 * rolled-back transaction would.
 */
export function fakeUnitOfWork(...stores: Rollbackable[]) {
  return sharedFakeUnitOfWork({ producer: 'onboarding', stores });
}

export class FakeClock extends Clock {
  constructor(public current = new Date('2026-11-27T10:00:00.000Z')) {
    super();
  }
  now(): Date {
    return new Date(this.current);
  }
}

/** Marketplaces, their domains and the companies' contact emails, in memory. */
export class InMemoryMarketplaces extends MarketplacesRepository implements Rollbackable {
  rows: MarketplaceEntity[] = [];
  /** domain → owner and position */
  domainRows = new Map<string, { marketplaceId: string; position: number }>();
  companies: CompanyContact[] = [];
  /** A concurrent registration that won the unique domain. */
  raceOnInsert = false;
  /** A domain another marketplace claims between the check and the write (a concurrent change). */
  claimedMeanwhile: string | null = null;

  snapshot(): () => void {
    const rows = this.rows.map((r) => ({ ...r }));
    const domainRows = new Map(this.domainRows);
    return () => {
      this.rows = rows;
      this.domainRows = domainRows;
    };
  }

  /** A registered marketplace as the registration stores it, with its primary domain row. */
  add(overrides: Partial<MarketplaceEntity> = {}): MarketplaceEntity {
    const row = marketplaceRow(overrides);
    this.rows.push(row);
    this.domainRows.set(row.domain, { marketplaceId: row.id, position: 0 });
    return row;
  }

  stored(id: string): StoredMarketplace {
    const row = this.rows.find((r) => r.id === id);
    if (!row) throw new Error(`no marketplace ${id}`);
    return this.withDomains(row);
  }

  async existsByDomain(_tx: Transaction, domain: string): Promise<boolean> {
    return this.domainRows.has(domain);
  }

  async insert(_tx: Transaction, marketplace: NewMarketplace): Promise<boolean> {
    if (this.raceOnInsert || this.domainRows.has(marketplace.domain)) return false;
    this.rows.push({ ...marketplace });
    this.domainRows.set(marketplace.domain, { marketplaceId: marketplace.id, position: 0 });
    return true;
  }

  async findByCompany(companyId: string): Promise<StoredMarketplace | null> {
    const row = this.rows.find((r) => r.companyId === companyId);
    return row ? this.withDomains(row) : null;
  }

  async lockByCompany(_tx: Transaction, companyId: string): Promise<StoredMarketplace | null> {
    return this.findByCompany(companyId);
  }

  async lockById(_tx: Transaction, id: string): Promise<StoredMarketplace | null> {
    const row = this.rows.find((r) => r.id === id);
    return row ? this.withDomains(row) : null;
  }

  async findByDomain(domain: string): Promise<StoredMarketplace | null> {
    const owner = this.domainRows.get(domain);
    return owner ? this.lockById({} as Transaction, owner.marketplaceId) : null;
  }

  async unattachedFor(email: string): Promise<MarketplaceEntity[]> {
    const e = email.toLowerCase();
    return this.rows
      .filter((r) => r.companyId === null && (r.contactEmail.toLowerCase() === e || r.adminEmail.toLowerCase() === e))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  }

  async domainsOfOthers(_tx: Transaction, marketplaceId: string, domains: readonly string[]): Promise<string[]> {
    return domains.filter((d) => {
      const owner = this.domainRows.get(d);
      return owner !== undefined && owner.marketplaceId !== marketplaceId;
    });
  }

  async replaceDomains(_tx: Transaction, marketplaceId: string, domains: readonly string[]): Promise<string | null> {
    if (this.claimedMeanwhile && domains.includes(this.claimedMeanwhile)) {
      this.domainRows.set(this.claimedMeanwhile, { marketplaceId: 'someone-else', position: 0 });
    }
    for (const [domain, owner] of [...this.domainRows]) if (owner.marketplaceId === marketplaceId) this.domainRows.delete(domain);
    let lost: string | null = null;
    domains.forEach((domain, position) => {
      if (this.domainRows.has(domain)) lost ??= domain;
      else this.domainRows.set(domain, { marketplaceId, position });
    });
    return lost;
  }

  async update(_tx: Transaction, id: string, changes: MarketplaceChanges): Promise<void> {
    const row = this.rows.find((r) => r.id === id);
    if (!row) throw new Error(`no marketplace ${id}`);
    if (changes.companyId && this.rows.some((r) => r.id !== id && r.companyId === changes.companyId)) {
      throw new Error('unique violation: marketplaces.company_id');
    }
    Object.assign(row, changes);
  }

  async findCompany(companyId: string): Promise<CompanyContact | null> {
    return this.companies.find((c) => c.id === companyId) ?? null;
  }

  async lockCompany(_tx: Transaction, companyId: string): Promise<CompanyContact | null> {
    return this.findCompany(companyId);
  }

  private withDomains(row: MarketplaceEntity): StoredMarketplace {
    const domains = [...this.domainRows]
      .filter(([, owner]) => owner.marketplaceId === row.id)
      .sort(([, a], [, b]) => a.position - b.position)
      .map(([domain]) => domain);
    return { ...row, domains };
  }
}

let counter = 0;

/** A registered, unattached marketplace without custom fees. */
export function marketplaceRow(overrides: Partial<MarketplaceEntity> = {}): MarketplaceEntity {
  counter++;
  const created = new Date(Date.UTC(2026, 10, 1, 0, counter));
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    companyName: 'Acme Prints',
    domain: `shop${counter}.acme.com`,
    contactEmail: 'hello@acme.com',
    adminEmail: 'admin@acme.com',
    businessType: null,
    expectedVolume: null,
    customBranding: true,
    whiteLabel: false,
    apiAccess: false,
    customFees: false,
    transactionFeeUsdMinor: null,
    transactionFeeCadMinor: null,
    platformFeeBps: null,
    description: null,
    createdAt: created,
    companyId: null,
    displayName: 'Acme Prints',
    accentColor: null,
    logoUrl: null,
    payoutAccountId: null,
    version: 1,
    updatedAt: created,
    ...overrides,
  };
}

/** Payments' connected-account check: `valid` lists the accounts that exist and can receive transfers. */
export class FakePayoutAccounts extends PayoutAccounts {
  readonly asked: string[] = [];
  failure: ServiceError | null = null;
  constructor(private readonly valid: readonly string[] = ['acct_1PMDemoMapleInk0002']) {
    super();
  }

  async verify(stripeAccountId: string): Promise<VerifyConnectedAccountResponse> {
    this.asked.push(stripeAccountId);
    if (this.failure) throw this.failure;
    if (this.valid.includes(stripeAccountId)) return { valid: true, message: 'Stripe account verified' };
    return { valid: false, message: 'Stripe account could not be verified', error: 'No Stripe account found with this ID' };
  }
}
