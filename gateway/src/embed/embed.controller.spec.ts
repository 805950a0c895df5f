import { afterAll, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { GUARDS_METADATA } from '@nestjs/common/constants.js';
import request from 'supertest';
import { InProcessBroker } from '@paymarket/platform';
import {
  EMBED_MESSAGES,
  RpcPatterns,
  type EmbedConfigResponse,
  type EmbedMarketplace,
  type EmbedOrderResponse,
  type PaymentStatusView,
} from '@paymarket/contracts';
import { DEFAULT_BODY_LIMIT } from '../gateway.config.js';
import { createGatewayApp } from '../start-gateway.js';
import { DEVELOPMENT_EMBED_TOKEN_SECRET, EmbedTokens } from './embed-token.js';
import { EmbedTokenGuard } from './embed-access.js';
import { EmbedController } from './embed.controller.js';
import { RateLimitGuard } from '../rate-limit/rate-limit.guard.js';
import { fakeServices } from './testing/fake-services.js';

jest.setTimeout(60_000);

const O = RpcPatterns.onboarding;
const C = RpcPatterns.checkout;
const SHOP = 'http://shop.example.test:5173';
const OTHER = 'http://other.example.test:5173';

const marketplace = (overrides: Partial<EmbedMarketplace> = {}): EmbedMarketplace => ({
  id: '3f0c8a4e-2b1d-4c5e-9f6a-7b8c9d0e1f2a',
  companyId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  domains: ['shop.example.test', 'www.shop.example.test'],
  displayName: 'Shop Example',
  accentColor: '#4f46e5',
  logoUrl: 'https://shop.example.test/logo.png',
  customBranding: true,
  acceptingOrders: true,
  notice: null,
  version: 3,
  ...overrides,
});

const ORDER_BODY = {
  amount: '25.00',
  currency: 'usd',
  recipient: 'acct_1PMDemoPrintCo00001',
  buyerEmail: 'Ada@Example.com',
  buyerName: 'Ada Lovelace',
  orderId: 'shop-1001',
  embedOrigin: SHOP,
};

const ORDER_ANSWER: EmbedOrderResponse = {
  order: {
    id: '5b0c2f4e-7d1a-4c86-9a57-0e2f3c1d9b10',
    orderId: 'shop-1001',
    createdAt: '2026-11-27T10:00:00.000Z',
    status: 'pending',
    amount: '21.44',
    fee: '3.56',
    total: '25.00',
    refunded: '0.00',
    currency: 'usd',
    description: null,
    recipient: 'acct_1PMDemoPrintCo00001',
    paymentIntentId: 'pi_embed_000001',
    buyerEmail: 'ada@example.com',
    buyerName: 'Ada Lovelace',
    marketplace: null,
    split: [],
  },
  paymentIntentId: 'pi_embed_000001',
  clientSecret: 'pi_embed_000001_secret_abc',
  developmentMode: true,
};

const PAID: PaymentStatusView = {
  orderId: 'shop-1001',
  paymentIntentId: 'pi_embed_000001',
  paymentStatus: 'succeeded',
  orderStatus: 'completed',
};

/** The marketplaces the fake onboarding knows, by any of their domains. */
const known = new Map<string, EmbedMarketplace>();
function register(found: EmbedMarketplace): void {
  for (const domain of found.domains) known.set(domain, found);
}

// The real gateway (routes, guards, pipes, rate limits, headers) over HTTP, with stand-ins for onboarding and payments
// on its broker: only the gateway's side of the widget is under test here.
describe('the embed widget routes (ADR 0052)', () => {
  const broker = new InProcessBroker();
  const services = fakeServices(broker, {
    [O.EMBED_MARKETPLACE]: ({ domain }: { domain: string }) => known.get(domain) ?? null,
    [C.EMBED_CREATE_ORDER]: () => ORDER_ANSWER,
    [C.CONFIRM_TEST_CARD]: () => PAID,
    [C.GET_PAYMENT]: () => PAID,
  });
  const tokens = new EmbedTokens(DEVELOPMENT_EMBED_TOKEN_SECRET);
  let app: NestFastifyApplication;
  let url: string;

  beforeAll(async () => {
    app = await createGatewayApp({
      port: 0,
      host: '127.0.0.1',
      production: false,
      rpcTimeoutMs: 2_000,
      bodyLimitBytes: DEFAULT_BODY_LIMIT,
      messaging: { kind: 'in-process', broker, prefetch: 10 },
    });
    await app.listen(0, '127.0.0.1');
    url = await app.getUrl();
    url = url.replace('[::1]', '127.0.0.1');
  });

  afterAll(async () => {
    await app?.close();
    services.stop();
  });

  beforeEach(() => {
    known.clear();
    register(marketplace());
    services.calls.length = 0;
    // Each test starts from onboarding's answers as they are now (the cache's own behaviour has its own test).
    broker.publish('marketplace.updated', JSON.stringify({ pattern: 'marketplace.updated', data: {} }));
  });

  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
  const config = (origin: string | undefined, domain = 'shop.example.test') => {
    const call = request(url).get(`/api/embed/config?marketplace=${encodeURIComponent(domain)}`);
    return origin === undefined ? call : call.set('Origin', origin);
  };
  const tokenFor = (origin = SHOP, id = marketplace().id) => tokens.issue(id, origin).token;
  const paymentsCalls = () => services.calls.filter((c) => c.pattern.startsWith('payments.'));

  describe('GET /api/embed/config', () => {
    it("answers a page on the marketplace's domain with its branding and a token bound to that origin", async () => {
      await settle();
      const response = await config(SHOP, 'HTTPS://Shop.Example.Test/checkout').expect(200);

      const body = response.body as EmbedConfigResponse;
      expect(body.marketplace).toEqual({
        domain: 'shop.example.test',
        displayName: 'Shop Example',
        accentColor: '#4f46e5',
        logoUrl: 'https://shop.example.test/logo.png',
      });
      expect(body.checkoutPath).toBe('/embed/checkout');
      expect(body.developmentMode).toBe(true);
      const claims = tokens.verify(body.token);
      expect(claims).toEqual({ marketplaceId: marketplace().id, origin: SHOP, expiresAt: Date.parse(body.expiresAt) / 1000 });
      expect(Date.parse(body.expiresAt) - Date.now()).toBeGreaterThan(3500_000);
      expect(response.headers['access-control-allow-origin']).toBe(SHOP);
      expect(response.headers.vary).toMatch(/Origin/);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(services.callsTo(O.EMBED_MARKETPLACE)).toEqual([{ domain: 'shop.example.test' }]);
    });

    it('accepts any of its domains, on any port in development', async () => {
      await settle();
      const response = await config('http://www.shop.example.test', 'www.shop.example.test').expect(200);
      expect(tokens.verify((response.body as EmbedConfigResponse).token)?.origin).toBe('http://www.shop.example.test');
    });

    it('keeps PayMarket colours when the marketplace has no custom branding (its name still shows)', async () => {
      known.clear();
      register(marketplace({ customBranding: false }));
      await settle();
      const body = (await config(SHOP).expect(200)).body as EmbedConfigResponse;
      expect(body.marketplace).toEqual({ domain: 'shop.example.test', displayName: 'Shop Example', accentColor: null, logoUrl: null });
    });

    it.each([
      ['another site', OTHER, 'shop.example.test'],
      ['a look-alike host', 'http://shop.example.test.evil.example:5173', 'shop.example.test'],
      ['a non-http scheme', 'ftp://shop.example.test', 'shop.example.test'],
      ['an unknown marketplace', SHOP, 'unknown.example.test'],
      ['a page with no Origin', undefined, 'shop.example.test'],
      ['an Origin that is not one', 'null', 'shop.example.test'],
    ])('refuses %s with 403 "not enabled for this site", readable by the script, and no token', async (_case, origin, domain) => {
      await settle();
      const response = await config(origin, domain).expect(403);

      expect(response.body).toEqual({
        statusCode: 403,
        error: 'Forbidden',
        message: EMBED_MESSAGES.NOT_ENABLED,
        fields: { origin: [EMBED_MESSAGES.NOT_ENABLED] },
      });
      expect(JSON.stringify(response.body)).not.toContain('token');
      expect(response.headers.vary).toMatch(/Origin/);
      if (origin !== undefined && origin !== 'null') expect(response.headers['access-control-allow-origin']).toBe(origin);
      else expect(response.headers['access-control-allow-origin']).toBeUndefined();
    });

    it.each(['', 'not a domain', 'localhost', '<script>'])('answers 400 naming marketplace for %j', async (domain) => {
      const response = await config(SHOP, domain).expect(400);
      expect(response.body.fields).toEqual({ marketplace: [EMBED_MESSAGES.MARKETPLACE_REQUIRED] });
      expect(response.headers['access-control-allow-origin']).toBe(SHOP);
      expect(services.callsTo(O.EMBED_MARKETPLACE)).toEqual([]);
    });

    it('answers 409 with the notice when the marketplace cannot take orders yet, and gives no token', async () => {
      known.clear();
      register(marketplace({ acceptingOrders: false, notice: 'Add a payout account in the developer console.' }));
      await settle();
      const response = await config(SHOP).expect(409);
      expect(response.body.message).toBe(`${EMBED_MESSAGES.NOT_READY} Add a payout account in the developer console.`);
      expect(response.headers['access-control-allow-origin']).toBe(SHOP);
      expect(JSON.stringify(response.body)).not.toContain('token');
    });

    it('answers 409 for a marketplace no company has attached yet', async () => {
      known.clear();
      register(marketplace({ companyId: null }));
      await settle();
      expect((await config(SHOP).expect(409)).body.message).toBe(EMBED_MESSAGES.NOT_READY);
    });

    it('keeps the marketplace between page views and asks again after marketplace.updated', async () => {
      await settle();
      await config(SHOP).expect(200);
      await config(SHOP).expect(200);
      expect(services.callsTo(O.EMBED_MARKETPLACE)).toHaveLength(1);

      // The console removed the domain: the event drops the copy, and the next page view is refused.
      known.clear();
      register(marketplace({ domains: ['shop2.example.test'] }));
      broker.publish('marketplace.updated', JSON.stringify({ pattern: 'marketplace.updated', data: {} }));
      await settle();
      await config(SHOP).expect(403);
      expect(services.callsTo(O.EMBED_MARKETPLACE)).toHaveLength(2);
    });

    it('answers the checkout iframe by its token (its same-origin request has no useful Origin), with that same token', async () => {
      await settle();
      const token = tokenFor();
      const response = await config(undefined).set('X-PayMarket-Embed-Token', token).expect(200);
      expect((response.body as EmbedConfigResponse).token).toBe(token);
      expect((response.body as EmbedConfigResponse).marketplace.displayName).toBe('Shop Example');

      await config(undefined).set('X-PayMarket-Embed-Token', `${token}x`).expect(401);
      // A token of this marketplace does not open another marketplace's config.
      register(marketplace({ id: '0e0e0e0e-1111-4222-8333-444455556666', domains: ['other.example.test'] }));
      broker.publish('marketplace.updated', JSON.stringify({ pattern: 'marketplace.updated', data: {} }));
      await settle();
      await config(undefined, 'other.example.test').set('X-PayMarket-Embed-Token', token).expect(403);
    });
  });

  describe('POST /api/embed/orders', () => {
    const order = (token: string | undefined, body: object = ORDER_BODY) => {
      const call = request(url).post('/api/embed/orders').set('Idempotency-Key', 'checkout-attempt-1');
      return (token === undefined ? call : call.set('X-PayMarket-Embed-Token', token)).send(body);
    };

    it("creates the order as the marketplace's company, for the marketplace, without the embedding origin", async () => {
      await settle();
      const response = await order(tokenFor()).expect(201);

      expect(response.body).toEqual(ORDER_ANSWER);
      const calls = services.callsTo(C.EMBED_CREATE_ORDER);
      expect(calls).toEqual([
        {
          caller: { company: { id: marketplace().companyId } },
          idempotencyKey: 'checkout-attempt-1',
          origin: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
          body: {
            amount: '25.00',
            currency: 'usd',
            recipient: 'acct_1PMDemoPrintCo00001',
            buyerEmail: 'ada@example.com',
            buyerName: 'Ada Lovelace',
            orderId: 'shop-1001',
            marketplaceId: marketplace().id,
          },
        },
      ]);
    });

    it.each([
      ['no token', undefined],
      ['a token with a forged signature', `${tokenFor().slice(0, -4)}AAAA`],
      ['a token signed with another secret', new EmbedTokens('x'.repeat(40)).issue(marketplace().id, SHOP).token],
      [
        'an expired token',
        new EmbedTokens(DEVELOPMENT_EMBED_TOKEN_SECRET, () => Date.now() - 3_601_000).issue(marketplace().id, SHOP).token,
      ],
      ['garbage', 'v1.not-json.sig'],
    ])('refuses %s with 401 and creates nothing', async (_case, token) => {
      const response = await order(token).expect(401);
      expect(response.body.message).toBe(EMBED_MESSAGES.TOKEN_REQUIRED);
      expect(paymentsCalls()).toEqual([]);
    });

    it('refuses a token from another page than the one the checkout is embedded in (403 naming embedOrigin)', async () => {
      await settle();
      const response = await order(tokenFor(), { ...ORDER_BODY, embedOrigin: OTHER }).expect(403);
      expect(response.body.message).toBe(EMBED_MESSAGES.ORIGIN_MISMATCH);
      expect(response.body.fields).toEqual({ embedOrigin: [EMBED_MESSAGES.ORIGIN_MISMATCH] });
      expect(paymentsCalls()).toEqual([]);
    });

    it("refuses a token for an origin that is no longer one of the marketplace's domains", async () => {
      const token = tokenFor();
      known.clear();
      register(marketplace({ domains: ['shop2.example.test'] }));
      await settle();
      const response = await order(token).expect(403);
      expect(response.body.message).toBe(EMBED_MESSAGES.NOT_ENABLED);
      expect(paymentsCalls()).toEqual([]);
    });

    it('refuses a token made for another marketplace on the same domain', async () => {
      await settle();
      await order(tokenFor(SHOP, '0e0e0e0e-1111-4222-8333-444455556666')).expect(403);
      expect(paymentsCalls()).toEqual([]);
    });

    it('refuses with 409 when the marketplace stopped taking orders', async () => {
      const token = tokenFor();
      known.clear();
      register(marketplace({ acceptingOrders: false, notice: 'No payout account.' }));
      await settle();
      const response = await order(token).expect(409);
      expect(response.body.message).toBe(`${EMBED_MESSAGES.NOT_READY} No payout account.`);
      expect(paymentsCalls()).toEqual([]);
    });

    it('refuses a bad body with 400 naming each field, and creates nothing', async () => {
      await settle();
      const response = await order(tokenFor(), { ...ORDER_BODY, buyerEmail: 'not an email', embedOrigin: '', extra: 1 }).expect(400);
      expect(Object.keys(response.body.fields as object)).toEqual(expect.arrayContaining(['buyerEmail', 'embedOrigin']));
      expect(response.body.fields.buyerEmail).toEqual([EMBED_MESSAGES.BUYER_EMAIL]);
      expect(paymentsCalls()).toEqual([]);
    });

    it('counts every call against the rate limit before checking its token', () => {
      for (const handler of [EmbedController.prototype.createOrder, EmbedController.prototype.testCard]) {
        expect(Reflect.getMetadata(GUARDS_METADATA, handler)).toEqual([RateLimitGuard, EmbedTokenGuard]);
      }
    });

    it('checks the token before reading the body', async () => {
      const response = await order(undefined, { nonsense: true }).expect(401);
      expect(response.body.message).toBe(EMBED_MESSAGES.TOKEN_REQUIRED);
    });
  });

  describe('the card step', () => {
    it("confirms a test card as the marketplace's company", async () => {
      await settle();
      const response = await request(url)
        .post('/api/embed/payments/pi_embed_000001/test-card')
        .set('X-PayMarket-Embed-Token', tokenFor())
        .send({ cardNumber: '4242 4242 4242 4242', clientSecret: 'pi_embed_000001_secret_abc' })
        .expect(200);
      expect(response.body).toEqual(PAID);
      expect(services.callsTo(C.CONFIRM_TEST_CARD)).toEqual([
        {
          caller: { company: { id: marketplace().companyId } },
          origin: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
          body: { cardNumber: '4242424242424242', clientSecret: 'pi_embed_000001_secret_abc', paymentIntentId: 'pi_embed_000001' },
        },
      ]);
    });

    it("reads a payment's status as the marketplace's company, with its client secret", async () => {
      await settle();
      await request(url)
        .get('/api/embed/payments/pi_embed_000001?client_secret=pi_embed_000001_secret_abc')
        .set('X-PayMarket-Embed-Token', tokenFor())
        .expect(200);
      expect(services.callsTo(C.GET_PAYMENT)).toEqual([
        {
          caller: { company: { id: marketplace().companyId } },
          body: { paymentIntentId: 'pi_embed_000001', clientSecret: 'pi_embed_000001_secret_abc' },
        },
      ]);
    });

    it('needs the token on both routes, and a PaymentIntent id', async () => {
      await request(url).post('/api/embed/payments/pi_embed_000001/test-card').send({ cardNumber: '4242424242424242' }).expect(401);
      await request(url).get('/api/embed/payments/pi_embed_000001').expect(401);
      await settle();
      await request(url).get('/api/embed/payments/not-a-pi').set('X-PayMarket-Embed-Token', tokenFor()).expect(404);
      expect(paymentsCalls()).toEqual([]);
    });
  });
});
