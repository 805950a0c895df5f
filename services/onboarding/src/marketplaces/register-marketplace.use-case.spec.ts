import { describe, expect, it } from '@jest/globals';
import type { SetupMarketplaceDto } from '@paymarket/contracts';
import { ServiceError } from '@paymarket/platform';
import { fakeUnitOfWork, InMemoryMarketplaces } from '../../test/marketplace-fakes.js';
import { marketplaceFeeTerms, RegisterMarketplaceUseCase } from './register-marketplace.use-case.js';

// As SetupMarketplaceDto hands it over: already trimmed and normalised.
const input: SetupMarketplaceDto = {
  companyName: 'Acme Prints',
  marketplaceDomain: 'shop.acme.com',
  contactEmail: 'hello@acme.com',
  adminEmail: 'admin@acme.com',
};

function setup() {
  const marketplaces = new InMemoryMarketplaces();
  const { uow, published } = fakeUnitOfWork(marketplaces);
  return { marketplaces, published, sut: new RegisterMarketplaceUseCase(marketplaces, uow) };
}

describe(RegisterMarketplaceUseCase.name, () => {
  it('stores the marketplace with the spec defaults and publishes marketplace.registered in the same unit of work', async () => {
    const { marketplaces, published, sut } = setup();

    const result = await sut.execute(input);

    expect(result.success).toBe(true);
    expect(result.message).toContain('Acme Prints');
    expect(result.marketplace).toMatchObject({
      companyName: 'Acme Prints',
      marketplaceDomain: 'shop.acme.com',
      customFees: false,
      transactionFee: null,
      platformFee: null,
    });
    expect(marketplaces.rows).toEqual([
      expect.objectContaining({
        domain: 'shop.acme.com',
        customBranding: true,
        whiteLabel: false,
        apiAccess: false,
        customFees: false,
        transactionFeeUsdMinor: null,
        transactionFeeCadMinor: null,
        platformFeeBps: null,
        businessType: null,
        description: null,
        companyId: null,
        displayName: 'Acme Prints',
        payoutAccountId: null,
        version: 1,
      }),
    ]);
    expect(marketplaces.domainRows.get('shop.acme.com')).toEqual({ marketplaceId: result.marketplace.id, position: 0 });
    expect(published).toEqual([
      {
        name: 'marketplace.registered',
        data: {
          marketplaceId: result.marketplace.id,
          companyName: 'Acme Prints',
          marketplaceDomain: 'shop.acme.com',
          contactEmail: 'hello@acme.com',
          adminEmail: 'admin@acme.com',
          customFees: false,
          transactionFeeMinor: null,
          platformFeeBps: null,
        },
      },
    ]);
  });

  it('stores custom fees as minor units and basis points', async () => {
    const { marketplaces, sut } = setup();

    const result = await sut.execute({ ...input, customFees: true, transactionFee: '2.5', platformFee: '7.25', whiteLabel: true });

    // One fee at registration, for both currencies (the console sets them apart, ADR 0051).
    expect(marketplaces.rows[0]).toMatchObject({
      customFees: true,
      transactionFeeUsdMinor: 250,
      transactionFeeCadMinor: 250,
      platformFeeBps: 725,
      whiteLabel: true,
    });
    expect(result.marketplace).toMatchObject({ transactionFee: '2.50', platformFee: '7.25' });
  });

  it('refuses a registered domain with a conflict naming the domain, and publishes nothing more', async () => {
    const { marketplaces, published, sut } = setup();
    await sut.execute(input);

    const error = await sut.execute({ ...input, companyName: 'Someone else' }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: 'conflict', message: 'A marketplace is already registered for shop.acme.com.' });
    expect(marketplaces.rows).toHaveLength(1);
    expect(published).toHaveLength(1);
  });

  it('refuses a domain another marketplace lists as one of its extra domains, with the same conflict', async () => {
    const { marketplaces, published, sut } = setup();
    const other = marketplaces.add({ domain: 'other.example.com' });
    marketplaces.domainRows.set('shop.acme.com', { marketplaceId: other.id, position: 1 });

    const error = await sut.execute(input).catch((e: unknown) => e);

    expect(error).toMatchObject({
      code: 'conflict',
      message: 'A marketplace is already registered for shop.acme.com.',
      fields: { marketplaceDomain: ['A marketplace is already registered for shop.acme.com.'] },
    });
    expect(marketplaces.rows).toEqual([other]);
    expect(published).toHaveLength(0);
  });

  it('treats losing a concurrent race on the unique domain as the same conflict', async () => {
    const { marketplaces, published, sut } = setup();
    marketplaces.raceOnInsert = true;

    await expect(sut.execute(input)).rejects.toMatchObject({ code: 'conflict' });
    expect(published).toHaveLength(0);
  });
});

describe(marketplaceFeeTerms.name, () => {
  it('ignores fee fields unless customFees is on', () => {
    expect(marketplaceFeeTerms({ transactionFee: '9', platformFee: '9' })).toEqual({
      customFees: false,
      transactionFeeMinor: null,
      platformFeeBps: null,
    });
    expect(marketplaceFeeTerms({ customFees: false, transactionFee: '9' })).toEqual({
      customFees: false,
      transactionFeeMinor: null,
      platformFeeBps: null,
    });
  });

  it('falls back to 3.56 and 5% for fee fields left out', () => {
    expect(marketplaceFeeTerms({ customFees: true })).toEqual({ customFees: true, transactionFeeMinor: 356, platformFeeBps: 500 });
    expect(marketplaceFeeTerms({ customFees: true, transactionFee: 0, platformFee: 0 })).toEqual({
      customFees: true,
      transactionFeeMinor: 0,
      platformFeeBps: 0,
    });
  });

  it('refuses a fee it cannot read rather than storing it', () => {
    expect(() => marketplaceFeeTerms({ customFees: true, transactionFee: '-1' })).toThrow(ServiceError);
    expect(() => marketplaceFeeTerms({ customFees: true, platformFee: '150' })).toThrow(ServiceError);
  });
});
