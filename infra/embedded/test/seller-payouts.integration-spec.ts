import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type pg from 'pg';
import request from 'supertest';
import { SELLER_PAYOUT_MESSAGES, type MailboxMessage, type OrderView } from '@paymarket/contracts';
import { eventually } from '@paymarket/platform/testing';
import type { EmbeddedPayMarket } from '../src/start-embedded.js';
import { ipsFrom, startTestApp, type TestApp } from './support/integrator-test-app.js';
import { orderAndIntent, payWithTestCard, registerSeller, sellerProfile } from './support/payments.js';
import { signInAdmin, signInBuyer } from './support/sign-in.js';

jest.setTimeout(120_000);

/** The Stripe emulator's demo accounts: one that can receive transfers, one restricted. */
const MAPLE = 'acct_1PMDemoMapleInk0002';
const RESTRICTED = 'acct_1PMDemoRestricted03';
const freshIp = ipsFrom('10.88');

// ADR 0030 end to end over HTTP: a seller connects a payout account (validated by payments against the Stripe
// emulator), a buyer pays seller_<id> on /payment's calls, and the transfer goes to the seller's account.
describe('seller payout accounts over HTTP', () => {
  let t: TestApp;
  let app: EmbeddedPayMarket;
  let db: pg.Client;
  let buyerCookie: string;
  let adminCookie: string;
  let emails = 0;

  beforeAll(async () => {
    t = await startTestApp();
    ({ app, db } = t);
    buyerCookie = await signInBuyer(app.url, 'Payer', `payer.${Date.now()}@example.com`, freshIp);
    adminCookie = await signInAdmin(app.url, t.databaseUrl, freshIp);
  });

  afterAll(async () => {
    await t?.close();
  });

  const sellerInput = (overrides: Record<string, unknown> = {}) =>
    sellerProfile({ email: `lou.${Date.now()}.${emails++}@example.com`, ...overrides });
  const register = (overrides: Record<string, unknown> = {}) => registerSeller(app.url, freshIp, sellerInput(overrides));
  const edit = (id: string, token: string | null, overrides: Record<string, unknown>) => {
    const req = request(app.url).put(`/api/sellers/${id}`).set('x-forwarded-for', freshIp());
    return (token ? req.set('authorization', `Bearer ${token}`) : req).send(sellerInput(overrides));
  };
  const storedAccount = async (id: string) =>
    (await db.query(`SELECT stripe_account_id FROM catalog.sellers WHERE id = $1`, [id])).rows[0]?.stripe_account_id as string | null;
  let n = 0;
  const order = (sellerId: string, orderId = `seller_order_${Date.now()}_${n++}`) => ({
    orderId,
    amount: '40.00',
    currency: 'usd',
    printProviderStripeAccountId: `seller_${sellerId}`,
  });

  it('a seller adds a valid emulator account; a buyer pays seller_<id>; the transfer goes to the seller; ledger clean', async () => {
    const { seller, authToken } = await register();
    expect(seller.payable).toBe(false);
    const updated = await edit(seller.id, authToken, { stripeAccountId: MAPLE }).expect(200);
    expect(updated.body.payable).toBe(true);
    expect(await storedAccount(seller.id)).toBe(MAPLE);

    // Public reads say only "payable", never the account id.
    const profile = await request(app.url).get(`/api/sellers/${seller.id}`).expect(200);
    const showcase = await request(app.url).get('/api/sellers-showcase').expect(200);
    expect(profile.body.payable).toBe(true);
    expect(JSON.stringify(profile.body)).not.toContain(MAPLE);
    expect(JSON.stringify(showcase.body)).not.toContain(MAPLE);
    // Direct Payment's picker asks for payable sellers only.
    const unpaid = await register();
    const payable = (await request(app.url).get('/api/sellers-showcase?payable=true&limit=100').expect(200)).body as {
      sellers: Array<{ id: string; payable: boolean }>;
    };
    expect(payable.sellers.map((s) => s.id)).toContain(seller.id);
    expect(payable.sellers.map((s) => s.id)).not.toContain(unpaid.seller.id);
    expect(payable.sellers.every((s) => s.payable)).toBe(true);
    await request(app.url).get('/api/sellers-showcase?payable=yes').expect(400);

    const body = order(seller.id);
    const intent = await orderAndIntent(app.url, buyerCookie, body, 'Wedding suite');
    expect(intent.breakdown).toEqual({ sellerGets: '40.00', paymarketGets: '3.56', total: '43.56', currency: 'usd' });
    const paid = await payWithTestCard(app.url, buyerCookie, intent.paymentIntentId).expect(200);
    expect(paid.body).toMatchObject({ paymentStatus: 'succeeded', orderStatus: 'completed' });
    const mine = ((await request(app.url).get('/api/orders').set('cookie', buyerCookie).expect(200)).body as OrderView[]).find(
      (o) => o.orderId === body.orderId,
    );
    expect(mine).toMatchObject({ status: 'completed', amount: '40.00', total: '43.56' });
    await eventually(
      async () => {
        const { rows } = await db.query(
          `SELECT t.amount_minor, t.destination, t.party FROM payments.transfers t JOIN payments.orders o ON o.id = t.order_id
           WHERE o.order_id = $1`,
          [body.orderId],
        );
        return rows.length > 0 ? rows : undefined;
      },
      10_000,
      'the transfer',
    ).then((rows) => expect(rows).toEqual([{ amount_minor: '4000', destination: MAPLE, party: 'seller' }]));
    const report = await request(app.url).get('/api/admin/ledger/verify').set('cookie', adminCookie).expect(200);
    expect(report.body).toMatchObject({ ok: true, problems: [], stripeChecked: true });
  });

  it('registers with an account, and refuses (400 naming stripeAccountId) one Stripe does not accept, storing nothing', async () => {
    const withAccount = await register({ stripeAccountId: MAPLE });
    expect(withAccount.seller.payable).toBe(true);
    expect(await storedAccount(withAccount.seller.id)).toBe(MAPLE);

    const before = Number((await db.query(`SELECT count(*) AS n FROM catalog.sellers`)).rows[0].n);
    for (const [account, message] of [
      [RESTRICTED, SELLER_PAYOUT_MESSAGES.INVALID],
      ['acct_doesnotexist000000', SELLER_PAYOUT_MESSAGES.INVALID],
      ['not-an-account', SELLER_PAYOUT_MESSAGES.FORMAT],
    ] as const) {
      const refused = await request(app.url)
        .post('/api/register-seller')
        .set('x-forwarded-for', freshIp())
        .send(sellerInput({ stripeAccountId: account }))
        .expect(400);
      expect(refused.body.fields).toEqual({ stripeAccountId: [message] });
    }
    expect(Number((await db.query(`SELECT count(*) AS n FROM catalog.sellers`)).rows[0].n)).toBe(before);

    const editRefused = await edit(withAccount.seller.id, withAccount.authToken, { stripeAccountId: RESTRICTED }).expect(400);
    expect(editRefused.body.fields).toEqual({ stripeAccountId: [SELLER_PAYOUT_MESSAGES.INVALID] });
    expect(await storedAccount(withAccount.seller.id)).toBe(MAPLE);

    // Clearing is allowed, and the seller is no longer payable.
    const cleared = await edit(withAccount.seller.id, withAccount.authToken, { stripeAccountId: '' }).expect(200);
    expect(cleared.body.payable).toBe(false);
    expect(await storedAccount(withAccount.seller.id)).toBeNull();
  });

  it('tells the seller by email when the payout account is added or removed, and the old address when the email changes', async () => {
    const first = `owner.${Date.now()}@example.com`;
    const second = `moved.${Date.now()}@example.com`;
    const { seller, authToken } = await register({ email: first });
    await edit(seller.id, authToken, { email: first, stripeAccountId: MAPLE }).expect(200);
    await edit(seller.id, authToken, { email: second, stripeAccountId: '' }).expect(200);
    const mailTo = async (to: string, subject: string) =>
      eventually(
        async () =>
          ((await request(app.url).get('/api/dev/mailbox?limit=200')).body as MailboxMessage[]).find(
            (m) => m.to === to && m.subject === subject,
          ),
        10_000,
        `"${subject}" to ${to}`,
      );
    expect((await mailTo(first, 'Payout account added for Maple Ink')).text).toContain('Lost your edit link?');
    expect((await mailTo(second, 'Payout account removed for Maple Ink')).text).toContain('cannot pay you');
    expect((await mailTo(first, 'The email of Maple Ink on PayMarket was changed')).text).toContain(`to ${second}`);
  });

  it('another browser’s token (or none) cannot set the account', async () => {
    const victim = await register();
    const other = await register();
    await edit(victim.seller.id, other.authToken, { stripeAccountId: MAPLE }).expect(403);
    await edit(victim.seller.id, null, { stripeAccountId: MAPLE }).expect(401);
    expect(await storedAccount(victim.seller.id)).toBeNull();
  });

  it('refuses a seller without a payout account before any charge, naming the seller; nothing is ordered or charged', async () => {
    const { seller } = await register({ businessName: 'Quiet Press', sellerName: 'Ana Silva' });
    const body = order(seller.id);
    const refused = await request(app.url).post('/api/orders').set('cookie', buyerCookie).send(body).expect(400);
    expect(refused.body.message).toContain('Quiet Press - Ana Silva has not connected a Stripe account yet');
    expect(refused.body.fields).toEqual({ printProviderStripeAccountId: [refused.body.message] });
    await request(app.url).post('/api/create-payment-intent').set('cookie', buyerCookie).send(body).expect(404);
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM payments.orders WHERE order_id = $1`, [body.orderId]);
    expect(rows[0].n).toBe(0);

    const unknown = await request(app.url)
      .post('/api/orders')
      .set('cookie', buyerCookie)
      .send(order('00000000-0000-4000-8000-0000000000aa'))
      .expect(400);
    expect(unknown.body.fields).toHaveProperty('printProviderStripeAccountId');
  });

  it('stops the charge when the seller removed the account between order and payment', async () => {
    const { seller, authToken } = await register({ stripeAccountId: MAPLE });
    const body = order(seller.id);
    await request(app.url).post('/api/orders').set('cookie', buyerCookie).send(body).expect(201);
    await edit(seller.id, authToken, { stripeAccountId: '' }).expect(200);
    await request(app.url).post('/api/create-payment-intent').set('cookie', buyerCookie).send(body).expect(400);
    const { rows } = await db.query(`SELECT payment_intent_id FROM payments.orders WHERE order_id = $1`, [body.orderId]);
    expect(rows).toEqual([{ payment_intent_id: null }]);
  });
});
