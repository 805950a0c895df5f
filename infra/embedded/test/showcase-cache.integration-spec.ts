import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import request from 'supertest';
import { RpcPatterns, type BuyerRequestListResponse, type SellersShowcase } from '@paymarket/contracts';
import { createMessagingClient, RpcClient, type MessagingRuntime } from '@paymarket/platform';
import { eventually, testMessagingRuntime } from '@paymarket/platform/testing';
import type { EmbeddedPayMarket } from '../src/start-embedded.js';
import { ipsFrom, startTestApp, type TestApp } from './support/integrator-test-app.js';
import { signInBuyer } from './support/sign-in.js';

jest.setTimeout(120_000);

const freshIp = ipsFrom('10.77');
let emails = 0;

// ADR 0044: the showcase's first page is served from the gateway's memory, and is never stale after a seller
// registers or edits, whether the write went through this gateway or reached catalog another way (the event).
describe('the cached sellers showcase', () => {
  let t: TestApp;
  let app: EmbeddedPayMarket;
  let messaging: MessagingRuntime;
  let otherCaller: RpcClient;
  let closeOther: () => Promise<void>;

  const sellerInput = (overrides: Record<string, unknown> = {}) => ({
    businessName: 'Cache Press',
    sellerName: 'Kim Lee',
    email: `kim.${Date.now()}.${emails++}@example.com`,
    phone: '4165550100',
    category: 'printing',
    description: 'Offset and digital printing for cafes, studios and small shops across the city.',
    products: 'Menus, flyers, cards',
    pricing: 'From $30 per 100 cards',
    location: 'Toronto, ON',
    ...overrides,
  });
  const firstPage = async () => {
    const res = await request(app.url).get('/api/sellers-showcase').expect(200);
    return { body: res.body as SellersShowcase, etag: String(res.headers.etag), cacheControl: String(res.headers['cache-control']) };
  };

  beforeAll(async () => {
    messaging = testMessagingRuntime();
    t = await startTestApp({ messaging });
    app = t.app;
    const proxy = createMessagingClient(messaging);
    otherCaller = new RpcClient(proxy, 10_000, 'test');
    closeOther = () => proxy.close() as Promise<void>;
  });

  afterAll(async () => {
    await closeOther?.();
    await t?.close();
  });

  it('answers the first page with a strong ETag, public no-cache, and 304 for a matching If-None-Match', async () => {
    const first = await firstPage();
    expect(first.cacheControl).toBe('public, no-cache');
    expect(first.etag).toMatch(/^"[\w-]{27}"$/);
    const again = await firstPage();
    expect(again.etag).toBe(first.etag);
    expect(again.body).toEqual(first.body);
    await request(app.url).get('/api/sellers-showcase').set('if-none-match', first.etag).expect(304);
    await request(app.url).get('/api/sellers-showcase').set('if-none-match', `W/${first.etag}, "other"`).expect(304);
    await request(app.url).get('/api/sellers-showcase').set('if-none-match', '"stale"').expect(200);
    // Other pages are cached under their own query.
    const limited = await request(app.url).get('/api/sellers-showcase?limit=1').expect(200);
    expect(limited.headers['cache-control']).toBe('public, no-cache');
    expect(limited.headers.etag).toMatch(/^"[\w-]{27}"$/);
  });

  it('shows a new seller on the very next read', async () => {
    const before = await firstPage();
    const registered = await request(app.url)
      .post('/api/register-seller')
      .set('x-forwarded-for', freshIp())
      .send(sellerInput({ businessName: 'Fresh Registration Press' }))
      .expect(201);
    const after = await firstPage();
    expect(after.body.stats.total).toBe(before.body.stats.total + 1);
    expect(after.body.sellers[0]).toMatchObject({ id: registered.body.seller.id, businessName: 'Fresh Registration Press' });
    expect(after.etag).not.toBe(before.etag);
  });

  it('shows a seller edit on the very next read, and never the page read before it', async () => {
    const { body } = await request(app.url).post('/api/register-seller').set('x-forwarded-for', freshIp()).send(sellerInput()).expect(201);
    const { authToken, seller } = body as { authToken: string; seller: { id: string } };
    for (let round = 1; round <= 5; round++) {
      await firstPage(); // warm the cache with the current name
      const name = `Edited Press ${round}`;
      // A read in flight while the edit lands must not put the old page back.
      const racing = request(app.url).get('/api/sellers-showcase');
      await request(app.url)
        .put(`/api/sellers/${seller.id}`)
        .set('x-forwarded-for', freshIp())
        .set('authorization', `Bearer ${authToken}`)
        .send(sellerInput({ businessName: name }))
        .expect(200);
      await racing;
      const next = await firstPage();
      expect(next.body.sellers.find((s) => s.id === seller.id)?.businessName).toBe(name);
    }
  });

  it('drops the page when catalog announces a change made without this gateway (seller.updated)', async () => {
    const { body } = await request(app.url).post('/api/register-seller').set('x-forwarded-for', freshIp()).send(sellerInput()).expect(201);
    const { authToken, seller } = body as { authToken: string; seller: { id: string } };
    const warmed = Date.now();
    await firstPage();
    // Straight to catalog over the broker, as another gateway replica would: only the event tells this gateway.
    await otherCaller.call(RpcPatterns.catalog.UPDATE_SELLER, {
      sellerId: seller.id,
      token: authToken,
      profile: sellerInput({ businessName: 'Changed Elsewhere Press' }) as never,
    });
    await eventually(
      async () =>
        (await firstPage()).body.sellers.find((s) => s.id === seller.id)?.businessName === 'Changed Elsewhere Press' ? true : undefined,
      10_000,
      'the edit made elsewhere',
    );
    // Well inside the 5 s TTL: the event, not the expiry, dropped it.
    expect(Date.now() - warmed).toBeLessThan(4_000);
  });

  it('shows a posted, edited or deleted buyer request to signed-out visitors on the very next read', async () => {
    const cookie = await signInBuyer(app.url, 'Board Buyer', `board.${Date.now()}@example.com`, freshIp);
    const board = async (query = '') => {
      const res = await request(app.url).get(`/api/buyer-requests${query}`).expect(200);
      expect(res.headers['cache-control']).toBe('public, no-cache');
      return { body: res.body as BuyerRequestListResponse, etag: String(res.headers.etag) };
    };
    const titles = async (query = '') => (await board(query)).body.requests.map((r) => r.title);

    const before = await board();
    expect((await board()).etag).toBe(before.etag); // served from the cache
    await request(app.url).get('/api/buyer-requests').set('if-none-match', before.etag).expect(304);
    await titles('?category=business-cards');

    const posted = await request(app.url)
      .post('/api/buyer-requests')
      .set('cookie', cookie)
      .send({ title: 'Cached board cards', description: 'Five hundred letterpress cards, two colours.', category: 'business-cards' })
      .expect(201);
    const id = (posted.body as { request: { id: string } }).request.id;
    expect(await titles()).toContain('Cached board cards');
    expect(await titles('?category=business-cards')).toContain('Cached board cards');

    await request(app.url)
      .put(`/api/buyer-requests/${id}`)
      .set('cookie', cookie)
      .send({
        title: 'Cached board cards, edited',
        description: 'Five hundred letterpress cards, three colours.',
        category: 'business-cards',
      })
      .expect(200);
    expect(await titles()).toContain('Cached board cards, edited');

    await request(app.url).delete(`/api/buyer-requests/${id}`).set('cookie', cookie).expect(200);
    expect(await titles()).not.toContain('Cached board cards, edited');

    // A signed-in buyer's page marks their own cards: never from the shared cache.
    const mine = await request(app.url).get('/api/buyer-requests').set('cookie', cookie).expect(200);
    expect(mine.headers['cache-control']).toBe('no-store');
  });
});
