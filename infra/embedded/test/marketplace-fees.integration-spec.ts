import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { ClientProxy } from '@nestjs/microservices';
import type pg from 'pg';
import { lastValueFrom } from 'rxjs';
import request from 'supertest';
import {
  EMBED_MESSAGES,
  MARKETPLACE_TENANT_MESSAGES,
  RpcPatterns,
  STATEMENT_CSV_COLUMNS,
  type ApiOrderView,
  type EventEnvelope,
  type MailboxMessage,
  type MarketplaceStatement,
  type MarketplaceUpdatedPayload,
  type OrderView,
  type PaymentIntentResponse,
  type RefundView,
} from '@paymarket/contracts';
import { createMessagingClient, RpcCallError, RpcClient, type MessagingRuntime } from '@paymarket/platform';
import { eventually, testMessagingRuntime } from '@paymarket/platform/testing';
import type { EmbeddedPayMarket } from '../src/start-embedded.js';
import { approvedCompany, ipsFrom, startTestApp, type ApprovedCompany, type TestApp } from './support/integrator-test-app.js';
import { signInAdmin } from './support/sign-in.js';

jest.setTimeout(180_000);

/** The Stripe emulator's demo print provider and Maple Ink: both can receive transfers. */
const PROVIDER = 'acct_1PMDemoPrintCo00001';
const PAYOUT = 'acct_1PMDemoMapleInk0002';
/** An emulator account whose transfers are not active. */
const RESTRICTED = 'acct_1PMDemoRestricted03';
const TEST_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
const freshIp = ipsFrom('10.93');

