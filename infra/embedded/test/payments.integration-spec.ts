import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type pg from 'pg';
import request from 'supertest';
import type { OrderView, PaymentIntentResponse, PaymentStatusView } from '@paymarket/contracts';
import type { EmbeddedPayMarket } from '../src/start-embedded.js';
import { ipsFrom, startTestApp, type TestApp } from './support/integrator-test-app.js';
import { orderAndIntent as placeOrder, payWithTestCard, stripeEventArrived } from './support/payments.js';
import { signInAdmin, signInBuyer as signIn } from './support/sign-in.js';

jest.setTimeout(120_000);

const PROVIDER = 'acct_1PMDemoPrintCo00001';
const freshIp = ipsFrom('10.77');

// Payments end to end over HTTP: gateway → payments → the Stripe emulator (started by the embedded launcher),
// whose signed webhooks come back to /api/stripe/webhook.
describe('payments over HTTP with the Stripe emulator', () => {
  let t: TestApp;
  let app: EmbeddedPayMarket;
  let db: pg.Client;
  let buyerCookie: string;
  let adminCookie: string;
  let buyers = 0;

  const signInBuyer = () => signIn(app.url, 'Payer', `payer.${Date.now()}.${buyers++}@example.com`, freshIp);

  beforeAll(async () => {
    t = await startTestApp();
    ({ app, db } = t);
    buyerCookie = await signInBuyer();
    adminCookie = await signInAdmin(app.url, t.databaseUrl, freshIp);
  });

  afterAll(async () => {
    await t?.close();
  });

  let n = 0;
  async function orderAndIntent(cookie = buyerCookie, amount = '100.00'): Promise<{ orderId: string; intent: PaymentIntentResponse }> {
    const orderId = `order_${Date.now()}_${n++}`;
    const body = { orderId, amount, currency: 'usd', printProviderStripeAccountId: PROVIDER };
    return { orderId, intent: await placeOrder(app.url, cookie, body, `Order ${orderId}`) };
  }
  const payWith = (paymentIntentId: string, cardNumber: string) => payWithTestCard(app.url, buyerCookie, paymentIntentId, cardNumber);
  const myOrder = async (orderId: string) =>
    ((await request(app.url).get('/api/orders').set('cookie', buyerCookie).expect(200)).body as OrderView[]).find(
      (o) => o.orderId === orderId,
    )!;

  it('tells the page it is in development mode with the fixed fees', async () => {
    await request(app.url)
      .get('/api/payments/config')
      .expect(200, { developmentMode: true, publishableKey: null, fees: { usd: '3.56', cad: '4.79' } });
  });

  it('pays 100.00 usd with 4242…: completed in Order History, the provider transferred 100.00, ledger clean', async () => {
    const { orderId, intent } = await orderAndIntent();
    expect(intent).toMatchObject({
      developmentMode: true,
      clientSecret: expect.stringMatching(/^pi_.+_secret_/),
      breakdown: { sellerGets: '100.00', paymarketGets: '3.56', total: '103.56', currency: 'usd' },
    });
    const paid = await payWith(intent.paymentIntentId, '4242 4242 4242 4242').expect(200);
    expect(paid.body).toMatchObject({ paymentStatus: 'succeeded', orderStatus: 'completed' });
    expect(await myOrder(orderId)).toMatchObject({
      status: 'completed',
      amount: '100.00',
      total: '103.56',
      stripePaymentIntentId: intent.paymentIntentId,
    });
    await request(app.url).post('/api/payments').set('cookie', buyerCookie).send({ orderId, status: 'completed' }).expect(200);
    const transfers = await db.query(
      `SELECT t.amount_minor, t.destination FROM payments.transfers t JOIN payments.orders o ON o.id = t.order_id WHERE o.order_id = $1`,
      [orderId],
    );
    expect(transfers.rows).toEqual([{ amount_minor: '10000', destination: PROVIDER }]);
    // The emulator's signed webhook arrives too, and changes nothing more.
    await stripeEventArrived(db);
    const report = await request(app.url).get('/api/admin/ledger/verify').set('cookie', adminCookie).expect(200);
    expect(report.body).toMatchObject({ ok: true, problems: [], stripeChecked: true });
  });

  it('declines 4000 0000 0000 0002 with the card provider’s message and marks the order failed', async () => {
    const { orderId, intent } = await orderAndIntent();
    const declined = (await payWith(intent.paymentIntentId, '4000000000000002').expect(200)).body as PaymentStatusView;
    expect(declined.orderStatus).toBe('failed');
    expect(declined.failureMessage).toMatch(/declined/i);
    expect((await myOrder(orderId)).status).toBe('failed');
  });

  it('passes 3-D Secure: the card needs authentication, the issuer page completes it, the re-check completes the order', async () => {
    const { orderId, intent } = await orderAndIntent();
    const first = (await payWith(intent.paymentIntentId, '4000002500003155').expect(200)).body as PaymentStatusView;
    expect(first).toMatchObject({ paymentStatus: 'requires_action', redirectUrl: expect.stringContaining('/emulator/3ds/') });
    const auth = new URL(first.redirectUrl!);
    const done = await fetch(auth, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_secret: auth.searchParams.get('client_secret')!, result: 'complete' }),
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toContain('/payment-success?return_to=%2Fpayment');
    const after = await request(app.url).get(`/api/payments/${intent.paymentIntentId}`).set('cookie', buyerCookie).expect(200);
    expect(after.body).toMatchObject({ paymentStatus: 'succeeded', orderStatus: 'completed', orderId });
  });

  it('never completes an unpaid order because the browser says "completed"', async () => {
    const { orderId } = await orderAndIntent();
    const response = await request(app.url)
      .post('/api/payments')
      .set('cookie', buyerCookie)
      .send({ orderId, status: 'completed' })
      .expect(200);
    expect(response.body.orderStatus).toBe('processing');
    expect((await myOrder(orderId)).status).toBe('processing');
  });

  it('refuses a forged or unsigned Stripe webhook', async () => {
    const forged = JSON.stringify({ id: 'evt_forged', type: 'payment_intent.succeeded', data: { object: { id: 'pi_forged' } } });
    await request(app.url)
      .post('/api/stripe/webhook')
      .set('content-type', 'application/json')
      .set('stripe-signature', `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`)
      .send(forged)
      .expect(400);
    await request(app.url).post('/api/stripe/webhook').set('content-type', 'application/json').send(forged).expect(400);
  });

  it('lets an administrator refund half (partially_refunded), then the rest; transfers reversed in proportion; ledger clean', async () => {
    const { orderId, intent } = await orderAndIntent();
    await payWith(intent.paymentIntentId, '4242424242424242').expect(200);
    await request(app.url)
      .post(`/api/admin/orders/${orderId}/refunds`)
      .set('idempotency-key', randomUUID())
      .set('cookie', buyerCookie)
      .send({ amount: '51.78' })
      .expect(401);
    const half = await request(app.url)
      .post(`/api/admin/orders/${orderId}/refunds`)
      .set('cookie', adminCookie)
      .set('idempotency-key', `half-${orderId}`)
      .send({ amount: '51.78' })
      .expect(201);
    expect(half.body).toMatchObject({ status: 'partially_refunded', refunded: '51.78' });
    expect((await myOrder(orderId)).status).toBe('partially_refunded');
    const reversed = await db.query(
      `SELECT t.reversed_minor FROM payments.transfers t JOIN payments.orders o ON o.id = t.order_id WHERE o.order_id = $1`,
      [orderId],
    );
    expect(reversed.rows).toEqual([{ reversed_minor: '5000' }]);
    await request(app.url)
      .post(`/api/admin/orders/${orderId}/refunds`)
      .set('idempotency-key', randomUUID())
      .set('cookie', adminCookie)
      .send({ amount: '999.00' })
      .expect(422);
    const rest = await request(app.url)
      .post(`/api/admin/orders/${orderId}/refunds`)
      .set('idempotency-key', randomUUID())
      .set('cookie', adminCookie)
      .send({})
      .expect(201);
    expect(rest.body).toMatchObject({ status: 'refunded', refunded: '103.56' });
    const report = await request(app.url).get('/api/admin/ledger/verify').set('cookie', adminCookie).expect(200);
    expect(report.body).toMatchObject({ ok: true, problems: [] });
  });

  it('keeps one buyer’s orders from another, and orders need a session', async () => {
    const { orderId, intent } = await orderAndIntent();
    const other = await signInBuyer();
    const theirs = (await request(app.url).get('/api/orders').set('cookie', other).expect(200)).body as OrderView[];
    expect(theirs.map((o) => o.orderId)).not.toContain(orderId);
    await request(app.url).get(`/api/payments/${intent.paymentIntentId}`).set('cookie', other).expect(403);
    await request(app.url).get('/api/orders').expect(401);
    await request(app.url)
      .post('/api/orders')
      .send({ orderId: 'order_nosession', amount: 5, printProviderStripeAccountId: PROVIDER })
      .expect(401);
  });

  it('scopes order ids to their buyer: two buyers use one id, both succeed with distinct orders, neither sees the other’s', async () => {
    const other = await signInBuyer();
    const orderId = `order_shared_${Date.now()}`;
    const body = { orderId, amount: '21.00', currency: 'usd', printProviderStripeAccountId: PROVIDER };
    const mine = (await request(app.url).post('/api/orders').set('cookie', buyerCookie).send(body).expect(201)).body as OrderView;
    const theirs = (await request(app.url).post('/api/orders').set('cookie', other).send(body).expect(201)).body as OrderView;
    expect(mine.id).not.toBe(theirs.id);
    // The same buyer repeating the id still gets the 409, as before.
    await request(app.url).post('/api/orders').set('cookie', other).send(body).expect(409);
    const listOf = async (cookie: string) =>
      ((await request(app.url).get('/api/orders').set('cookie', cookie).expect(200)).body as OrderView[]).filter(
        (o) => o.orderId === orderId,
      );
    expect((await listOf(buyerCookie)).map((o) => o.id)).toEqual([mine.id]);
    expect((await listOf(other)).map((o) => o.id)).toEqual([theirs.id]);
    const myIntent = (await request(app.url).post('/api/create-payment-intent').set('cookie', buyerCookie).send(body).expect(200))
      .body as PaymentIntentResponse;
    const theirIntent = (await request(app.url).post('/api/create-payment-intent').set('cookie', other).send(body).expect(200))
      .body as PaymentIntentResponse;
    expect(myIntent.paymentIntentId).not.toBe(theirIntent.paymentIntentId);
    await request(app.url).get(`/api/payments/${myIntent.paymentIntentId}`).set('cookie', other).expect(403);
    await request(app.url).get(`/api/payments/${theirIntent.paymentIntentId}`).set('cookie', buyerCookie).expect(403);
    const rechecked = await request(app.url).post('/api/payments').set('cookie', other).send({ orderId, status: 'completed' }).expect(200);
    expect(rechecked.body).toMatchObject({ paymentIntentId: theirIntent.paymentIntentId });
    const rows = await db.query(`SELECT buyer_id FROM payments.orders WHERE order_id = $1`, [orderId]);
    expect(new Set(rows.rows.map((r: { buyer_id: string }) => r.buyer_id)).size).toBe(2);
  });

  it('creates one PaymentIntent for 100 concurrent requests with one Idempotency-Key', async () => {
    const orderId = `order_conc_${Date.now()}`;
    const body = { orderId, amount: '12.34', currency: 'usd', printProviderStripeAccountId: PROVIDER };
    await request(app.url).post('/api/orders').set('cookie', buyerCookie).send(body).expect(201);
    const responses = await Promise.all(
      Array.from({ length: 100 }, () =>
        request(app.url).post('/api/create-payment-intent').set('cookie', buyerCookie).set('idempotency-key', `one-${orderId}`).send(body),
      ),
    );
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(new Set(responses.map((r) => r.body.paymentIntentId)).size).toBe(1);
    const mismatch = await request(app.url)
      .post('/api/create-payment-intent')
      .set('cookie', buyerCookie)
      .set('idempotency-key', `one-${orderId}`)
      .send({ ...body, amount: '12.35' });
    expect(mismatch.status).toBe(422);
  });

  it('names bad amounts and unknown or restricted recipients before any charge', async () => {
    const bad = await request(app.url)
      .post('/api/orders')
      .set('cookie', buyerCookie)
      .send({ orderId: 'o-bad-1', amount: 12.345, printProviderStripeAccountId: PROVIDER })
      .expect(400);
    expect(bad.body.fields).toEqual({ amount: ['Please enter a valid amount'] });
    await request(app.url)
      .post('/api/orders')
      .set('cookie', buyerCookie)
      .send({ orderId: 'o-bad-2', amount: 0, printProviderStripeAccountId: PROVIDER })
      .expect(400);
    await request(app.url)
      .post('/api/orders')
      .set('cookie', buyerCookie)
      .send({ orderId: 'o-bad-3', amount: 10, currency: 'eur', printProviderStripeAccountId: PROVIDER })
      .expect(400);
    await request(app.url)
      .post('/api/orders')
      .set('cookie', buyerCookie)
      .send({ orderId: 'o-bad-4', amount: 10, printProviderStripeAccountId: 'acct_1PMDemoRestricted03' })
      .expect(422);
    await request(app.url)
      .post('/api/orders')
      .set('cookie', buyerCookie)
      .send({ orderId: 'o-bad-5', amount: 10, printProviderStripeAccountId: 'acct_doesnotexist000000' })
      .expect(422);
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM payments.orders WHERE order_id LIKE 'o-bad-%'`);
    expect(rows[0].n).toBe(0);
  });

  it('takes a guest direct payment to a seller account with the spec breakdown', async () => {
    const orderId = `order_${Date.now()}`;
    const response = await request(app.url)
      .post('/api/create-buyer-seller-payment')
      .send({
        orderId,
        amount: 50,
        currency: 'cad',
        sellerStripeAccountId: 'acct_1PMDemoMapleInk0002',
        description: 'Logo design',
        buyerEmail: 'guest@example.com',
        buyerName: 'Guest',
      })
      .expect(200);
    expect(response.body.breakdown).toEqual({ sellerGets: '50.00', paymarketGets: '4.79', total: '54.79', currency: 'cad' });
    const pi = response.body.paymentIntentId as string;
    const secret = response.body.clientSecret as string;
    // Holding only the pi_ id (it shows up in URLs and logs) neither reads nor declines a guest's payment.
    await request(app.url).get(`/api/payments/${pi}`).expect(404);
    await request(app.url)
      .get(`/api/payments/${pi}?client_secret=${encodeURIComponent(`${secret}x`)}`)
      .expect(404);
    await request(app.url).post(`/api/payments/${pi}/test-card`).send({ cardNumber: '4000000000000002' }).expect(404);
    await request(app.url)
      .post(`/api/payments/${pi}/test-card`)
      .send({ cardNumber: '4000000000000002', clientSecret: 'pi_other_secret_guess' })
      .expect(404);
    const untouched = await request(app.url)
      .get(`/api/payments/${pi}?client_secret=${encodeURIComponent(secret)}`)
      .expect(200);
    expect(untouched.body).toMatchObject({ paymentStatus: 'requires_payment_method', orderStatus: 'processing' });
    expect(untouched.body.failureMessage).toBeUndefined();
    const paid = await request(app.url)
      .post(`/api/payments/${pi}/test-card`)
      .send({ cardNumber: '4242424242424242', clientSecret: secret })
      .expect(200);
    expect(paid.body).toMatchObject({ paymentStatus: 'succeeded', orderStatus: 'completed' });
  });
});
