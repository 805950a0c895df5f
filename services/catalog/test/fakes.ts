import type {
  PrintProvider,
  ProviderApplicationStatus,
  ProviderApplicationView,
  SellerPayoutAccount,
  SellerProfile,
  VerifyConnectedAccountResponse,
} from '@paymarket/contracts';
import type { Transaction } from '@paymarket/platform';
import { fakeUnitOfWork as sharedFakeUnitOfWork } from '@paymarket/platform/testing';
import { ConnectedAccounts } from '../src/providers/connected-accounts.js';
import { ProvidersRepository, type Decision, type NewApplication } from '../src/providers/providers.repository.js';
import { Clock } from '../src/shared/clock.js';
import {
  SellersRepository,
  type NewSeller,
  type RecoveryTokenRow,
  type SellerFields,
  type ShowcaseCursor,
  type ShowcasePage,
} from '../src/sellers/sellers.repository.js';

/** The platform's fake unit of work, publishing as catalog. */
export function fakeUnitOfWork() {
  return sharedFakeUnitOfWork({ producer: 'catalog' });
}

export class FakeClock extends Clock {
  constructor(public current = new Date('2026-01-01T12:00:00Z')) {
    super();
  }
  now(): Date {
    return new Date(this.current);
  }
}

export class InMemorySellers extends SellersRepository {
  readonly rows = new Map<string, SellerFields & { id: string }>();
  readonly payoutAccounts = new Map<string, string | null>();
  readonly tokens = new Map<string, Buffer>();
  readonly recovery: Array<{ id: string; sellerId: string; hash: Buffer; expiresAt: Date; usedAt: Date | null }> = [];

  async insert(_tx: Transaction, seller: NewSeller): Promise<void> {
    const { stripeAccountId, ...fields } = seller;
    this.rows.set(seller.id, { ...fields });
    this.payoutAccounts.set(seller.id, stripeAccountId);
  }
  async findById(id: string): Promise<SellerProfile | null> {
    const row = this.rows.get(id);
    const payable = (this.payoutAccounts.get(id) ?? null) !== null;
    return row ? { ...row, averageRating: 0, totalRatings: 0, createdAt: '2026-01-01T00:00:00.000Z', payable } : null;
  }
  async payoutAccount(id: string): Promise<SellerPayoutAccount | null> {
    const row = this.rows.get(id);
    return row
      ? { sellerId: id, businessName: row.businessName, sellerName: row.sellerName, stripeAccountId: this.payoutAccounts.get(id) ?? null }
      : null;
  }
  async setPayoutAccount(_tx: Transaction, id: string, stripeAccountId: string | null): Promise<void> {
    this.payoutAccounts.set(id, stripeAccountId);
  }
  async lockById(_tx: Transaction, id: string): Promise<SellerProfile | null> {
    return this.findById(id);
  }
  async update(_tx: Transaction, id: string, fields: SellerFields): Promise<void> {
    this.rows.set(id, { ...fields, id });
  }
  async page(limit: number, _cursor: ShowcaseCursor | null): Promise<ShowcasePage> {
    const all = await Promise.all([...this.rows.keys()].map((id) => this.findById(id)));
    return { sellers: all.filter((s): s is SellerProfile => s !== null).slice(0, limit), nextCursor: null };
  }
  async stats() {
    const categories: Record<string, number> = {};
    for (const row of this.rows.values()) categories[row.category] = (categories[row.category] ?? 0) + 1;
    return { total: this.rows.size, categories };
  }
  async setEditTokenHash(_tx: Transaction, sellerId: string, hash: Buffer): Promise<void> {
    this.tokens.set(sellerId, hash);
  }
  async editTokenHash(sellerId: string): Promise<Buffer | null> {
    return this.tokens.get(sellerId) ?? null;
  }
  async hasRecoveryTokenExpiringAfter(_tx: Transaction, sellerId: string, after: Date): Promise<boolean> {
    return this.recovery.some((r) => r.sellerId === sellerId && r.usedAt === null && r.expiresAt.getTime() > after.getTime());
  }
  async addRecoveryToken(_tx: Transaction, row: { id: string; sellerId: string; hash: Buffer; expiresAt: Date }): Promise<void> {
    this.recovery.push({ ...row, usedAt: null });
  }
  async lockRecoveryToken(_tx: Transaction, sellerId: string, hash: Buffer): Promise<RecoveryTokenRow | null> {
    const row = this.recovery.find((r) => r.sellerId === sellerId && r.hash.equals(hash));
    return row ? { id: row.id, sellerId: row.sellerId, expiresAt: row.expiresAt, usedAt: row.usedAt } : null;
  }
  async useRecoveryTokens(_tx: Transaction, sellerId: string, at: Date): Promise<void> {
    for (const row of this.recovery) if (row.sellerId === sellerId && row.usedAt === null) row.usedAt = at;
  }
}

