import { describe, expect, it } from '@jest/globals';
import { RegisterSellerDto, SELLER_EDIT_LINK_MESSAGES, UpdateSellerDto, validateDto } from '@paymarket/contracts';
import { FakeClock, FakeConnectedAccounts, fakeUnitOfWork, InMemorySellers, sellerInput } from '../../test/fakes.js';
import { ListSellersUseCase } from './list-sellers.use-case.js';
import { EDIT_TOKEN_REISSUE_WINDOW_MS, RegisterSellerUseCase } from './register-seller.use-case.js';
import { RECOVERY_LINK_TTL_MS, REPEAT_WINDOW_MS, SellerEditLinkUseCase } from './seller-edit-link.use-case.js';
import { hashToken } from './seller-tokens.js';
import { SellerErrors } from './sellers.exception.js';
import { UpdateSellerUseCase } from './update-seller.use-case.js';

function valid<T extends object>(cls: new () => T, input: unknown): T {
  const result = validateDto(cls, input);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.value;
}

function setup() {
  const sellers = new InMemorySellers();
  const { uow, published } = fakeUnitOfWork();
  const clock = new FakeClock();
  const accounts = new FakeConnectedAccounts();
  return {
    sellers,
    published,
    clock,
    register: new RegisterSellerUseCase(sellers, uow, accounts, clock),
    update: new UpdateSellerUseCase(sellers, uow, accounts),
    list: new ListSellersUseCase(sellers),
    links: new SellerEditLinkUseCase(sellers, uow, clock),
  };
}

