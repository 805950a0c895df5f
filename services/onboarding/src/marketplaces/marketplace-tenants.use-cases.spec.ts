import { beforeEach, describe, expect, it } from '@jest/globals';
import {
  MARKETPLACE_TENANT_MESSAGES as M,
  type AuditContext,
  type MarketplaceUpdatedPayload,
  type UpdateMarketplaceDto,
} from '@paymarket/contracts';
import { ServiceError } from '@paymarket/platform';
import { FakeClock, fakeUnitOfWork, FakePayoutAccounts, InMemoryMarketplaces } from '../../test/marketplace-fakes.js';
import { MemoryAuditTrail } from '../auth/memory-audit-trail.testing.js';
import { AttachMarketplaceUseCase } from './attach-marketplace.use-case.js';
import { EmbedMarketplaceUseCase } from './embed-marketplace.use-case.js';
import { GetCompanyMarketplaceUseCase } from './get-company-marketplace.use-case.js';
import { readiness } from './marketplace-view.js';
import { applyMarketplaceUpdate, UpdateMarketplaceUseCase } from './update-marketplace.use-case.js';

const COMPANY = '0b7c7f0e-5d7e-4c55-9e49-2f1c1f0b1a11';
const OTHER_COMPANY = '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const VALID_ACCOUNT = 'acct_1PMDemoMapleInk0002';
/** The console's contact, as the gateway names them (ADR 0075). */
const AUDIT: AuditContext = {
  actor: { type: 'console', id: COMPANY, label: 'hello@acme.com' },
  ip: '203.0.113.4',
  userAgent: 'Mozilla/5.0',
};

function world() {
  const marketplaces = new InMemoryMarketplaces();
  marketplaces.companies.push({ id: COMPANY, email: 'hello@acme.com' }, { id: OTHER_COMPANY, email: 'ops@other.com' });
  const trail = new MemoryAuditTrail();
  const { uow, published } = fakeUnitOfWork(marketplaces, trail);
  const clock = new FakeClock();
  const payouts = new FakePayoutAccounts();
  return { marketplaces, published, clock, payouts, uow, trail };
}

const updates = (published: Array<{ name: string; data: unknown }>) =>
  published.filter((e) => e.name === 'marketplace.updated').map((e) => e.data as MarketplaceUpdatedPayload);

describe(GetCompanyMarketplaceUseCase.name, () => {
  it('lists the unattached marketplaces registered with the company contact email as contact or admin, newest first', async () => {
    const { marketplaces } = world();
    const asContact = marketplaces.add({ contactEmail: 'HELLO@acme.com', adminEmail: 'x@y.com' });
    const asAdmin = marketplaces.add({ contactEmail: 'x@y.com', adminEmail: 'hello@acme.com' });
    marketplaces.add({ contactEmail: 'someone@else.com', adminEmail: 'x@y.com' });
    marketplaces.add({ contactEmail: 'hello@acme.com', companyId: OTHER_COMPANY });
    const sut = new GetCompanyMarketplaceUseCase(marketplaces);

    const result = await sut.execute(COMPANY);

    expect(result.marketplace).toBeNull();
    expect(result.candidates.map((c) => c.id)).toEqual([asAdmin.id, asContact.id]);
    expect(result.candidates[0]).toEqual({
      id: asAdmin.id,
      companyName: 'Acme Prints',
      domain: asAdmin.domain,
      customFees: false,
      createdAt: asAdmin.createdAt.toISOString(),
    });
  });

  it("answers the company's own marketplace, and no candidates, once it has one", async () => {
    const { marketplaces } = world();
    const own = marketplaces.add({
      companyId: COMPANY,
      customFees: true,
      transactionFeeUsdMinor: 250,
      transactionFeeCadMinor: 300,
      platformFeeBps: 750,
    });
    marketplaces.add();
    const sut = new GetCompanyMarketplaceUseCase(marketplaces);

    const result = await sut.execute(COMPANY);

    expect(result.candidates).toEqual([]);
    expect(result.marketplace).toMatchObject({
      id: own.id,
      primaryDomain: own.domain,
      domains: [own.domain],
      fees: { customFees: true, transactionFee: { usd: '2.50', cad: '3.00' }, platformFee: '7.5' },
      payoutAccountId: null,
      acceptingOrders: false,
      notice: M.PAYOUT_ACCOUNT_REQUIRED,
    });
  });

  it('answers no candidates for a company it does not know', async () => {
    const { marketplaces } = world();
    marketplaces.add();
    expect(await new GetCompanyMarketplaceUseCase(marketplaces).execute('1b7c7f0e-5d7e-4c55-9e49-2f1c1f0b1a11')).toEqual({
      marketplace: null,
      candidates: [],
    });
  });
});