export class InMemoryProviders extends ProvidersRepository {
  readonly providers: Array<PrintProvider & { applicationId: string | null }> = [];
  readonly apps = new Map<string, ProviderApplicationView>();

  async approvedProviders(): Promise<PrintProvider[]> {
    return this.providers.map(({ applicationId: _applicationId, ...provider }) => provider);
  }
  async providerWithAccountExists(stripeAccountId: string): Promise<boolean> {
    return this.providers.some((p) => p.stripeAccountId === stripeAccountId);
  }
  async insertProvider(
    _tx: Transaction,
    p: { id: string; name: string; stripeAccountId: string; email: string | null; applicationId: string | null },
  ): Promise<boolean> {
    if (await this.providerWithAccountExists(p.stripeAccountId)) return false;
    const app = p.applicationId === null ? undefined : this.apps.get(p.applicationId);
    this.providers.push({
      id: p.id,
      name: p.name,
      stripeAccountId: p.stripeAccountId,
      contactName: app?.contactName ?? null,
      email: p.email,
      phone: app?.phone ?? null,
      website: app?.website ?? null,
      location: app?.serviceArea ?? null,
      description: app?.portfolioDescription ?? null,
      capabilities: app?.printCapabilities ?? null,
      turnaroundTime: app?.turnaroundTime ?? null,
      applicationId: p.applicationId,
    });
    return true;
  }
  async insertApplication(_tx: Transaction, a: NewApplication): Promise<void> {
    this.apps.set(a.id, {
      ...a,
      status: 'pending',
      decisionNote: null,
      decidedBy: null,
      decidedAt: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      providerId: null,
    });
  }
  async findApplication(id: string): Promise<ProviderApplicationView | null> {
    const app = this.apps.get(id);
    return app ? { ...app } : null;
  }
  async lockApplication(_tx: Transaction, id: string): Promise<ProviderApplicationView | null> {
    return this.findApplication(id);
  }
  async decide(_tx: Transaction, id: string, d: Decision): Promise<void> {
    const app = this.apps.get(id)!;
    this.apps.set(id, {
      ...app,
      status: d.status,
      decisionNote: d.note,
      decidedBy: d.decidedBy,
      decidedAt: d.decidedAt.toISOString(),
      providerId: d.providerId,
    });
  }
  async applications(status: ProviderApplicationStatus | undefined): Promise<ProviderApplicationView[]> {
    return [...this.apps.values()].filter((a) => !status || a.status === status);
  }
}

export class FakeConnectedAccounts extends ConnectedAccounts {
  valid = new Set(['acct_1PMDemoPrintCo00001', 'acct_1PMDemoMapleInk0002']);
  calls: string[] = [];
  async verify(stripeAccountId: string): Promise<VerifyConnectedAccountResponse> {
    this.calls.push(stripeAccountId);
    return this.valid.has(stripeAccountId)
      ? { valid: true, message: 'Account verified', accountInfo: { businessName: 'Demo', country: 'US' } }
      : { valid: false, message: 'Account cannot receive transfers', error: 'This account cannot receive transfers' };
  }
}

export function sellerInput(overrides: Record<string, unknown> = {}) {
  return {
    businessName: 'Harbour Print Works',
    sellerName: 'Maya Thompson',
    email: 'maya@example.com',
    phone: '9025550142',
    category: 'printing',
    description: 'Offset and digital printing studio. Business cards, flyers and brochures on recycled stock.',
    products: 'Business cards, flyers, brochures',
    pricing: 'From $29 per 250 cards',
    location: 'Halifax, NS',
    website: 'https://harbour.example.com',
    ...overrides,
  };
}

export function applicationInput(overrides: Record<string, unknown> = {}) {
  return {
    businessName: 'Maple Ink Printing',
    contactName: 'Jean Roy',
    email: 'jean@mapleink.example.com',
    phone: '4165550100',
    businessAddress: '12 King Street West, Toronto, ON',
    website: 'mapleink.example.com',
    yearsInBusiness: '3-5',
    serviceArea: 'Canada and northern US',
    printCapabilities: 'Offset, large-format and digital presses up to 64 inches wide',
    turnaroundTime: '3-5 business days',
    stripeConnectId: 'acct_1PMDemoMapleInk0002',
    portfolioDescription: 'Fifteen years of packaging, posters and books for publishers, breweries and galleries in Ontario.',
    terms: true,
    ...overrides,
  };
}
