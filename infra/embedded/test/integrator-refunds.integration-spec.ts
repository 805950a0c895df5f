import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type pg from 'pg';
import request from 'supertest';
import {
  API_ORDER_MESSAGES,
  REFUND_MESSAGES,
  type ApiOrderView,
  type EventList,
  type PaymentIntentResponse,
  type RefundList,
  type RefundView,
} from '@paymarket/contracts';
import { adminCreate, signInNewAdmin } from '@paymarket/onboarding/testing';
import { eventually } from '@paymarket/platform/testing';
import type { EmbeddedPayMarket } from '../src/start-embedded.js';
import { approvedCompany, ipsFrom, startTestApp, type TestApp } from './support/integrator-test-app.js';

jest.setTimeout(120_000);

/** The Stripe emulator's demo print provider, which can receive transfers. */
const PROVIDER = 'acct_1PMDemoPrintCo00001';
const freshIp = ipsFrom('10.91');

// ADR 0038 over HTTP: a company refunds its own paid orders through /api/v1/refunds, in minor units, with the same
// proportional reversals as an administrator's refund, never more than was paid; other companies get 404.
describe('refunds through the integrator API (/api/v1/refunds)', () => {
  let testApp: TestApp;
  let app: EmbeddedPayMarket;
  let db: pg.Client;
  let adminCookie: string;
  let acme: { id: string; secretKey: string };
  let globex: { id: string; secretKey: string };
  const run = Date.now().toString(36);
  let orderCounter = 0;

  const as = (company: { secretKey: string }) => ({
    get: (path: string) => request(app.url).get(path).set('authorization', `Bearer ${company.secretKey}`),
    post: (path: string) => request(app.url).post(path).set('authorization', `Bearer ${company.secretKey}`),
  });

  /** A company order of `amount` (decimal) to the demo provider, paid with the test card. */
  async function paidOrder(company: { secretKey: string }, amount = '100.00'): Promise<ApiOrderView> {
    const order = (
      await as(company)
        .post('/api/v1/orders')
        .send({ orderId: `refund_${run}_${++orderCounter}`, amount, currency: 'usd', recipient: PROVIDER })
        .expect(201)
    ).body as ApiOrderView;
    const intent = (await as(company).post(`/api/v1/orders/${order.id}/payment-intent`).expect(200)).body as PaymentIntentResponse;
    await as(company)
      .post(`/api/v1/payments/${intent.paymentIntentId}/test-card`)
      .send({ cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' })
      .expect(200);
    // The provider's transfer is made after success; refunds reverse it.
    await eventually(
      async () => ((await db.query(`SELECT 1 FROM payments.transfers WHERE order_id = $1`, [order.id])).rows.length ? true : undefined),
      10_000,
      'the transfer',
    );
    return order;
  }

  const reversedOf = async (orderId: string) =>
    (await db.query(`SELECT reversed_minor FROM payments.transfers WHERE order_id = $1`, [orderId])).rows.map((r) => r.reversed_minor);

  beforeAll(async () => {
    testApp = await startTestApp();
    ({ app, db } = testApp);
    const adminEmail = `refunds.${run}@example.com`;
    const password = 'correct horse battery staple';
    expect(await adminCreate(['--email', adminEmail, '--password', password], { DATABASE_URL: testApp.databaseUrl })).toBe(0);
    // Password, then the second factor enrolled on this first sign-in (ADR 0072).
    adminCookie = (await signInNewAdmin(app.url, { email: adminEmail, password, ip: freshIp() })).cookie;
    acme = await approvedCompany(app.url, 'Acme Refunds', freshIp(), run);
    globex = await approvedCompany(app.url, 'Globex Refunds', freshIp(), run);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('refunds part, then the rest; reversals match an administrator refund of the same amounts; the ledger verifies', async () => {
    const order = await paidOrder(acme);
    const twin = await paidOrder(acme);

    const partial = await as(acme)
      .post('/api/v1/refunds')
      .set('idempotency-key', randomUUID())
      .send({ order: order.id, amount: 2500, reason: 'requested_by_customer' })
      .expect(201);
    expect(partial.body as RefundView).toEqual({
      id: expect.any(String),
      orderId: order.id,
      amount: 2500,
      currency: 'usd',
      status: 'succeeded',
      reason: 'requested_by_customer',
      createdAt: expect.any(String),
    });
    // The same amount refunded by an administrator on an identical order reverses exactly the same.
    await request(app.url)
      .post(`/api/admin/orders/${twin.id}/refunds`)
      .set('idempotency-key', randomUUID())
      .set('cookie', adminCookie)
      .send({ amount: '25.00' })
      .expect(201);
    expect(await reversedOf(order.id)).toEqual(await reversedOf(twin.id));
    expect((await as(acme).get(`/api/v1/orders/${order.id}`).expect(200)).body as ApiOrderView).toMatchObject({
      status: 'partially_refunded',
      refunded: '25.00',
    });

    // More than is left is refused, naming what is left (103.56 - 25.00 = 78.56).
    const tooMuch = await as(acme)
      .post('/api/v1/refunds')
      .set('idempotency-key', randomUUID())
      .send({ order: order.id, amount: 7857 })
      .expect(422);
    expect(tooMuch.body.fields).toEqual({ amount: [REFUND_MESSAGES.TOO_LARGE(7856, '78.56', 'usd')] });
    expect(tooMuch.body.message).toBe('amount must be at most 7856 (78.56 USD), the amount left to refund');

    // No amount: everything that is left.
    const rest = (await as(acme).post('/api/v1/refunds').set('idempotency-key', randomUUID()).send({ order: order.id }).expect(201))
      .body as RefundView;
    expect(rest.amount).toBe(7856);
    expect(((await as(acme).get(`/api/v1/orders/${order.id}`).expect(200)).body as ApiOrderView).status).toBe('refunded');
    expect(
      (await as(acme).post('/api/v1/refunds').set('idempotency-key', randomUUID()).send({ order: order.id, amount: 1 }).expect(409)).body
        .message,
    ).toBe(REFUND_MESSAGES.FULLY_REFUNDED);

    // payment.refunded events carry the company and the amounts, for its webhooks.
    const events = await db.query(
      `SELECT payload FROM payments.outbox WHERE name = 'payment.refunded' AND payload->>'companyId' = $1 AND payload->>'orderId' = $2`,
      [acme.id, order.orderId],
    );
    expect(events.rows.map((r) => [r.payload.refundId, r.payload.refundedMinor, r.payload.refundedTotalMinor]).sort()).toEqual(
      [
        [partial.body.id, '2500', '2500'],
        [rest.id, '7856', '10356'],
      ].sort(),
    );
    // Published and consumed for the company (what its webhooks and GET /api/v1/events are made of), not for others.
    const received = await eventually(
      async () => {
        const list = (await as(acme).get('/api/v1/events?type=payment.refunded&limit=100').expect(200)).body as EventList;
        const mine = list.data.filter((e) => (e.data as { refundId?: string }).refundId === rest.id);
        return mine.length ? mine : undefined;
      },
      10_000,
      'the payment.refunded event in the company events',
    );
    expect(received[0]!.data).toMatchObject({ companyId: acme.id, orderId: order.orderId, refundedMinor: '7856' });
    const others = (await as(globex).get('/api/v1/events?type=payment.refunded&limit=100').expect(200)).body as EventList;
    expect(others.data.filter((e) => (e.data as { companyId?: string }).companyId === acme.id)).toEqual([]);
    const report = await request(app.url).get('/api/admin/ledger/verify').set('cookie', adminCookie).expect(200);
    expect(report.body).toMatchObject({ ok: true, problems: [] });
  });

  it('refuses a refund without an Idempotency-Key on both routes, naming the header, and refunds nothing (ADR 0049)', async () => {
    const order = await paidOrder(acme);
    const fields = { 'Idempotency-Key': [REFUND_MESSAGES.KEY_REQUIRED] };
    const api = await as(acme).post('/api/v1/refunds').send({ order: order.id, amount: 100 }).expect(400);
    expect(api.body).toMatchObject({ message: REFUND_MESSAGES.KEY_REQUIRED, fields });
    const admin = await request(app.url)
      .post(`/api/admin/orders/${order.id}/refunds`)
      .set('cookie', adminCookie)
      .send({ amount: '1.00' })
      .expect(400);
    expect(admin.body).toMatchObject({ message: REFUND_MESSAGES.KEY_REQUIRED, fields });
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM payments.refunds WHERE order_id = $1`, [order.id]);
    expect(rows[0].n).toBe(0);
    expect(((await as(acme).get(`/api/v1/orders/${order.id}`).expect(200)).body as ApiOrderView).status).toBe('completed');
  });

  it('answers an Idempotency-Key replay with the same refund, and 422 for the same key with another body', async () => {
    const order = await paidOrder(acme);
    const key = `refund-${run}`;
    const first = (await as(acme).post('/api/v1/refunds').set('idempotency-key', key).send({ order: order.id, amount: 1000 }).expect(201))
      .body as RefundView;
    const replay = (await as(acme).post('/api/v1/refunds').set('idempotency-key', key).send({ order: order.id, amount: 1000 }).expect(201))
      .body as RefundView;
    expect(replay).toEqual(first);
    await as(acme).post('/api/v1/refunds').set('idempotency-key', key).send({ order: order.id, amount: 2000 }).expect(422);
    const count = await db.query(`SELECT count(*)::int AS n FROM payments.refunds WHERE order_id = $1`, [order.id]);
    expect(count.rows[0].n).toBe(1);
  });

  it('never refunds more than was paid, even for concurrent requests', async () => {
    const order = await paidOrder(acme, '10.00');
    const answers = await Promise.all(
      [700, 700, 700].map((amount) =>
        as(acme).post('/api/v1/refunds').set('idempotency-key', randomUUID()).send({ order: order.id, amount }),
      ),
    );
    for (const answer of answers) expect([201, 409, 422]).toContain(answer.status);
    // 700 + 700 > 13.56: exactly one can be made; the others are refused (409 while it runs, 422 once it is done).
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    // Every accepted refund was really made: what the 201s promised is exactly what was refunded.
    const accepted = answers.filter((a) => a.status === 201).reduce((sum, a) => sum + BigInt((a.body as RefundView).amount), 0n);
    const { rows } = await db.query(`SELECT refunded_minor, total_minor FROM payments.orders WHERE id = $1`, [order.id]);
    expect(BigInt(rows[0].refunded_minor)).toBeLessThanOrEqual(BigInt(rows[0].total_minor));
    const refunds = await db.query(`SELECT coalesce(sum(amount_minor), 0)::bigint AS n FROM payments.refunds WHERE order_id = $1`, [
      order.id,
    ]);
    expect(BigInt(refunds.rows[0].n)).toBe(BigInt(rows[0].refunded_minor));
    expect(BigInt(rows[0].refunded_minor)).toBeLessThanOrEqual(1356n);
    expect(accepted).toBe(BigInt(rows[0].refunded_minor));
  });

  it("answers 404 for another company's order and refund, 409 for an unpaid order, 400 naming bad fields", async () => {
    const order = await paidOrder(acme);
    const refund = (
      await as(acme).post('/api/v1/refunds').set('idempotency-key', randomUUID()).send({ order: order.id, amount: 100 }).expect(201)
    ).body as RefundView;
    const foreign = await as(globex)
      .post('/api/v1/refunds')
      .set('idempotency-key', randomUUID())
      .send({ order: order.id, amount: 100 })
      .expect(404);
    expect(foreign.body).toMatchObject({ message: REFUND_MESSAGES.ORDER_NOT_FOUND, fields: { order: [REFUND_MESSAGES.ORDER_NOT_FOUND] } });
    await as(globex).get(`/api/v1/refunds/${refund.id}`).expect(404);
    expect(((await as(globex).get(`/api/v1/refunds?order=${order.id}`).expect(200)).body as RefundList).data).toEqual([]);
    await as(acme).get('/api/v1/refunds/not-an-id').expect(404);

    const unpaid = (
      await as(acme)
        .post('/api/v1/orders')
        .send({ orderId: `unpaid_${run}`, amount: '5.00', currency: 'usd', recipient: PROVIDER })
        .expect(201)
    ).body as ApiOrderView;
    await as(acme).post('/api/v1/refunds').set('idempotency-key', randomUUID()).send({ order: unpaid.id }).expect(409);

    const bad = await as(acme)
      .post('/api/v1/refunds')
      .set('idempotency-key', randomUUID())
      .send({ order: 'order_1', amount: 12.5, reason: 'x'.repeat(201) })
      .expect(400);
    expect(bad.body.fields).toEqual({ order: [REFUND_MESSAGES.ORDER], amount: [REFUND_MESSAGES.AMOUNT], reason: [REFUND_MESSAGES.REASON] });
    expect(
      (await as(acme).post('/api/v1/refunds').set('idempotency-key', randomUUID()).send({ order: order.id, amount: '100' }).expect(400))
        .body.fields,
    ).toEqual({
      amount: [REFUND_MESSAGES.AMOUNT],
    });
    expect((await as(acme).get('/api/v1/refunds?cursor=forged!').expect(400)).body.fields).toEqual({ cursor: [API_ORDER_MESSAGES.CURSOR] });
    // A read: nothing was refunded by the refused calls.
    expect(((await as(acme).get(`/api/v1/refunds?order=${order.id}`).expect(200)).body as RefundList).data.map((r) => r.id)).toEqual([
      refund.id,
    ]);
  });

  it('lists refunds newest first with a cursor, and gets one', async () => {
    const order = await paidOrder(acme);
    const made: string[] = [];
    for (const amount of [100, 200, 300]) {
      made.push(
        (
          (await as(acme).post('/api/v1/refunds').set('idempotency-key', randomUUID()).send({ order: order.id, amount }).expect(201))
            .body as RefundView
        ).id,
      );
    }
    const first = (await as(acme).get(`/api/v1/refunds?order=${order.id}&limit=2`).expect(200)).body as RefundList;
    expect(first.data.map((r) => r.id)).toEqual([made[2], made[1]]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await as(acme).get(`/api/v1/refunds?order=${order.id}&limit=2&cursor=${first.nextCursor}`).expect(200))
      .body as RefundList;
    expect(second).toEqual({ data: [expect.objectContaining({ id: made[0], amount: 100 })], nextCursor: null });
    expect(((await as(acme).get(`/api/v1/refunds/${made[1]}`).expect(200)).body as RefundView).amount).toBe(200);
  });
});