describe(AttachMarketplaceUseCase.name, () => {
  let w: ReturnType<typeof world>;
  let sut: AttachMarketplaceUseCase;
  beforeEach(() => {
    w = world();
    sut = new AttachMarketplaceUseCase(w.marketplaces, w.uow, w.clock);
  });

  it('attaches a candidate, bumps its version and publishes the whole tenant as marketplace.updated', async () => {
    const candidate = w.marketplaces.add({ adminEmail: 'hello@acme.com', contactEmail: 'x@y.com' });

    const view = await sut.execute({ companyId: COMPANY, marketplaceId: candidate.id });

    expect(w.marketplaces.stored(candidate.id)).toMatchObject({ companyId: COMPANY, version: 2, updatedAt: w.clock.current });
    expect(view).toMatchObject({ id: candidate.id, version: 2, acceptingOrders: true, notice: null });
    expect(updates(w.published)).toEqual([
      {
        marketplaceId: candidate.id,
        companyId: COMPANY,
        companyName: 'Acme Prints',
        domains: [candidate.domain],
        displayName: 'Acme Prints',
        accentColor: null,
        logoUrl: null,
        customBranding: true,
        customFees: false,
        transactionFeeMinor: null,
        platformFeeBps: null,
        payoutAccountId: null,
        version: 2,
        updatedAt: w.clock.current.toISOString(),
      },
    ]);
  });

  it('answers not found naming marketplaceId for a marketplace registered with another email, or none, and changes nothing', async () => {
    const foreign = w.marketplaces.add({ contactEmail: 'ops@other.com', adminEmail: 'ops@other.com' });

    for (const marketplaceId of [foreign.id, '00000000-0000-4000-8000-00000000ffff']) {
      const error = await sut.execute({ companyId: COMPANY, marketplaceId }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServiceError);
      expect(error).toMatchObject({ code: 'not_found', message: M.NOT_ATTACHABLE, fields: { marketplaceId: [M.NOT_ATTACHABLE] } });
    }
    expect(w.marketplaces.stored(foreign.id)).toMatchObject({ companyId: null, version: 1 });
    expect(w.published).toEqual([]);
  });

  it('refuses a second marketplace for a company that has one (409)', async () => {
    w.marketplaces.add({ companyId: COMPANY });
    const second = w.marketplaces.add();

    await expect(sut.execute({ companyId: COMPANY, marketplaceId: second.id })).rejects.toMatchObject({
      code: 'conflict',
      message: M.COMPANY_HAS_MARKETPLACE,
    });
    expect(w.marketplaces.stored(second.id).companyId).toBeNull();
    expect(w.published).toEqual([]);
  });

  it('refuses a marketplace another company attached meanwhile (409), even one registered with this email', async () => {
    const taken = w.marketplaces.add({ companyId: OTHER_COMPANY });

    await expect(sut.execute({ companyId: COMPANY, marketplaceId: taken.id })).rejects.toMatchObject({
      code: 'conflict',
      message: M.ALREADY_ATTACHED_TO_OTHER,
    });
    expect(w.marketplaces.stored(taken.id).companyId).toBe(OTHER_COMPANY);
  });

  it('answers a repeat with the same Idempotency-Key with the first answer and publishes once', async () => {
    const candidate = w.marketplaces.add();

    const first = await sut.execute({ companyId: COMPANY, marketplaceId: candidate.id }, 'key-1');
    const again = await sut.execute({ companyId: COMPANY, marketplaceId: candidate.id }, 'key-1');

    expect(again).toEqual(first);
    expect(updates(w.published)).toHaveLength(1);
    // Without the key, the same call is a new attempt: the company already has its marketplace.
    await expect(sut.execute({ companyId: COMPANY, marketplaceId: candidate.id })).rejects.toMatchObject({ code: 'conflict' });
  });
});

