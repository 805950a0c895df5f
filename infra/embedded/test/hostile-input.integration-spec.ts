import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import request from 'supertest';
import { BODY_MESSAGES, PAYMENT_MESSAGES, REFUND_MESSAGES } from '@paymarket/contracts';
import { adminCreate, signInNewAdmin } from '@paymarket/onboarding/testing';
import { eventually } from '@paymarket/platform/testing';
import type { EmbeddedPayMarket } from '../src/start-embedded.js';
import { approvedCompany, ipsFrom, startTestApp, type ApprovedCompany, type TestApp } from './support/integrator-test-app.js';

jest.setTimeout(120_000);

const freshIp = ipsFrom('10.97');

/** `{"email": {"email": … "x" …}}`, `depth` levels deep, as raw JSON text (no recursion to build it). */
function nested(depth: number): string {
  return `${'{"email":'.repeat(depth)}"x"${'}'.repeat(depth)}`;
}

// Issue 12's defects found as an attacker would: bad input always gets a 4xx naming the field, never a 500.
describe('hostile input answers a clear 4xx, never a 500', () => {
  let testApp: TestApp;
  let app: EmbeddedPayMarket;
  let acme: ApprovedCompany;
  let adminCookie: string;
  const run = Date.now().toString(36);

  beforeAll(async () => {
    testApp = await startTestApp();
    app = testApp.app;
    acme = await approvedCompany(app.url, 'Acme Hostile', freshIp(), run);
    const email = `hostile.${run}@example.com`;
    const password = 'correct horse battery staple';
    expect(await adminCreate(['--email', email, '--password', password], { DATABASE_URL: testApp.databaseUrl })).toBe(0);
    // Password, then the second factor enrolled on this first sign-in (ADR 0072).
    adminCookie = (await signInNewAdmin(app.url, { email, password, ip: freshIp() })).cookie;
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('refuses a NUL byte in any text field, naming the field, and stores nothing', async () => {
    const buyer = await request(app.url)
      .post('/api/register-buyer')
      .set('x-forwarded-for', freshIp())
      .send({ name: 'a\u0000b', email: `nul.${run}@example.com` })
      .expect(400);
    expect(buyer.body.fields).toEqual({ name: [BODY_MESSAGES.NUL('name')] });
    const stored = await testApp.db.query(`SELECT count(*)::int AS n FROM onboarding.buyers WHERE email = $1`, [`nul.${run}@example.com`]);
    expect(stored.rows[0].n).toBe(0);

    const order = await request(app.url)
      .post('/api/v1/orders')
      .set('authorization', `Bearer ${acme.secretKey}`)
      .send({ orderId: `nul_${run}`, amount: '5.00', currency: 'usd', recipient: 'acct_1PMDemoPrintCo00001', description: 'x\u0000' })
      .expect(400);
    expect(order.body.fields).toEqual({ description: [BODY_MESSAGES.NUL('description')] });

    const marketplace = await request(app.url)
      .post('/api/setup-marketplace')
      .set('x-forwarded-for', freshIp())
      .send({ companyName: 'Nul\u0000 Market' })
      .expect(400);
    expect(marketplace.body.fields).toEqual({ companyName: [BODY_MESSAGES.NUL('companyName')] });
  });

  it('refuses a body nested thousands of levels deep', async () => {
    for (const path of ['/api/auth/sign-in/code', '/api/register-buyer', '/api/request-api-access']) {
      const response = await request(app.url)
        .post(path)
        .set('x-forwarded-for', freshIp())
        .set('content-type', 'application/json')
        .send(nested(5000))
        .expect(400);
      expect(response.body.fields).toEqual({ body: [BODY_MESSAGES.TOO_DEEP] });
    }
  });

  it('refuses a null refund amount instead of failing (or refunding everything)', async () => {
    const admin = await request(app.url)
      .post('/api/admin/orders/00000000-0000-4000-8000-000000000001/refunds')
      .set('idempotency-key', randomUUID())
      .set('cookie', adminCookie)
      .send({ amount: null })
      .expect(400);
    expect(admin.body.fields).toEqual({ amount: [PAYMENT_MESSAGES.INVALID_AMOUNT] });
    const company = await request(app.url)
      .post('/api/v1/refunds')
      .set('idempotency-key', randomUUID())
      .set('authorization', `Bearer ${acme.secretKey}`)
      .send({ order: '00000000-0000-4000-8000-000000000001', amount: null })
      .expect(400);
    expect(company.body.fields).toEqual({ amount: [REFUND_MESSAGES.AMOUNT] });
  });

  it('answers concurrent test-card confirmations of one payment with its state, never a 500', async () => {
    const auth = { authorization: `Bearer ${acme.secretKey}` };
    const order = (
      await request(app.url)
        .post('/api/v1/orders')
        .set(auth)
        .send({ orderId: `twice_${run}`, amount: '5.00', currency: 'usd', recipient: 'acct_1PMDemoPrintCo00001' })
        .expect(201)
    ).body as { id: string };
    const intent = (await request(app.url).post(`/api/v1/orders/${order.id}/payment-intent`).set(auth).expect(200)).body as {
      paymentIntentId: string;
    };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        request(app.url).post(`/api/v1/payments/${intent.paymentIntentId}/test-card`).set(auth).send({ cardNumber: '4242 4242 4242 4242' }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ paymentStatus: 'succeeded', orderStatus: 'completed' });
    }
    const paidAgain = await request(app.url)
      .post(`/api/v1/payments/${intent.paymentIntentId}/test-card`)
      .set(auth)
      .send({ cardNumber: '4242 4242 4242 4242' });
    expect(paidAgain.status).toBe(200);
    const charges = await testApp.db.query(
      `SELECT count(*)::int AS n FROM payments.ledger_entries WHERE order_id = $1 AND kind = 'charge'`,
      [order.id],
    );
    expect(charges.rows[0].n).toBeLessThanOrEqual(1);
  });

  it('keeps no sign-in code or one-time link in the outbox once the event is published', async () => {
    const email = `outbox.${run}@example.com`;
    await request(app.url).post('/api/register-buyer').set('x-forwarded-for', freshIp()).send({ name: 'Ada', email }).expect(201);
    await request(app.url).post('/api/auth/sign-in/code').set('x-forwarded-for', freshIp()).send({ email }).expect(202);
    await request(app.url)
      .post('/api/account-deletion-requests')
      .set('x-forwarded-for', freshIp())
      .send({ email, confirmation: 'DELETE' })
      .expect(202);
    const rows = await eventually(
      async () => {
        const { rows } = await testApp.db.query(
          `SELECT name, payload, sent_at FROM onboarding.outbox
            WHERE payload->>'email' = $1 AND name IN ('sign_in.code_requested', 'account.deletion_confirmation_requested')`,
          [email],
        );
        return rows.length === 2 && rows.every((r) => r.sent_at) ? rows : undefined;
      },
      10_000,
      'both events published',
    );
    for (const row of rows) {
      expect(row.payload).not.toHaveProperty('code');
      expect(row.payload).not.toHaveProperty('path');
      expect(row.payload.email).toBe(email);
    }
    // The email itself still went out with the code.
    const mails = (await request(app.url).get('/api/dev/mailbox?limit=200').expect(200)).body as Array<{ to: string; subject: string }>;
    expect(mails.some((m) => m.to === email && /sign-in code: \d{6}/.test(m.subject))).toBe(true);
  });

  it('answers the web app’s session checks with null when signed out (no error status), and the person when signed in', async () => {
    expect((await request(app.url).get('/api/auth/session').expect(200)).body).toEqual({ buyer: null });
    expect((await request(app.url).get('/api/admin/session').expect(200)).body).toEqual({ admin: null });
    expect(
      (
        await request(app.url)
          .get('/api/auth/session')
          .set('cookie', 'pm_session=' + 'x'.repeat(43))
          .expect(200)
      ).body,
    ).toEqual({ buyer: null });
    const admin = (await request(app.url).get('/api/admin/session').set('cookie', adminCookie).expect(200)).body as {
      admin: { email: string };
    };
    expect(admin.admin.email).toBe(`hostile.${run}@example.com`);
    // The guarded routes still refuse.
    await request(app.url).get('/api/auth/me').expect(401);
  });

  it('answers API calls with Cache-Control: no-store', async () => {
    const account = await request(app.url).get('/api/v1/account').set('authorization', `Bearer ${acme.secretKey}`).expect(200);
    expect(account.headers['cache-control']).toBe('no-store');
    const refused = await request(app.url).get('/api/v1/account').expect(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});