// ADR 0051 end to end on PostgreSQL and the Stripe emulator: a marketplace attached to a company (its
// marketplace.updated, through the broker) with custom fees; the company's orders are split four ways (PayMarket,
// the marketplace, the recipient), paid out by transfers, refunded in proportion, and listed on the marketplace's
// statement; later edits never change an order made before them.
describe("a marketplace's own fees as a party of the split", () => {
  let t: TestApp;
  let app: EmbeddedPayMarket;
  let db: pg.Client;
  let messaging: MessagingRuntime;
  let proxy: ClientProxy;
  let rpc: RpcClient;
  let adminCookie: string;
  let acme: ApprovedCompany;
  let plain: ApprovedCompany;
  const marketplaceId = randomUUID();
  const run = Date.now().toString(36);
  let n = 0;

  const as = (company: { secretKey: string }) => ({
    get: (path: string) => request(app.url).get(path).set('authorization', `Bearer ${company.secretKey}`),
    post: (path: string) => request(app.url).post(path).set('authorization', `Bearer ${company.secretKey}`),
  });

  /** Publishes marketplace.updated as onboarding would, and waits until payments' copy has that version. */
  async function publishMarketplace(data: MarketplaceUpdatedPayload, expectKept = true): Promise<void> {
    const envelope: EventEnvelope<'marketplace.updated'> = {
      id: randomUUID(),
      name: 'marketplace.updated',
      occurredAt: new Date().toISOString(),
      producer: 'onboarding',
      correlationId: randomUUID(),
      data,
    };
    await lastValueFrom(proxy.emit('marketplace.updated', envelope), { defaultValue: undefined });
    if (!expectKept) {
      // Handled (the inbox holds it) but not applied.
      await eventually(
        async () => ((await db.query(`SELECT 1 FROM payments.inbox WHERE event_id = $1`, [envelope.id])).rows.length ? true : undefined),
        10_000,
        'the event handled',
      );
      return;
    }
    await eventually(
      async () => {
        const { rows } = await db.query(`SELECT version FROM payments.marketplaces WHERE id = $1`, [data.marketplaceId]);
        return rows[0]?.version === data.version ? true : undefined;
      },
      10_000,
      `payments' copy at version ${data.version}`,
    );
  }

  function tenant(company: ApprovedCompany, overrides: Partial<MarketplaceUpdatedPayload> = {}): MarketplaceUpdatedPayload {
    return {
      marketplaceId,
      companyId: company.id,
      companyName: 'Acme Crafts Inc.',
      domains: [`shop-${run}.example.com`],
      displayName: 'Acme Crafts',
      accentColor: '#336699',
      logoUrl: null,
      customBranding: true,
      customFees: true,
      transactionFeeMinor: { usd: 200, cad: 250 },
      platformFeeBps: 1000,
      payoutAccountId: PAYOUT,
      version: 1,
      updatedAt: new Date().toISOString(),
      ...overrides,
    };
  }

  async function createOrder(company: ApprovedCompany, amount = '100.00', expected = 201): Promise<request.Response> {
    return as(company)
      .post('/api/v1/orders')
      .send({ orderId: `mkt_${run}_${++n}`, amount, currency: 'usd', recipient: PROVIDER, buyerEmail: `buyer.${run}@example.com` })
      .expect(expected);
  }

  async function pay(company: ApprovedCompany, order: ApiOrderView): Promise<PaymentIntentResponse> {
    const intent = (await as(company).post(`/api/v1/orders/${order.id}/payment-intent`).expect(200)).body as PaymentIntentResponse;
    await as(company).post(`/api/v1/payments/${intent.paymentIntentId}/test-card`).send(TEST_CARD).expect(200);
    return intent;
  }

  const transfersOf = async (orderUuid: string) =>
    (
      await db.query(
        `SELECT party, destination, amount_minor::int AS amount, reversed_minor::int AS reversed, stripe_transfer_id
           FROM payments.transfers WHERE order_id = $1 ORDER BY party`,
        [orderUuid],
      )
    ).rows as Array<{ party: string; destination: string; amount: number; reversed: number; stripe_transfer_id: string }>;

  const atStripe = async (path: string) =>
    (await (await fetch(`${app.stripeEmulator!.url}${path}`, { headers: { authorization: 'Bearer sk_test_emulator' } })).json()) as Record<
      string,
      unknown
    >;

  async function ledgerClean(): Promise<void> {
    const report = await rpc.call(RpcPatterns.checkout.VERIFY_LEDGER, { withStripe: true });
    expect(report.problems).toEqual([]);
    expect(report).toMatchObject({ ok: true, stripeChecked: true });
  }

  const companyOrderCount = async (companyId: string) =>
    Number((await db.query(`SELECT count(*) AS n FROM payments.orders WHERE company_id = $1`, [companyId])).rows[0].n);

  beforeAll(async () => {
    messaging = testMessagingRuntime();
    t = await startTestApp({ messaging, seed: true });
    ({ app, db } = t);
    proxy = createMessagingClient(messaging);
    rpc = new RpcClient(proxy, 20_000, 'test');
    adminCookie = await signInAdmin(app.url, t.databaseUrl, freshIp);
    acme = await approvedCompany(app.url, 'Acme Crafts', freshIp(), run);
    plain = await approvedCompany(app.url, 'Plain Goods', freshIp(), run);
    await publishMarketplace(tenant(acme));
  });

  afterAll(async () => {
    await t?.close();
    await Promise.resolve(proxy?.close()).catch(() => undefined);
  });

  let paid: ApiOrderView;

  it('splits an order made with the company key: PayMarket, the marketplace, the recipient; pays each out; the ledger verifies', async () => {
    const order = (await createOrder(acme)).body as ApiOrderView;
    const split = [
      { party: 'platform', amount: '2.00', name: 'PayMarket' },
      { party: 'marketplace', amount: '10.00', name: 'Acme Crafts' },
      { party: 'provider', amount: '90.00', name: 'Demo Print Co.' },
    ];
    const marketplace = { id: marketplaceId, name: 'Acme Crafts', terms: { customFees: true, transactionFee: '2.00', platformFee: '10' } };
    expect(order).toMatchObject({ amount: '100.00', fee: '2.00', total: '102.00', split, marketplace });
    const cents = (lines: Array<{ amount: string }>) => lines.reduce((a, l) => a + Math.round(Number(l.amount) * 100), 0);
    expect(cents(order.split)).toBe(10200);

    const intent = await pay(acme, order);
    expect(intent.breakdown).toEqual({
      sellerGets: '90.00',
      paymarketGets: '2.00',
      marketplaceGets: '10.00',
      total: '102.00',
      currency: 'usd',
    });
    expect((await atStripe(`/v1/payment_intents/${intent.paymentIntentId}`)).amount).toBe(10200);

    // Both payees are paid by a transfer; the marketplace's goes to its payout account.
    await eventually(async () => ((await transfersOf(order.id)).length === 2 ? true : undefined), 15_000, 'both transfers');
    const transfers = await transfersOf(order.id);
    expect(transfers.map(({ party, destination, amount }) => ({ party, destination, amount }))).toEqual([
      { party: 'marketplace', destination: PAYOUT, amount: 1000 },
      { party: 'provider', destination: PROVIDER, amount: 9000 },
    ]);
    const marketplaceTransfer = await atStripe(`/v1/transfers/${transfers[0]!.stripe_transfer_id}`);
    expect(marketplaceTransfer).toMatchObject({ amount: 1000, destination: PAYOUT, currency: 'usd', transfer_group: order.id });
    const { rows: postings } = await db.query(
      `SELECT e.kind, p.amount_minor::int AS amount FROM payments.ledger_postings p JOIN payments.ledger_entries e ON e.id = p.entry_id
        WHERE e.order_id = $1 AND p.account = $2 ORDER BY e.kind`,
      [order.id, `payable:marketplace:${PAYOUT}`],
    );
    expect(postings).toEqual([
      { kind: 'charge', amount: -1000 },
      { kind: 'transfer', amount: 1000 },
    ]);
    await ledgerClean();

    // The same split and terms on the integrator API and the administrators' order list.
    paid = (await as(acme).get(`/api/v1/orders/${order.id}`).expect(200)).body as ApiOrderView;
    expect(paid).toMatchObject({ status: 'completed', split, marketplace });
    const adminList = (await request(app.url).get('/api/admin/orders').set('cookie', adminCookie).expect(200)).body as OrderView[];
    expect(adminList.find((o) => o.id === order.id)).toMatchObject({ status: 'completed', total: '102.00', split, marketplace });

    // payment.succeeded (webhooks, receipts): PayMarket's fee alone, and the marketplace's share beside it.
    const { rows: events } = await db.query(
      `SELECT payload FROM payments.outbox WHERE name = 'payment.succeeded' AND payload->>'orderId' = $1`,
      [order.orderId],
    );
    expect(events[0].payload).toMatchObject({
      feeMinor: '200',
      marketplace: { id: marketplaceId, name: 'Acme Crafts', amountMinor: '1000' },
    });
    const receipt = await eventually(
      async () => {
        const mails = (await request(app.url).get('/api/dev/mailbox?limit=200').expect(200)).body as MailboxMessage[];
        return mails.find((m) => m.subject === `Your PayMarket receipt for order ${order.orderId}`);
      },
      10_000,
      'the receipt',
    );
    expect(receipt.text).toContain('Acme Crafts marketplace fee: $10.00 USD');
    expect(receipt.text).toContain('PayMarket fee: $2.00 USD');
  });

  it('a partial refund takes back from every party in proportion, reversing the marketplace transfer too', async () => {
    const refund = (
      await as(acme).post('/api/v1/refunds').set('idempotency-key', randomUUID()).send({ order: paid.id, amount: 5100 }).expect(201)
    ).body as RefundView;
    expect(refund).toMatchObject({ amount: 5100, status: 'succeeded' });
    // Half of 102.00: PayMarket gives back 1.00, the marketplace 5.00, the provider 45.00.
    const transfers = await transfersOf(paid.id);
    expect(transfers.map(({ party, reversed }) => ({ party, reversed }))).toEqual([
      { party: 'marketplace', reversed: 500 },
      { party: 'provider', reversed: 4500 },
    ]);
    expect(await atStripe(`/v1/transfers/${transfers[0]!.stripe_transfer_id}`)).toMatchObject({ amount_reversed: 500 });
    const { rows } = await db.query(`SELECT allocation FROM payments.refunds WHERE id = $1`, [refund.id]);
    expect(rows[0].allocation).toEqual(
      expect.arrayContaining([
        { party: 'platform', amount: '100' },
        { party: 'marketplace', stripeAccountId: PAYOUT, amount: '500' },
        { party: 'provider', stripeAccountId: PROVIDER, amount: '4500' },
      ]),
    );
    await ledgerClean();
  });

  it('a seller order made by a print provider splits four ways: PayMarket, the marketplace, the seller, the provider', async () => {
    const showcase = (await request(app.url).get('/api/sellers-showcase?payable=true').expect(200)).body as {
      sellers: Array<{ id: string; businessName: string }>;
    };
    const seller = showcase.sellers[0]!;
    const body = {
      orderId: `mkt_${run}_${++n}`,
      amount: '100.00',
      currency: 'usd',
      recipient: `seller_${seller.id}`,
      printProvider: PROVIDER,
      providerCost: '46.44',
    };
    // The spec's sample (100.00: seller 53.56, provider 46.44) under a 10% marketplace share taken from both pro rata.
    const order = (await as(acme).post('/api/v1/orders').send(body).expect(201)).body as ApiOrderView;
    expect(order.split).toEqual([
      { party: 'platform', amount: '2.00', name: 'PayMarket' },
      { party: 'marketplace', amount: '10.00', name: 'Acme Crafts' },
      { party: 'seller', amount: '48.20', name: seller.businessName },
      { party: 'provider', amount: '41.80', name: 'Demo Print Co.' },
    ]);
    expect(order.total).toBe('102.00');

    await pay(acme, order);
    await eventually(async () => ((await transfersOf(order.id)).length === 3 ? true : undefined), 15_000, 'three transfers');
    expect((await transfersOf(order.id)).map(({ party, amount }) => ({ party, amount }))).toEqual([
      { party: 'marketplace', amount: 1000 },
      { party: 'provider', amount: 4180 },
      { party: 'seller', amount: 4820 },
    ]);
    await ledgerClean();

    // The pair is checked before anything is stored: a cost above the amount, a provider's order naming another.
    const tooDear = await as(acme)
      .post('/api/v1/orders')
      .send({ ...body, orderId: `mkt_${run}_${++n}`, providerCost: '100.01' })
      .expect(400);
    expect(Object.keys(tooDear.body.fields)).toEqual(['providerCost']);
    const notSeller = await as(acme)
      .post('/api/v1/orders')
      .send({ ...body, orderId: `mkt_${run}_${++n}`, recipient: PROVIDER })
      .expect(400);
    expect(Object.keys(notSeller.body.fields).sort()).toEqual(['printProvider', 'providerCost']);
  });

  it('takes 30 orders at once through the marketplace (more than the connection pool): each transaction reads on its own connection', async () => {
    // Every order's transaction reads payments' copy of the marketplace; read on another pooled connection, 10 such
    // transactions holding the whole pool would wait for each other forever.
    const created = await Promise.all(Array.from({ length: 30 }, () => createOrder(acme, '10.00')));
    expect(created.map((r) => (r.body as ApiOrderView).marketplace?.id)).toEqual(Array.from({ length: 30 }, () => marketplaceId));
  });

  it("lists the order on the marketplace's statement, in JSON and CSV", async () => {
    const statement = (await as(acme).get('/api/v1/marketplace/statement').expect(200)).body as MarketplaceStatement;
    expect(statement).toMatchObject({ marketplaceId, payoutAccount: { id: PAYOUT, ready: true } });
    const line = statement.lines.find((l) => l.orderId === paid.orderId);
    expect(line).toMatchObject({
      status: 'partially_refunded',
      totalMinor: '10200',
      feeMinor: '200',
      yourShareMinor: '1000',
      yourRefundsMinor: '500',
      netMinor: '500',
    });
    const csv = await as(acme).get('/api/v1/marketplace/statement?format=csv').expect(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, ...rows] = csv.text.trim().split('\r\n');
    expect(header).toBe(STATEMENT_CSV_COLUMNS.join(','));
    const row = rows.find((r) => r.startsWith(`${paid.orderId},`));
    expect(row?.split(',').slice(3)).toEqual([
      'partially_refunded',
      'usd',
      '102.00',
      '2.00',
      '10.00',
      '90.00',
      '51.00',
      '5.00',
      '',
      '',
      '',
      '5.00',
    ]);
    // A company without a marketplace has no statement; a bad month is a 400 naming the field.
    await as(plain).get('/api/v1/marketplace/statement').expect(404);
    const bad = await as(acme).get('/api/v1/marketplace/statement?from=2026-13').expect(400);
    expect(Object.keys(bad.body.fields)).toEqual(['from']);
  });

  it('refuses orders whose marketplace share could not be paid out, storing nothing', async () => {
    const otherMarketplace = randomUUID();
    await publishMarketplace({ ...tenant(plain), marketplaceId: otherMarketplace, payoutAccountId: null });
    const missing = await createOrder(plain, '50.00', 409);
    expect(missing.body.message).toBe(MARKETPLACE_TENANT_MESSAGES.PAYOUT_ACCOUNT_REQUIRED);
    expect(missing.body.fields).toEqual({ payoutAccountId: [MARKETPLACE_TENANT_MESSAGES.PAYOUT_ACCOUNT_REQUIRED] });

    await publishMarketplace({ ...tenant(plain), marketplaceId: otherMarketplace, payoutAccountId: RESTRICTED, version: 2 });
    const restricted = await createOrder(plain, '50.00', 422);
    expect(Object.keys(restricted.body.fields)).toEqual(['payoutAccountId']);
    expect(await companyOrderCount(plain.id)).toBe(0);

    // Custom fees off: the company's orders record the marketplace and PayMarket's own split.
    await publishMarketplace({
      ...tenant(plain),
      marketplaceId: otherMarketplace,
      customFees: false,
      transactionFeeMinor: null,
      platformFeeBps: null,
      payoutAccountId: null,
      version: 3,
    });
    const own = (await createOrder(plain, '50.00')).body as ApiOrderView;
    expect(own).toMatchObject({
      total: '53.56',
      marketplace: { id: otherMarketplace, terms: { customFees: false, transactionFee: '3.56', platformFee: null } },
      split: [
        { party: 'platform', amount: '3.56', name: 'PayMarket' },
        { party: 'provider', amount: '50.00', name: 'Demo Print Co.' },
      ],
    });
  });

  it('a newer marketplace.updated changes new orders only; an older one changes nothing', async () => {
    await publishMarketplace(
      tenant(acme, { displayName: 'Acme Makers', platformFeeBps: 2000, transactionFeeMinor: { usd: 300, cad: 350 }, version: 2 }),
    );
    const before = (await as(acme).get(`/api/v1/orders/${paid.id}`).expect(200)).body as ApiOrderView;
    expect(before.split).toEqual(paid.split);
    expect(before.marketplace).toEqual(paid.marketplace);
    const { rows } = await db.query(`SELECT fee_terms FROM payments.orders WHERE id = $1`, [paid.id]);
    expect(rows[0].fee_terms).toMatchObject({ version: 1, platformFeeBps: 1000, name: 'Acme Crafts' });

    const after = (await createOrder(acme)).body as ApiOrderView;
    expect(after).toMatchObject({
      total: '103.00',
      marketplace: { name: 'Acme Makers', terms: { transactionFee: '3.00', platformFee: '20' } },
      split: [
        { party: 'platform', amount: '3.00', name: 'PayMarket' },
        { party: 'marketplace', amount: '20.00', name: 'Acme Makers' },
        { party: 'provider', amount: '80.00', name: 'Demo Print Co.' },
      ],
    });

    // Late delivery of an older version: handled, not applied.
    await publishMarketplace(tenant(acme, { displayName: 'Stale Name', version: 1 }), false);
    const { rows: copy } = await db.query(`SELECT display_name, version FROM payments.marketplaces WHERE id = $1`, [marketplaceId]);
    expect(copy[0]).toEqual({ display_name: 'Acme Makers', version: 2 });
  });

  it('payments.embed_create_order: a guest order of the marketplace company with its PaymentIntent, once per key; paid with the client secret', async () => {
    const key = randomUUID();
    const body = {
      amount: '25.00',
      currency: 'usd' as const,
      recipient: PROVIDER,
      buyerEmail: 'Guest@Example.com',
      buyerName: 'Gail',
      marketplaceId,
    };
    const created = await rpc.call(RpcPatterns.checkout.EMBED_CREATE_ORDER, {
      caller: { company: { id: acme.id } },
      idempotencyKey: key,
      body,
    });
    expect(created.order).toMatchObject({
      orderId: expect.stringMatching(/^emb_[A-Za-z0-9_-]+$/),
      status: 'processing',
      buyerEmail: 'guest@example.com',
      buyerName: 'Gail',
      description: 'Order from Acme Makers',
      total: '28.00',
      marketplace: { id: marketplaceId, name: 'Acme Makers' },
      split: [
        { party: 'platform', amount: '3.00', name: 'PayMarket' },
        { party: 'marketplace', amount: '5.00', name: 'Acme Makers' },
        { party: 'provider', amount: '20.00', name: 'Demo Print Co.' },
      ],
    });
    expect(created).toMatchObject({ paymentIntentId: created.order.paymentIntentId, developmentMode: true });
    expect(created.clientSecret).toMatch(/_secret_/);

    // The same key again: the same order and PaymentIntent, nothing new.
    const again = await rpc.call(RpcPatterns.checkout.EMBED_CREATE_ORDER, {
      caller: { company: { id: acme.id } },
      idempotencyKey: key,
      body,
    });
    expect(again).toMatchObject({
      order: { id: created.order.id },
      paymentIntentId: created.paymentIntentId,
      clientSecret: created.clientSecret,
    });
    expect(Number((await db.query(`SELECT count(*) AS n FROM payments.orders WHERE order_id LIKE 'emb_%'`)).rows[0].n)).toBe(1);

    // Another company's token, or a marketplace payments does not know: not ready, nothing stored.
    for (const [caller, id] of [
      [plain.id, marketplaceId],
      [acme.id, randomUUID()],
    ] as const) {
      const refused = await rpc
        .call(RpcPatterns.checkout.EMBED_CREATE_ORDER, { caller: { company: { id: caller } }, body: { ...body, marketplaceId: id } })
        .catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(RpcCallError);
      expect((refused as RpcCallError).payload).toMatchObject({ code: 'conflict', message: EMBED_MESSAGES.NOT_READY });
    }

    // The embedded checkout pays as the company with the client secret; a wrong secret is not found.
    const caller = { company: { id: acme.id } };
    const wrong = await rpc
      .call(RpcPatterns.checkout.GET_PAYMENT, {
        caller,
        body: { paymentIntentId: created.paymentIntentId, clientSecret: 'pi_x_secret_wrong' },
      })
      .catch((err: unknown) => err);
    expect((wrong as RpcCallError).payload).toMatchObject({ code: 'not_found' });
    const confirmed = await rpc.call(RpcPatterns.checkout.CONFIRM_TEST_CARD, {
      caller,
      origin: 'https://checkout.example',
      body: { cardNumber: '4242424242424242', paymentIntentId: created.paymentIntentId, clientSecret: created.clientSecret },
    });
    expect(confirmed).toMatchObject({ paymentStatus: 'succeeded', orderStatus: 'completed' });
    const status = await rpc.call(RpcPatterns.checkout.GET_PAYMENT, {
      caller,
      body: { paymentIntentId: created.paymentIntentId, clientSecret: created.clientSecret },
    });
    expect(status).toMatchObject({ orderId: created.order.orderId, orderStatus: 'completed' });
    await eventually(async () => ((await transfersOf(created.order.id)).length === 2 ? true : undefined), 15_000, 'the transfers');
    expect((await transfersOf(created.order.id)).find((tr) => tr.party === 'marketplace')).toMatchObject({
      destination: PAYOUT,
      amount: 500,
    });
    await ledgerClean();

    // An administrator's full refund takes everything back, the marketplace's whole share included.
    await request(app.url)
      .post(`/api/admin/orders/${created.order.id}/refunds`)
      .set('idempotency-key', randomUUID())
      .set('cookie', adminCookie)
      .send({})
      .expect(201);
    expect((await transfersOf(created.order.id)).map(({ party, amount, reversed }) => ({ party, amount, reversed }))).toEqual([
      { party: 'marketplace', amount: 500, reversed: 500 },
      { party: 'provider', amount: 2000, reversed: 2000 },
    ]);
    expect((await as(acme).get(`/api/v1/orders/${created.order.id}`).expect(200)).body).toMatchObject({
      status: 'refunded',
      refunded: '28.00',
    });
    await ledgerClean();
  });
});