describe(UpdateMarketplaceUseCase.name, () => {
  let w: ReturnType<typeof world>;
  let sut: UpdateMarketplaceUseCase;
  let own: ReturnType<InMemoryMarketplaces['add']>;
  beforeEach(() => {
    w = world();
    sut = new UpdateMarketplaceUseCase(w.marketplaces, w.payouts, w.uow, w.clock, w.trail);
    own = w.marketplaces.add({ companyId: COMPANY, domain: 'shop.acme.com' });
  });
  const patch = (body: UpdateMarketplaceDto, key?: string) => sut.execute(COMPANY, body, AUDIT, key);

  it('answers not found without a marketplace', async () => {
    await expect(sut.execute(OTHER_COMPANY, { displayName: 'Mine' }, AUDIT)).rejects.toMatchObject({
      code: 'not_found',
      message: M.NO_MARKETPLACE,
    });
  });

  it('changes branding, bumps the version, sets updatedAt and publishes one marketplace.updated', async () => {
    const view = await patch({ displayName: 'Acme Market', accentColor: '#4f46e5', logoUrl: 'https://cdn.acme.com/logo.png' });

    expect(view).toMatchObject({
      version: 2,
      updatedAt: w.clock.current.toISOString(),
      branding: { displayName: 'Acme Market', accentColor: '#4f46e5', logoUrl: 'https://cdn.acme.com/logo.png', customBranding: true },
    });
    expect(w.marketplaces.stored(own.id)).toMatchObject({ displayName: 'Acme Market', accentColor: '#4f46e5', version: 2 });
    expect(updates(w.published)).toEqual([
      expect.objectContaining({ marketplaceId: own.id, displayName: 'Acme Market', accentColor: '#4f46e5', version: 2 }),
    ]);
    // Branding is no privileged change: the audit trail records fee terms and payout accounts (ADR 0075).
    expect(w.trail.rows).toEqual([]);
  });

  it('publishes nothing and keeps the version for a PATCH that changes nothing', async () => {
    await patch({ accentColor: '#4f46e5' });
    const view = await patch({ accentColor: '#4f46e5', displayName: 'Acme Prints', domains: ['shop.acme.com'], customFees: false });

    expect(view.version).toBe(2);
    expect(w.marketplaces.stored(own.id).version).toBe(2);
    expect(updates(w.published)).toHaveLength(1);
  });

  it('removes the accent colour and logo with null', async () => {
    await patch({ accentColor: '#4f46e5', logoUrl: 'https://cdn.acme.com/logo.png' });
    const view = await patch({ accentColor: null, logoUrl: null });
    expect(view.branding).toMatchObject({ accentColor: null, logoUrl: null });
    expect(view.version).toBe(3);
  });

  it('replaces the whole domain list; the first becomes the primary domain', async () => {
    const view = await patch({ domains: ['www.acme.com', 'shop.acme.com'] });

    expect(view).toMatchObject({ primaryDomain: 'www.acme.com', domains: ['www.acme.com', 'shop.acme.com'] });
    expect(w.marketplaces.stored(own.id)).toMatchObject({ domain: 'www.acme.com', domains: ['www.acme.com', 'shop.acme.com'] });
    expect(updates(w.published)[0]!.domains).toEqual(['www.acme.com', 'shop.acme.com']);

    await patch({ domains: ['acme.com'] });
    expect(w.marketplaces.stored(own.id)).toMatchObject({ domain: 'acme.com', domains: ['acme.com'] });
    expect(w.marketplaces.domainRows.has('shop.acme.com')).toBe(false);
  });

  it("refuses another marketplace's domain with 409 naming domains, and stores nothing", async () => {
    w.marketplaces.add({ domain: 'taken.example.com' });

    const error = await patch({ displayName: 'New', domains: ['shop.acme.com', 'taken.example.com'] }).catch((e: unknown) => e);

    expect(error).toMatchObject({
      code: 'conflict',
      message: M.DOMAIN_TAKEN('taken.example.com'),
      fields: { domains: [M.DOMAIN_TAKEN('taken.example.com')] },
    });
    expect(w.marketplaces.stored(own.id)).toMatchObject({ displayName: 'Acme Prints', domains: ['shop.acme.com'], version: 1 });
    expect(w.published).toEqual([]);
  });

  it('refuses a domain claimed between the check and the write the same way, storing nothing', async () => {
    w.marketplaces.claimedMeanwhile = 'new.acme.com';

    await expect(patch({ domains: ['new.acme.com'] })).rejects.toMatchObject({
      code: 'conflict',
      fields: { domains: [M.DOMAIN_TAKEN('new.acme.com')] },
    });
    expect(w.marketplaces.stored(own.id)).toMatchObject({ domain: 'shop.acme.com', domains: ['shop.acme.com'], version: 1 });
  });

  it('turns custom fees on with the defaults (3.56 usd, 4.79 cad, 5%) for fields left out', async () => {
    const view = await patch({ customFees: true });

    expect(view.fees).toEqual({ customFees: true, transactionFee: { usd: '3.56', cad: '4.79' }, platformFee: '5' });
    expect(w.marketplaces.stored(own.id)).toMatchObject({ transactionFeeUsdMinor: 356, transactionFeeCadMinor: 479, platformFeeBps: 500 });
    expect(updates(w.published)[0]).toMatchObject({ customFees: true, transactionFeeMinor: { usd: 356, cad: 479 }, platformFeeBps: 500 });
  });

  it('takes fee fields from the body, keeps stored ones otherwise, and clears them all when custom fees go off', async () => {
    await patch({ customFees: true, transactionFeeUsd: '2.5', transactionFeeCad: 3, platformFee: '7.25' });
    expect(w.marketplaces.stored(own.id)).toMatchObject({ transactionFeeUsdMinor: 250, transactionFeeCadMinor: 300, platformFeeBps: 725 });

    await patch({ platformFee: '10' });
    expect(w.marketplaces.stored(own.id)).toMatchObject({ transactionFeeUsdMinor: 250, transactionFeeCadMinor: 300, platformFeeBps: 1000 });
    // One row per change of the terms, holding only the terms that changed.
    expect(w.trail.rows).toEqual([
      {
        action: 'marketplace.terms_changed',
        target: { type: 'marketplace', id: own.id },
        companyId: COMPANY,
        before: { customFees: false, transactionFeeUsdMinor: null, transactionFeeCadMinor: null, platformFeeBps: null },
        after: { customFees: true, transactionFeeUsdMinor: 250, transactionFeeCadMinor: 300, platformFeeBps: 725 },
        context: AUDIT,
      },
      {
        action: 'marketplace.terms_changed',
        target: { type: 'marketplace', id: own.id },
        companyId: COMPANY,
        before: { platformFeeBps: 725 },
        after: { platformFeeBps: 1000 },
        context: AUDIT,
      },
    ]);

    const off = await patch({ customFees: false, transactionFeeUsd: '9' });
    expect(off.fees).toEqual({ customFees: false, transactionFee: null, platformFee: null });
    expect(w.marketplaces.stored(own.id)).toMatchObject({
      transactionFeeUsdMinor: null,
      transactionFeeCadMinor: null,
      platformFeeBps: null,
    });
    expect(updates(w.published).map((e) => e.version)).toEqual([2, 3, 4]);
  });

  it('stores a payout account payments verified; a custom-fee marketplace then accepts orders', async () => {
    const before = await patch({ customFees: true });
    expect(before).toMatchObject({ acceptingOrders: false, notice: M.PAYOUT_ACCOUNT_REQUIRED });

    const view = await patch({ payoutAccountId: VALID_ACCOUNT });

    expect(w.payouts.asked).toEqual([VALID_ACCOUNT]);
    expect(view).toMatchObject({ payoutAccountId: VALID_ACCOUNT, acceptingOrders: true, notice: null });
    expect(updates(w.published)[1]).toMatchObject({ payoutAccountId: VALID_ACCOUNT, version: 3 });
    // Unchanged: not asked again, nothing published.
    await patch({ payoutAccountId: VALID_ACCOUNT });
    expect(w.payouts.asked).toHaveLength(1);
    expect(updates(w.published)).toHaveLength(2);
    // The terms, then the payout account: one row each, none for the unchanged PATCH.
    expect(w.trail.actions()).toEqual(['marketplace.terms_changed', 'marketplace.payout_account_changed']);
    expect(w.trail.rows[1]).toMatchObject({
      before: { payoutAccountId: null },
      after: { payoutAccountId: VALID_ACCOUNT },
      companyId: COMPANY,
    });
  });

  it('records the fee terms and the payout account as two rows when one PATCH changes both', async () => {
    await patch({ customFees: true, platformFee: '3', payoutAccountId: VALID_ACCOUNT });
    expect(w.trail.rows.map((r) => [r.action, r.before, r.after])).toEqual([
      [
        'marketplace.terms_changed',
        { customFees: false, transactionFeeUsdMinor: null, transactionFeeCadMinor: null, platformFeeBps: null },
        { customFees: true, transactionFeeUsdMinor: 356, transactionFeeCadMinor: 479, platformFeeBps: 300 },
      ],
      ['marketplace.payout_account_changed', { payoutAccountId: null }, { payoutAccountId: VALID_ACCOUNT }],
    ]);
  });

  it('refuses a payout account payments does not verify with 422 naming payoutAccountId, storing nothing', async () => {
    const error = await patch({ displayName: 'Changed', payoutAccountId: 'acct_1PMDemoNope00000000' }).catch((e: unknown) => e);

    expect(error).toMatchObject({
      code: 'unprocessable',
      message: 'No Stripe account found with this ID',
      fields: { payoutAccountId: ['No Stripe account found with this ID'] },
    });
    expect(w.marketplaces.stored(own.id)).toMatchObject({ displayName: 'Acme Prints', payoutAccountId: null, version: 1 });
    expect(w.published).toEqual([]);
    expect(w.trail.rows).toEqual([]);
  });

  it('stores nothing when payments cannot be asked', async () => {
    w.payouts.failure = new ServiceError('unavailable', M.PAYOUT_ACCOUNT_UNCHECKED);
    await expect(patch({ payoutAccountId: VALID_ACCOUNT })).rejects.toMatchObject({ code: 'unavailable' });
    expect(w.marketplaces.stored(own.id).payoutAccountId).toBeNull();
    expect(w.published).toEqual([]);
  });

  it('removes the payout account with null, without asking payments', async () => {
    await patch({ payoutAccountId: VALID_ACCOUNT });
    const view = await patch({ payoutAccountId: null });
    expect(view.payoutAccountId).toBeNull();
    expect(w.payouts.asked).toEqual([VALID_ACCOUNT]);
  });

  it('answers a repeat with the same Idempotency-Key with the first answer, and 422 for another body', async () => {
    const first = await patch({ displayName: 'Once', payoutAccountId: VALID_ACCOUNT }, 'k-1');
    w.clock.current = new Date('2026-11-28T00:00:00.000Z');
    const again = await patch({ displayName: 'Once', payoutAccountId: VALID_ACCOUNT }, 'k-1');

    expect(again).toEqual(first);
    expect(updates(w.published)).toHaveLength(1);
    // The repeat changed nothing, so it records nothing.
    expect(w.trail.actions()).toEqual(['marketplace.payout_account_changed']);
    await expect(patch({ displayName: 'Twice', payoutAccountId: VALID_ACCOUNT }, 'k-1')).rejects.toMatchObject({ code: 'unprocessable' });
  });
});

