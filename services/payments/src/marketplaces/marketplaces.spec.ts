import { describe, expect, it } from '@jest/globals';
import { MARKETPLACE_TENANT_MESSAGES, validateDto, type MarketplaceUpdatedPayload } from '@paymarket/contracts';
import { ServiceError } from '@paymarket/platform';
import type { EntityManager } from 'typeorm';
import { FakeProcessor } from '../../test/fake-processor.js';
import { ConnectedAccountCheck } from '../checkout/account-check.js';
import { CheckoutErrors } from '../checkout/checkout.errors.js';
import { EmbedOrderBody } from '../checkout/embed-orders.use-case.js';
import { ApplyMarketplaceUpdate, copyFromEvent } from './apply-marketplace-update.use-case.js';
import type { MarketplaceCopy, MarketplacesRepository } from './marketplaces.repository.js';
import { OrderMarketplaces, PAYOUT_ACCOUNT_FIELD } from './order-marketplace.js';

const MARKETPLACE = '0b7d1a4e-1111-4c2d-8e3f-000000000001';
const ACME = '11111111-1111-4111-8111-111111111111';
const GLOBEX = '22222222-2222-4222-8222-222222222222';
const PAYOUT = 'acct_1PMDemoPrintCo00001';
const RESTRICTED = 'acct_1PMDemoRestricted03';

function payload(overrides: Partial<MarketplaceUpdatedPayload> = {}): MarketplaceUpdatedPayload {
  return {
    marketplaceId: MARKETPLACE,
    companyId: ACME,
    companyName: 'Acme',
    domains: ['shop.acme.example'],
    displayName: 'Acme Crafts',
    accentColor: null,
    logoUrl: null,
    customBranding: false,
    customFees: true,
    transactionFeeMinor: { usd: 200, cad: 250 },
    platformFeeBps: 1000,
    payoutAccountId: PAYOUT,
    version: 2,
    updatedAt: '2026-11-27T08:00:00.000Z',
    ...overrides,
  };
}

/** An in-memory copy store that applies only newer versions, as the SQL does. */
class MemoryMarketplaces {
  readonly rows = new Map<string, MarketplaceCopy>();
  async applyIfNewer(_m: EntityManager, copy: MarketplaceCopy): Promise<boolean> {
    const kept = this.rows.get(copy.id);
    if (kept && kept.version >= copy.version) return false;
    this.rows.set(copy.id, copy);
    return true;
  }
  async byId(id: string) {
    return this.rows.get(id) ?? null;
  }
  async byCompany(companyId: string) {
    return [...this.rows.values()].find((r) => r.companyId === companyId) ?? null;
  }
}

const manager = {} as EntityManager;

describe(ApplyMarketplaceUpdate.name, () => {
  it('keeps the fee terms and payout account, and applies only a newer version', async () => {
    const store = new MemoryMarketplaces();
    const sut = new ApplyMarketplaceUpdate(store as unknown as MarketplacesRepository);
    expect(await sut.execute(manager, payload())).toBe('applied');
    expect(store.rows.get(MARKETPLACE)).toMatchObject({
      companyId: ACME,
      displayName: 'Acme Crafts',
      customFees: true,
      transactionFeeMinor: { usd: 200n, cad: 250n },
      platformFeeBps: 1000,
      payoutAccountId: PAYOUT,
      version: 2,
    });
    // Late or repeated: an older or equal version changes nothing.
    expect(await sut.execute(manager, payload({ version: 1, platformFeeBps: 9000 }))).toBe('stale');
    expect(await sut.execute(manager, payload({ version: 2, platformFeeBps: 9000 }))).toBe('stale');
    expect(store.rows.get(MARKETPLACE)!.platformFeeBps).toBe(1000);
    expect(await sut.execute(manager, payload({ version: 3, customFees: false, transactionFeeMinor: null, platformFeeBps: null }))).toBe(
      'applied',
    );
    expect(store.rows.get(MARKETPLACE)).toMatchObject({ customFees: false, transactionFeeMinor: null, version: 3 });
  });

  it.each([
    ['a marketplace id that is not a uuid', { marketplaceId: 'nope' }],
    ['a fee that is not whole minor units', { transactionFeeMinor: { usd: 1.5, cad: 2 } }],
    ['a negative fee', { transactionFeeMinor: { usd: -1, cad: 2 } }],
    ['a percentage out of range', { platformFeeBps: 10_001 }],
    ['custom fees without a percentage', { platformFeeBps: null }],
    ['a payout account that is not an account id', { payoutAccountId: 'bank 123' }],
    ['no version', { version: undefined as unknown as number }],
  ])('does not keep %s (the previous copy stays in force)', async (_what, overrides) => {
    const store = new MemoryMarketplaces();
    const sut = new ApplyMarketplaceUpdate(store as unknown as MarketplacesRepository);
    expect(await sut.execute(manager, payload(overrides))).toEqual({ invalid: expect.any(String) });
    expect(store.rows.size).toBe(0);
  });

  it('an unattached marketplace is kept with no company', () => {
    expect(copyFromEvent(payload({ companyId: null }))).toMatchObject({ companyId: null });
  });
});

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string; fields?: Record<string, string[]> }> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ServiceError) return { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) };
    throw err;
  }
  throw new Error('expected a refusal');
}