describe(RegisterSellerUseCase.name, () => {
  it('stores the seller with only the hash of the token it returns once, and publishes seller.registered', async () => {
    const { sellers, published, register: sut } = setup();

    const result = await sut.execute(valid(RegisterSellerDto, sellerInput({ website: '' })));

    expect(result.authToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(result.seller).toMatchObject({ businessName: 'Harbour Print Works', website: null, averageRating: 0, totalRatings: 0 });
    expect(sellers.tokens.get(result.seller.id)).toEqual(hashToken(result.authToken));
    expect(JSON.stringify([...sellers.rows.values()])).not.toContain(result.authToken);
    expect(published).toEqual([
      {
        name: 'seller.registered',
        data: {
          sellerId: result.seller.id,
          businessName: 'Harbour Print Works',
          sellerName: 'Maya Thompson',
          email: 'maya@example.com',
          category: 'printing',
        },
      },
    ]);
  });
});

describe(`${RegisterSellerUseCase.name} with an Idempotency-Key`, () => {
  // The in-memory seller was created at 2026-01-01T00:00:00Z.
  const created = Date.parse('2026-01-01T00:00:00.000Z');

  it('registers once per key: a repeat answers the same seller with a new token replacing the first, publishing nothing', async () => {
    const { sellers, published, clock, register: sut } = setup();
    clock.current = new Date(created + 60_000);
    const input = valid(RegisterSellerDto, sellerInput());

    const first = await sut.execute(input, 'key-1');
    const repeat = await sut.execute(valid(RegisterSellerDto, sellerInput()), 'key-1');

    expect(sellers.rows.size).toBe(1);
    expect(published.map((e) => e.name)).toEqual(['seller.registered']);
    expect(repeat.seller).toEqual(first.seller);
    expect(repeat.message).toBe(first.message);
    expect(repeat.authToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(repeat.authToken).not.toBe(first.authToken);
    // Only the newest token opens the profile: the first answer's never reached anyone.
    expect(sellers.tokens.get(first.seller.id)).toEqual(hashToken(repeat.authToken));
  });

  it('refuses another form under the same key (422 naming Idempotency-Key), registering nothing more', async () => {
    const { sellers, published, clock, register: sut } = setup();
    clock.current = new Date(created + 60_000);
    await sut.execute(valid(RegisterSellerDto, sellerInput()), 'key-1');

    await expect(sut.execute(valid(RegisterSellerDto, sellerInput({ pricing: 'From $19 per 250 cards' })), 'key-1')).rejects.toMatchObject({
      code: 'unprocessable',
      fields: { 'Idempotency-Key': [expect.any(String)] },
    });
    expect(sellers.rows.size).toBe(1);
    expect(published).toHaveLength(1);
  });

  it('after the window a repeat gets 409 naming Idempotency-Key and leaves the token as it was', async () => {
    const { sellers, clock, register: sut } = setup();
    clock.current = new Date(created + 60_000);
    const first = await sut.execute(valid(RegisterSellerDto, sellerInput()), 'key-1');
    clock.current = new Date(created + EDIT_TOKEN_REISSUE_WINDOW_MS + 1);

    await expect(sut.execute(valid(RegisterSellerDto, sellerInput()), 'key-1')).rejects.toMatchObject({
      code: 'conflict',
      message: SellerErrors.ALREADY_REGISTERED,
      fields: { 'Idempotency-Key': [SellerErrors.ALREADY_REGISTERED] },
    });
    expect(sellers.rows.size).toBe(1);
    expect(sellers.tokens.get(first.seller.id)).toEqual(hashToken(first.authToken));
  });

  it('without a key, every submission registers (as before)', async () => {
    const { sellers, published, register: sut } = setup();
    await sut.execute(valid(RegisterSellerDto, sellerInput()));
    await sut.execute(valid(RegisterSellerDto, sellerInput()));
    expect(sellers.rows.size).toBe(2);
    expect(published).toHaveLength(2);
  });
});

describe(UpdateSellerUseCase.name, () => {
  it('updates the profile of the seller who holds the token and says what changed', async () => {
    const { register, update: sut, published } = setup();
    const { authToken, seller } = await register.execute(valid(RegisterSellerDto, sellerInput()));

    const updated = await sut.execute({
      sellerId: seller.id,
      token: authToken,
      profile: valid(UpdateSellerDto, sellerInput({ pricing: 'Cheaper', website: 'not a url at all' })),
    });

    expect(updated).toMatchObject({ pricing: 'Cheaper', website: 'not a url at all' });
    expect(published.at(-1)).toEqual({
      name: 'seller.updated',
      data: {
        sellerId: seller.id,
        businessName: 'Harbour Print Works',
        sellerName: seller.sellerName,
        email: seller.email,
        changed: ['pricing', 'website'],
        previousEmail: null,
        payoutAccount: null,
      },
    });
  });

  it('answers 401 without a token, 404 for an unknown seller and 403 for another seller’s token, changing nothing', async () => {
    const { register, update: sut, sellers } = setup();
    const a = await register.execute(valid(RegisterSellerDto, sellerInput()));
    const b = await register.execute(valid(RegisterSellerDto, sellerInput({ businessName: 'Other Co' })));
    const profile = valid(UpdateSellerDto, sellerInput({ businessName: 'Hijacked' }));

    await expect(sut.execute({ sellerId: a.seller.id, token: '', profile })).rejects.toMatchObject({
      code: 'unauthorized',
      message: SellerErrors.AUTH_REQUIRED,
    });
    await expect(sut.execute({ sellerId: '00000000-0000-4000-8000-000000000000', token: a.authToken, profile })).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(sut.execute({ sellerId: 'not-a-uuid', token: a.authToken, profile })).rejects.toMatchObject({ code: 'not_found' });
    await expect(sut.execute({ sellerId: a.seller.id, token: b.authToken, profile })).rejects.toMatchObject({
      code: 'forbidden',
      message: SellerErrors.FORBIDDEN,
    });
    expect(sellers.rows.get(a.seller.id)?.businessName).toBe('Harbour Print Works');
  });
});

describe(SellerEditLinkUseCase.name, () => {
  it('sends a link only when the email matches, answering the same either way', async () => {
    const { register, links: sut, published } = setup();
    const { seller } = await register.execute(valid(RegisterSellerDto, sellerInput()));
    published.length = 0;

    const wrong = await sut.request({ sellerId: seller.id, email: 'someone@else.com' });
    const unknown = await sut.request({ sellerId: 'nope', email: 'maya@example.com' });
    expect(published).toHaveLength(0);

    const right = await sut.request({ sellerId: seller.id, email: 'MAYA@example.com' });
    expect(wrong).toEqual(right);
    expect(unknown).toEqual(right);
    expect(published).toEqual([
      {
        name: 'seller.edit_link_requested',
        data: expect.objectContaining({
          sellerId: seller.id,
          email: 'maya@example.com',
          path: expect.stringMatching(`^/sellers/edit/${seller.id}\\?recovery=`),
        }),
      },
    ]);
  });

  it('emails no second link for a request repeated within a minute, and a new one after', async () => {
    const { register, links: sut, published, clock } = setup();
    const { seller } = await register.execute(valid(RegisterSellerDto, sellerInput()));
    published.length = 0;
    const ask = () => sut.request({ sellerId: seller.id, email: 'maya@example.com' });

    const first = await ask();
    clock.current = new Date(clock.current.getTime() + REPEAT_WINDOW_MS - 1);
    expect(await ask()).toEqual(first);
    expect(published).toHaveLength(1);

    clock.current = new Date(clock.current.getTime() + 1);
    await ask();
    expect(published).toHaveLength(2);
    const [a, b] = published.map((e) => (e.data as { path: string }).path);
    expect(b).not.toBe(a);
  });

  it('trades a link once for a new token that revokes the old one', async () => {
    const { register, links: sut, published, update } = setup();
    const { seller, authToken: oldToken } = await register.execute(valid(RegisterSellerDto, sellerInput()));
    await sut.request({ sellerId: seller.id, email: 'maya@example.com' });
    const path = (published.at(-1)!.data as { path: string }).path;
    const recoveryToken = new URL(path, 'http://x').searchParams.get('recovery')!;

    const { authToken } = await sut.recover({ sellerId: seller.id, recoveryToken });

    expect(authToken).not.toBe(oldToken);
    await expect(update.authorize(seller.id, authToken)).resolves.toBe(seller.id);
    await expect(update.authorize(seller.id, oldToken)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(sut.recover({ sellerId: seller.id, recoveryToken })).rejects.toMatchObject({
      code: 'invalid',
      message: SELLER_EDIT_LINK_MESSAGES.INVALID_LINK,
    });
  });

  it('refuses an expired link and a link for another seller', async () => {
    const { register, links: sut, published, clock } = setup();
    const a = await register.execute(valid(RegisterSellerDto, sellerInput()));
    const b = await register.execute(valid(RegisterSellerDto, sellerInput({ email: 'b@example.com' })));
    await sut.request({ sellerId: a.seller.id, email: 'maya@example.com' });
    const recoveryToken = new URL((published.at(-1)!.data as { path: string }).path, 'http://x').searchParams.get('recovery')!;

    await expect(sut.recover({ sellerId: b.seller.id, recoveryToken })).rejects.toMatchObject({ code: 'invalid' });
    clock.current = new Date(clock.current.getTime() + RECOVERY_LINK_TTL_MS + 1);
    await expect(sut.recover({ sellerId: a.seller.id, recoveryToken })).rejects.toMatchObject({ code: 'invalid' });
  });
});

describe(ListSellersUseCase.name, () => {
  it('refuses a bad limit or cursor, and 404s an unknown seller', async () => {
    const { list: sut } = setup();
    await expect(sut.showcase({ limit: 0 })).rejects.toMatchObject({ code: 'invalid' });
    await expect(sut.showcase({ limit: 101 })).rejects.toMatchObject({ code: 'invalid' });
    await expect(sut.showcase({ cursor: 'garbage' })).rejects.toMatchObject({ code: 'invalid' });
    await expect(sut.get('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ code: 'not_found', message: 'Seller not found' });
    await expect(sut.showcase({})).resolves.toEqual({ sellers: [], stats: { total: 0, categories: {} }, nextCursor: null });
  });
});
