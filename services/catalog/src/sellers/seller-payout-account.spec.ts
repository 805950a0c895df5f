import { describe, expect, it } from '@jest/globals';
import { RegisterSellerDto, SELLER_PAYOUT_MESSAGES, UpdateSellerDto, validateDto } from '@paymarket/contracts';
import { FakeClock, FakeConnectedAccounts, fakeUnitOfWork, InMemorySellers, sellerInput } from '../../test/fakes.js';
import { ListSellersUseCase } from './list-sellers.use-case.js';
import { RegisterSellerUseCase } from './register-seller.use-case.js';
import { UpdateSellerUseCase } from './update-seller.use-case.js';

const VALID = 'acct_1PMDemoMapleInk0002';
const OTHER_VALID = 'acct_1PMDemoPrintCo00001';
const RESTRICTED = 'acct_1PMDemoRestricted03';

function valid<T extends object>(cls: new () => T, input: unknown): T {
  const result = validateDto(cls, input);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.value;
}

function setup() {
  const sellers = new InMemorySellers();
  const accounts = new FakeConnectedAccounts();
  const { uow, published } = fakeUnitOfWork();
  return {
    sellers,
    accounts,
    published,
    register: new RegisterSellerUseCase(sellers, uow, accounts, new FakeClock()),
    update: new UpdateSellerUseCase(sellers, uow, accounts),
    list: new ListSellersUseCase(sellers),
  };
}

describe('seller payout accounts (ADR 0030)', () => {
  it('checks the format in the shared DTOs: optional, empty allowed, otherwise acct_…', () => {
    expect(validateDto(RegisterSellerDto, sellerInput()).ok).toBe(true);
    expect(validateDto(RegisterSellerDto, sellerInput({ stripeAccountId: '' })).ok).toBe(true);
    expect(validateDto(RegisterSellerDto, sellerInput({ stripeAccountId: ` ${VALID} ` }))).toMatchObject({
      ok: true,
      value: { stripeAccountId: VALID },
    });
    for (const bad of ['acct_', 'seller_123', 'acct_has spaces1', 42]) {
      expect(validateDto(RegisterSellerDto, sellerInput({ stripeAccountId: bad }))).toEqual({
        ok: false,
        errors: { stripeAccountId: [SELLER_PAYOUT_MESSAGES.FORMAT] },
      });
      expect(validateDto(UpdateSellerDto, sellerInput({ stripeAccountId: bad }))).toMatchObject({
        ok: false,
        errors: { stripeAccountId: [SELLER_PAYOUT_MESSAGES.FORMAT] },
      });
    }
  });

  it('stores an account payments validated at registration; the profile only says payable', async () => {
    const { register, accounts, list } = setup();
    const { seller } = await register.execute(valid(RegisterSellerDto, sellerInput({ stripeAccountId: VALID })));
    expect(accounts.calls).toEqual([VALID]);
    expect(seller.payable).toBe(true);
    expect(JSON.stringify(seller)).not.toContain(VALID);
    await expect(list.payoutAccount(seller.id)).resolves.toEqual({
      sellerId: seller.id,
      businessName: 'Harbour Print Works',
      sellerName: 'Maya Thompson',
      stripeAccountId: VALID,
    });
  });

  it('registers without an account (not payable), without asking payments', async () => {
    const { register, accounts, list } = setup();
    const { seller } = await register.execute(valid(RegisterSellerDto, sellerInput({ stripeAccountId: '' })));
    expect(seller.payable).toBe(false);
    expect(accounts.calls).toEqual([]);
    expect((await list.payoutAccount(seller.id)).stripeAccountId).toBeNull();
    await expect(list.payoutAccount('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('refuses (400 naming stripeAccountId) an account payments does not validate, storing nothing', async () => {
    const { register, sellers } = setup();
    await expect(register.execute(valid(RegisterSellerDto, sellerInput({ stripeAccountId: RESTRICTED })))).rejects.toMatchObject({
      code: 'invalid',
      message: SELLER_PAYOUT_MESSAGES.INVALID,
      fields: { stripeAccountId: [SELLER_PAYOUT_MESSAGES.INVALID] },
    });
    expect(sellers.rows.size).toBe(0);
  });

  it('on edit: absent keeps, an id replaces after validation, empty removes; each change is in seller.updated', async () => {
    const { register, update, accounts, sellers, published } = setup();
    const { seller, authToken } = await register.execute(valid(RegisterSellerDto, sellerInput({ stripeAccountId: VALID })));
    const edit = (overrides: Record<string, unknown>) =>
      update.execute({
        sellerId: seller.id,
        token: authToken,
        profile: valid(UpdateSellerDto, sellerInput({ pricing: 'From $30', ...overrides })),
      });

    expect((await edit({ pricing: 'From $30' })).payable).toBe(true);
    expect(sellers.payoutAccounts.get(seller.id)).toBe(VALID);

    await expect(edit({ stripeAccountId: RESTRICTED })).rejects.toMatchObject({
      code: 'invalid',
      fields: { stripeAccountId: [SELLER_PAYOUT_MESSAGES.INVALID] },
    });
    expect(sellers.payoutAccounts.get(seller.id)).toBe(VALID);

    accounts.calls.length = 0;
    expect((await edit({ stripeAccountId: OTHER_VALID })).payable).toBe(true);
    expect(accounts.calls).toEqual([OTHER_VALID]);
    expect(sellers.payoutAccounts.get(seller.id)).toBe(OTHER_VALID);
    expect(published.at(-1)).toMatchObject({ name: 'seller.updated', data: { changed: ['stripeAccountId'] } });
    expect(JSON.stringify(published)).not.toContain(OTHER_VALID);

    expect((await edit({ stripeAccountId: '' })).payable).toBe(false);
    expect(sellers.payoutAccounts.get(seller.id)).toBeNull();
  });

  it('never lets another seller’s token set the account, and does not ask payments for it', async () => {
    const { register, update, accounts, sellers } = setup();
    const a = await register.execute(valid(RegisterSellerDto, sellerInput()));
    const b = await register.execute(valid(RegisterSellerDto, sellerInput({ email: 'b@example.com' })));
    const profile = valid(UpdateSellerDto, sellerInput({ stripeAccountId: VALID }));
    await expect(update.execute({ sellerId: a.seller.id, token: b.authToken, profile })).rejects.toMatchObject({ code: 'forbidden' });
    await expect(update.execute({ sellerId: a.seller.id, token: '', profile })).rejects.toMatchObject({ code: 'unauthorized' });
    expect(accounts.calls).toEqual([]);
    expect(sellers.payoutAccounts.get(a.seller.id)).toBeNull();
  });
});