describe(OrderMarketplaces.name, () => {
  async function withCopy(overrides: Partial<MarketplaceUpdatedPayload> = {}) {
    const store = new MemoryMarketplaces();
    const copy = copyFromEvent(payload(overrides));
    if (typeof copy === 'string') throw new Error(copy);
    await store.applyIfNewer(manager, copy);
    const processor = new FakeProcessor();
    const asked: string[] = [];
    const original = processor.connectedAccountStatus.bind(processor);
    processor.connectedAccountStatus = async (id: string) => {
      asked.push(id);
      return original(id);
    };
    return { sut: new OrderMarketplaces(store as unknown as MarketplacesRepository, new ConnectedAccountCheck(processor)), asked };
  }

  it('records the terms in force for the order currency and pays the share to the payout account', async () => {
    const { sut } = await withCopy();
    const found = await sut.forCompany(ACME, 'cad', manager);
    expect(found).toEqual({
      terms: { customFees: true, transactionFee: { usd: 200n, cad: 250n }, platformFeeBps: 1000 },
      feeTerms: {
        marketplaceId: MARKETPLACE,
        name: 'Acme Crafts',
        customFees: true,
        transactionFeeMinor: '250',
        platformFeeBps: 1000,
        version: 2,
      },
      payee: { stripeAccountId: PAYOUT, displayName: 'Acme Crafts' },
    });
    expect(await sut.forCompany(GLOBEX, 'usd', manager)).toBeNull();
  });

  it('without custom fees: PayMarket fee recorded, no share, no payout account needed', async () => {
    const { sut, asked } = await withCopy({ customFees: false, transactionFeeMinor: null, platformFeeBps: null, payoutAccountId: null });
    const found = await sut.forCompany(ACME, 'usd', manager);
    expect(found?.payee).toBeNull();
    expect(found?.feeTerms).toMatchObject({ customFees: false, transactionFeeMinor: '356', platformFeeBps: null });
    expect(asked).toEqual([]);
  });

  it('custom fees without a payout account: 409 naming payoutAccountId, before asking Stripe', async () => {
    const { sut, asked } = await withCopy({ payoutAccountId: null });
    expect(await refusal(sut.forCompany(ACME, 'usd', manager))).toEqual({
      code: 'conflict',
      message: MARKETPLACE_TENANT_MESSAGES.PAYOUT_ACCOUNT_REQUIRED,
      fields: { [PAYOUT_ACCOUNT_FIELD]: [MARKETPLACE_TENANT_MESSAGES.PAYOUT_ACCOUNT_REQUIRED] },
    });
    expect(asked).toEqual([]);
  });

  it('a payout account that cannot receive transfers (or does not exist): 422 naming payoutAccountId', async () => {
    for (const account of [RESTRICTED, 'acct_doesnotexist0000']) {
      const { sut } = await withCopy({ payoutAccountId: account });
      expect(await refusal(sut.forCompany(ACME, 'usd', manager))).toEqual({
        code: 'unprocessable',
        message: CheckoutErrors.MARKETPLACE_PAYOUT_NOT_READY,
        fields: { payoutAccountId: [CheckoutErrors.MARKETPLACE_PAYOUT_NOT_READY] },
      });
    }
  });

  it('checks the payout account like a recipient: a confirmed account is not asked again within the window', async () => {
    const { sut, asked } = await withCopy();
    await sut.forCompany(ACME, 'usd', manager);
    await sut.forCompany(ACME, 'usd', manager);
    expect(asked).toEqual([PAYOUT]);
  });

  it("an embed token's marketplace must be in the copy and the caller's: NOT_READY otherwise", async () => {
    const { sut } = await withCopy();
    expect((await sut.forEmbed(MARKETPLACE, ACME, 'usd', 'not ready', manager)).feeTerms.marketplaceId).toBe(MARKETPLACE);
    expect(await refusal(sut.forEmbed(MARKETPLACE, GLOBEX, 'usd', 'not ready', manager))).toEqual({
      code: 'conflict',
      message: 'not ready',
    });
    expect(await refusal(sut.forEmbed('0b7d1a4e-1111-4c2d-8e3f-000000000002', ACME, 'usd', 'not ready', manager))).toMatchObject({
      code: 'conflict',
    });
  });
});

describe(EmbedOrderBody.name, () => {
  const body = { amount: '25.00', currency: 'usd', recipient: PAYOUT, buyerEmail: 'Guest@Example.com' };

  it('takes the widget body without embedOrigin (the gateway checked it) and keeps the shared rules', () => {
    const ok = validateDto(EmbedOrderBody, body);
    expect(ok.ok && ok.value).toMatchObject({ amount: '25.00', buyerEmail: 'guest@example.com' });
    expect(validateDto(EmbedOrderBody, { ...body, embedOrigin: 'https://shop.acme.example' }).ok).toBe(true);
    const bad = validateDto(EmbedOrderBody, { ...body, buyerEmail: 'nope', orderId: 'has spaces' });
    expect(bad.ok ? null : Object.keys(bad.errors).sort()).toEqual(['buyerEmail', 'orderId']);
    const unknown = validateDto(EmbedOrderBody, { ...body, marketplaceId: MARKETPLACE });
    expect(unknown.ok).toBe(false);
  });
});