describe(applyMarketplaceUpdate.name, () => {
  const before = {
    domains: ['a.example.com'],
    domain: 'a.example.com',
    displayName: 'A',
    accentColor: '#000000',
    logoUrl: null,
    customBranding: true,
    customFees: true,
    transactionFeeUsdMinor: 100,
    transactionFeeCadMinor: 200,
    platformFeeBps: 300,
    payoutAccountId: 'acct_1PMDemoMapleInk0002',
  };

  it('keeps every absent field', () => {
    expect(applyMarketplaceUpdate(before, {})).toEqual(before);
  });

  it('accepts a zero fee and a zero percentage', () => {
    expect(applyMarketplaceUpdate(before, { transactionFeeUsd: 0, platformFee: '0' })).toMatchObject({
      transactionFeeUsdMinor: 0,
      transactionFeeCadMinor: 200,
      platformFeeBps: 0,
    });
  });

  it('refuses a fee it cannot read rather than storing it', () => {
    expect(() => applyMarketplaceUpdate(before, { transactionFeeCad: '-1' })).toThrow(ServiceError);
    expect(() => applyMarketplaceUpdate(before, { platformFee: '101' })).toThrow(ServiceError);
  });
});

describe(readiness.name, () => {
  it('needs a company, and a payout account when the marketplace charges its own fees', () => {
    expect(readiness({ companyId: null, customFees: false, payoutAccountId: null })).toEqual({
      acceptingOrders: false,
      notice: M.NOT_ATTACHED,
    });
    expect(readiness({ companyId: COMPANY, customFees: true, payoutAccountId: null })).toEqual({
      acceptingOrders: false,
      notice: M.PAYOUT_ACCOUNT_REQUIRED,
    });
    expect(readiness({ companyId: COMPANY, customFees: true, payoutAccountId: VALID_ACCOUNT })).toEqual({
      acceptingOrders: true,
      notice: null,
    });
    expect(readiness({ companyId: COMPANY, customFees: false, payoutAccountId: null })).toEqual({ acceptingOrders: true, notice: null });
  });
});

