import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import pg from 'pg';
import request from 'supertest';
import {
  API_ORDER_MESSAGES,
  PAYMENT_MESSAGES,
  type ApiAccessResponse,
  type ApiOrderList,
  type ApiOrderView,
  type PaymentIntentResponse,
} from '@paymarket/contracts';
import { adminCreate, signInNewAdmin } from '@paymarket/onboarding/testing';
import { createTestDatabase, eventually, testMessagingRuntime, type TestDatabase } from '@paymarket/platform/testing';
import { startEmbedded, type EmbeddedPayMarket } from '../src/start-embedded.js';

jest.setTimeout(120_000);

/** The Stripe emulator's demo print provider, which can receive transfers. */
const PROVIDER = 'acct_1PMDemoPrintCo00001';
let ipCounter = 1;
const freshIp = () => `10.89.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

// ADR 0032 end to end over HTTP: an approved company creates an order with its API key, pays it with a test card
// (development mode), the order completes and the provider is paid; other companies cannot see it.
describe('the integrator REST API (/api/v1) over HTTP', () => {
  let database: TestDatabase;
  let app: EmbeddedPayMarket;
  let db: pg.Client;
  let adminCookie: string;
  let acme: { id: string; secretKey: string };
  let globex: { id: string; secretKey: string };
  let initech: { id: string; secretKey: string };
  const run = Date.now().toString(36);

  async function approvedCompany(name: string): Promise<{ id: string; secretKey: string }> {
    const slug = name.toLowerCase().replace(/[^a-z]/g, '');
    const response = await request(app.url)
      .post('/api/request-api-access')
      .set('x-forwarded-for', freshIp())
      .send({
        name,
        website: `https://${slug}-${run}.com`,
        email: `ops@${slug}-${run}.com`,
        businessType: 'saas',
        contactName: 'Ada Lovelace',
        contactPhone: '+1 416 555 0134',
        taxId: 'CA-123456789',
      })
      .expect(201);
    const body = response.body as ApiAccessResponse;
    expect(body.status).toBe('approved');
    return { id: body.company.id, secretKey: body.credentials!.secretKey };
  }

  const as = (company: { secretKey: string }) => ({
    get: (path: string) => request(app.url).get(path).set('authorization', `Bearer ${company.secretKey}`),
    post: (path: string) => request(app.url).post(path).set('authorization', `Bearer ${company.secretKey}`),
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await startEmbedded({
      trustProxy: true,
      port: 0,
      host: '127.0.0.1',
      production: false,
      databaseUrl: database.url,
      dataDir: '',
      messaging: testMessagingRuntime(),
    });
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const adminEmail = `ops.${run}@example.com`;
    const password = 'correct horse battery staple';
    expect(await adminCreate(['--email', adminEmail, '--password', password], { DATABASE_URL: database.url })).toBe(0);
    // Password, then the second factor enrolled on this first sign-in (ADR 0072).
    adminCookie = (await signInNewAdmin(app.url, { email: adminEmail, password, ip: freshIp() })).cookie;
    acme = await approvedCompany('Acme Prints');
    globex = await approvedCompany('Globex Labels');
    initech = await approvedCompany('Initech Forms');
  });

  afterAll(async () => {
    await db?.end();
    await app?.close();
    await database?.drop();
  });

  it('refuses every route without a key or with a wrong one (401)', async () => {
    await request(app.url).get('/api/v1/orders').expect(401);
    await request(app.url).post('/api/v1/orders').send({}).expect(401);
    await request(app.url).get('/api/v1/orders/00000000-0000-4000-8000-000000000000').expect(401);
    await request(app.url).post('/api/v1/orders/00000000-0000-4000-8000-000000000000/payment-intent').expect(401);
    await request(app.url).post('/api/v1/payments/pi_abcdefgh/test-card').send({ cardNumber: '4242424242424242' }).expect(401);
    await request(app.url)
      .get('/api/v1/orders')
      .set('authorization', `Bearer ${acme.secretKey.slice(0, -1)}x`)
      .expect(401);
    await request(app.url).get('/api/v1/orders').set('authorization', 'Bearer sk_test_not-a-key').expect(401);
  });

  it('answers 400 naming each bad field, and stores nothing', async () => {
    const refused = await as(acme)
      .post('/api/v1/orders')
      .send({ orderId: 'bad id!', amount: 'ten', currency: 'eur', recipient: 'someone', buyerEmail: 'nope' })
      .expect(400);
    expect(refused.body.fields).toEqual({
      orderId: [PAYMENT_MESSAGES.ORDER_ID_FORMAT],
      amount: [PAYMENT_MESSAGES.INVALID_AMOUNT],
      currency: [PAYMENT_MESSAGES.CURRENCY],
      recipient: [API_ORDER_MESSAGES.RECIPIENT],
      buyerEmail: [PAYMENT_MESSAGES.VALID_EMAIL],
    });
    const missing = await as(acme).post('/api/v1/orders').send({}).expect(400);
    expect(Object.keys(missing.body.fields).sort()).toEqual(['amount', 'currency', 'orderId', 'recipient']);
    const limit = await as(acme).get('/api/v1/orders?limit=1000').expect(400);
    expect(limit.body.fields).toEqual({ limit: [API_ORDER_MESSAGES.LIMIT] });
    const stored = await db.query(`SELECT count(*)::int AS n FROM payments.orders WHERE company_id = $1`, [acme.id]);
    expect(stored.rows[0].n).toBe(0);
  });

  it('creates, pays and completes an order; the provider is paid; the ledger verifies; other companies get 404', async () => {
    const body = {
      orderId: 'order_1',
      amount: '100.00',
      currency: 'usd',
      recipient: PROVIDER,
      description: 'Business cards',
      buyerEmail: 'Buyer@Example.com',
      buyerName: 'Ann Buyer',
    };
    const created = await as(acme).post('/api/v1/orders').set('idempotency-key', `create-${run}`).send(body).expect(201);
    const order = created.body as ApiOrderView;
    expect(order).toMatchObject({
      orderId: 'order_1',
      status: 'pending',
      amount: '100.00',
      currency: 'usd',
      recipient: PROVIDER,
      buyerEmail: 'buyer@example.com',
      buyerName: 'Ann Buyer',
      paymentIntentId: null,
    });
    // Replaying the same key and body answers the same order; the same key with another body is refused.
    const replay = await as(acme).post('/api/v1/orders').set('idempotency-key', `create-${run}`).send(body).expect(201);
    expect(replay.body).toEqual(order);
    await as(acme)
      .post('/api/v1/orders')
      .set('idempotency-key', `create-${run}`)
      .send({ ...body, amount: '101.00' })
      .expect(422);
    // A new key with a taken order id is a conflict naming orderId.
    const taken = await as(acme).post('/api/v1/orders').send(body).expect(409);
    expect(Object.keys(taken.body.fields)).toEqual(['orderId']);
    // Another company may use the same order id: ids are unique per company.
    await as(globex)
      .post('/api/v1/orders')
      .send({ ...body, amount: '5.00' })
      .expect(201);

    const intent = (await as(acme).post(`/api/v1/orders/${order.id}/payment-intent`).expect(200)).body as PaymentIntentResponse;
    expect(intent).toMatchObject({
      clientSecret: expect.any(String),
      paymentIntentId: expect.stringMatching(/^pi_/),
      developmentMode: true,
      breakdown: { sellerGets: '100.00', paymarketGets: '3.56', total: '103.56', currency: 'usd' },
    });
    const again = (await as(acme).post(`/api/v1/orders/${order.id}/payment-intent`).expect(200)).body as PaymentIntentResponse;
    expect(again.paymentIntentId).toBe(intent.paymentIntentId);

    // Another company can neither read, pay for, nor test-card this order: to it, the order does not exist.
    await as(initech).get(`/api/v1/orders/${order.id}`).expect(404);
    await as(initech).post(`/api/v1/orders/${order.id}/payment-intent`).expect(404);
    // Paths take the id the API answered, never the company's own order id (ADR 0038); that one is a list filter.
    await as(acme).get('/api/v1/orders/order_1').expect(404);
    const byRef = (await as(acme).get('/api/v1/orders?orderId=order_1').expect(200)).body as ApiOrderList;
    expect(byRef.data.map((o) => o.id)).toEqual([order.id]);
    expect(((await as(initech).get('/api/v1/orders').expect(200)).body as ApiOrderList).data).toEqual([]);
    const globexView = ((await as(globex).get('/api/v1/orders?orderId=order_1').expect(200)).body as ApiOrderList).data[0]!;
    expect(globexView.id).not.toBe(order.id);
    await as(globex).get(`/api/v1/orders/${order.id}`).expect(404);
    await as(globex).post(`/api/v1/payments/${intent.paymentIntentId}/test-card`).send({ cardNumber: '4242 4242 4242 4242' }).expect(404);
    // PayMarket's own (buyer) payment routes do not reach a company's order either.
    await request(app.url).get(`/api/payments/${intent.paymentIntentId}`).expect(404);

    const paid = await as(acme)
      .post(`/api/v1/payments/${intent.paymentIntentId}/test-card`)
      .send({ cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' })
      .expect(200);
    expect(paid.body).toMatchObject({ orderId: 'order_1', paymentStatus: 'succeeded', orderStatus: 'completed' });
    await as(acme).post(`/api/v1/orders/${order.id}/payment-intent`).expect(409);

    const read = (await as(acme).get(`/api/v1/orders/${order.id}`).expect(200)).body as ApiOrderView;
    expect(read).toMatchObject({ id: order.id, status: 'completed', total: '103.56', paymentIntentId: intent.paymentIntentId });
    const list = (await as(acme).get('/api/v1/orders').expect(200)).body as ApiOrderList;
    expect(list.limit).toBe(20);
    expect(list.data.map((o) => o.id)).toEqual([order.id]);
    await as(acme).get('/api/v1/orders/00000000-0000-4000-8000-000000000404').expect(404);
    await as(acme).get('/api/v1/orders/not-an-id').expect(404);

    await eventually(
      async () => {
        const { rows } = await db.query(`SELECT amount_minor, destination, party FROM payments.transfers WHERE order_id = $1`, [order.id]);
        return rows.length > 0 ? rows : undefined;
      },
      10_000,
      'the transfer',
    ).then((rows) => expect(rows).toEqual([{ amount_minor: '10000', destination: PROVIDER, party: 'provider' }]));

    // Every order and payment event of this order carries the owning company.
    const events = await db.query(
      `SELECT name, payload->>'companyId' AS company FROM payments.outbox WHERE payload->>'orderId' = 'order_1' AND payload->>'companyId' = $1 ORDER BY id`,
      [acme.id],
    );
    expect(events.rows.map((r) => r.name)).toEqual(
      expect.arrayContaining(['order.created', 'payment.pending', 'payment.succeeded', 'order.updated']),
    );
    const succeeded = await db.query(
      `SELECT payload FROM payments.outbox WHERE name = 'payment.succeeded' AND payload->>'orderId' = 'order_1'`,
    );
    expect(succeeded.rows).toHaveLength(1);
    expect(succeeded.rows[0].payload).toMatchObject({
      companyId: acme.id,
      paymentIntentId: intent.paymentIntentId,
      buyerEmail: 'buyer@example.com',
    });
    const mislabelled = await db.query(
      `SELECT count(*)::int AS n FROM payments.outbox WHERE payload->>'orderId' = 'order_1' AND (payload->>'companyId') IS DISTINCT FROM $1
         AND payload->>'companyId' IS DISTINCT FROM $2`,
      [acme.id, globex.id],
    );
    expect(mislabelled.rows[0].n).toBe(0);

    // The admin refund route reaches a company's order by its uuid (its order id is only unique per company).
    const orders = (await request(app.url).get('/api/admin/orders').set('cookie', adminCookie).expect(200)).body as Array<{ id: string }>;
    expect(orders.map((o) => o.id)).toContain(order.id);
    await request(app.url)
      .post('/api/admin/orders/order_1/refunds')
      .set('idempotency-key', randomUUID())
      .set('cookie', adminCookie)
      .send({ amount: '10.00' })
      .expect(404);
    await request(app.url)
      .post(`/api/admin/orders/${order.id}/refunds`)
      .set('idempotency-key', randomUUID())
      .set('cookie', adminCookie)
      .send({ amount: '10.00' })
      .expect(201);
    expect(((await as(acme).get(`/api/v1/orders/${order.id}`).expect(200)).body as ApiOrderView).status).toBe('partially_refunded');
    const refunded = await db.query(
      `SELECT payload FROM payments.outbox WHERE name = 'payment.refunded' AND payload->>'orderId' = 'order_1'`,
    );
    expect(refunded.rows.map((r) => r.payload.companyId)).toEqual([acme.id]);

    const report = await request(app.url).get('/api/admin/ledger/verify').set('cookie', adminCookie).expect(200);
    expect(report.body).toMatchObject({ ok: true, problems: [], stripeChecked: true });
  });

  it('lists the /api/v1 calls in GET /api/integration-info', async () => {
    const info = (await request(app.url).get('/api/integration-info').expect(200)).body as { endpoints: Array<{ path: string }> };
    const paths = info.endpoints.map((e) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/v1/orders', '/api/v1/orders/{id}/payment-intent', '/api/v1/orders/{id}', '/api/v1/refunds']),
    );
    expect(paths).not.toContain('/api/orders');
  });

  it("lists only the company's own orders, newest first, within the page size", async () => {
    for (const n of [2, 3, 4]) {
      await as(acme)
        .post('/api/v1/orders')
        .send({ orderId: `order_${n}`, amount: n, currency: 'cad', recipient: PROVIDER })
        .expect(201);
    }
    const page = (await as(acme).get('/api/v1/orders?limit=2').expect(200)).body as ApiOrderList;
    expect(page).toMatchObject({ limit: 2 });
    expect(page.data.map((o) => o.orderId)).toEqual(['order_4', 'order_3']);
    const all = (await as(acme).get('/api/v1/orders').expect(200)).body as ApiOrderList;
    expect(all.data.map((o) => o.orderId)).toEqual(['order_4', 'order_3', 'order_2', 'order_1']);
    const theirs = (await as(globex).get('/api/v1/orders').expect(200)).body as ApiOrderList;
    expect(theirs.data.map((o) => o.orderId)).toEqual(['order_1']);
    expect(theirs.data[0]!.amount).toBe('5.00');
  });
});