describe(EmbedMarketplaceUseCase.name, () => {
  it('finds a marketplace by any of its domains, whatever its spelling, and answers null otherwise', async () => {
    const { marketplaces } = world();
    const m = marketplaces.add({ domain: 'shop.acme.com', companyId: COMPANY, accentColor: '#4f46e5' });
    marketplaces.domainRows.set('www.acme.com', { marketplaceId: m.id, position: 1 });
    const sut = new EmbedMarketplaceUseCase(marketplaces);

    const found = await sut.execute('WWW.Acme.com');

    expect(found).toEqual({
      id: m.id,
      companyId: COMPANY,
      domains: ['shop.acme.com', 'www.acme.com'],
      displayName: 'Acme Prints',
      accentColor: '#4f46e5',
      logoUrl: null,
      customBranding: true,
      acceptingOrders: true,
      notice: null,
      version: 1,
    });
    expect(await sut.execute('nope.example.com')).toBeNull();
    expect(await sut.execute('not a domain')).toBeNull();
    expect(await sut.execute(42)).toBeNull();
  });

  it('says an unattached marketplace takes no orders', async () => {
    const { marketplaces } = world();
    marketplaces.add({ domain: 'free.example.com' });
    expect(await new EmbedMarketplaceUseCase(marketplaces).execute('free.example.com')).toMatchObject({
      companyId: null,
      acceptingOrders: false,
      notice: M.NOT_ATTACHED,
    });
  });
});
