import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import request from 'supertest';
import {
  AUTH_MESSAGES,
  PAYEE_AUTH_MESSAGES,
  STATEMENT_CSV_COLUMNS,
  type AcceptQuoteResponse,
  type MailboxMessage,
  type OrderView,
  type PaymentIntentResponse,
  type PrintProvider,
  type ProviderStatement,
  type QuoteResponse,
  type SellerStatement,
} from '@paymarket/contracts';
import { adminCreate, signInNewAdmin } from '@paymarket/onboarding/testing';
import { eventually } from '@paymarket/platform/testing';
import { ipsFrom, startTestApp, type TestApp } from './support/integrator-test-app.js';
import { cookieOf, mailedCode, signInBuyer, signInPayee } from './support/sign-in.js';

jest.setTimeout(240_000);

/** Emulator demo accounts: a seller payout account and the seeded demo print provider's. */
const MAPLE = 'acct_1PMDemoMapleInk0002';
const PRINT_CO = 'acct_1PMDemoPrintCo00001';
/** The seeded demo provider's email; the seller registered below uses it too, so one sign-in opens both. */
const STUDIO_EMAIL = 'payouts@demoprint.example.com';
const ip = ipsFrom('10.49');
const run = `${Date.now()}`;
const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

// ADR 0047 over HTTP: a seller and a print provider sign in to their dashboards by emailed code, read their
// statements of a paid three-way order with a refund and a disputed one, never another payee's; the admin orders
// page's data carries the dispute.
describe('payee sign-in and provider statements over HTTP', () => {
  let t: TestApp;
  let url: string;
  let buyer: string;
  let admin: string;
  let provider: PrintProvider;
  const sellers: Array<{ id: string; token: string; email: string }> = [];
  const orders: { refunded: string; disputed: string } = { refunded: '', disputed: '' };

  const mailbox = async () => (await request(url).get('/api/dev/mailbox?limit=200')).body as MailboxMessage[];

  const sellerProfile = (businessName: string, email: string) => ({
    businessName,
    sellerName: 'Dana Reyes',
    email,
    phone: '4165550100',
    category: 'printing',
    description: 'Letterpress and risograph studio: wedding suites, business cards and small art editions.',
    products: 'Letterpress cards, riso prints',
    pricing: 'From $40 per 100 cards',
    location: 'Toronto, ON',
  });

  async function registerSeller(name: string, email: string): Promise<{ id: string; token: string; email: string }> {
    const res = await request(url)
      .post('/api/register-seller')
      .set('x-forwarded-for', ip())
      .send({ ...sellerProfile(name, email), stripeAccountId: MAPLE })
      .expect(201);
    return { id: res.body.seller.id as string, token: res.body.authToken as string, email };
  }

  /** A request, a three-way quote from `seller` (provider share 46.44 of 100.00), accepted and paid with `card`. */
  async function paidThreeWayOrder(seller: { id: string; token: string }, card: string): Promise<string> {
    const posted = await request(url)
      .post('/api/buyer-requests')
      .set('cookie', buyer)
      .send({
        title: `Cards ${card.slice(-4)} ${run}`,
        description: 'Two-colour letterpress business cards, 500 pieces.',
        category: 'business-cards',
      })
      .expect(201);
    const requestId = posted.body.request.id as string;
    const sent = (
      await request(url)
        .post(`/api/buyer-requests/${requestId}/quotes`)
        .set('authorization', `Bearer ${seller.token}`)
        .set('x-seller-id', seller.id)
        .send({
          amount: '100.00',
          currency: 'usd',
          included: '500 cards, two colours',
          deliveryDate: tomorrow,
          printProviderStripeAccountId: PRINT_CO,
          providerAmount: '46.44',
        })
        .expect(201)
    ).body as QuoteResponse;
    const accepted = (
      await request(url).post(`/api/buyer-requests/${requestId}/quotes/${sent.quote.id}/accept`).set('cookie', buyer).expect(200)
    ).body as AcceptQuoteResponse;
    const intent = (await request(url).post('/api/create-payment-intent').set('cookie', buyer).send(accepted.pay).expect(200))
      .body as PaymentIntentResponse;
    await request(url)
      .post(`/api/payments/${intent.paymentIntentId}/test-card`)
      .set('cookie', buyer)
      .send({ cardNumber: card, expiry: '12/34', cvc: '123' })
      .expect(200);
    return accepted.pay.orderId;
  }

  beforeAll(async () => {
    t = await startTestApp({ seed: true });
    url = t.app.url;
    buyer = await signInBuyer(url, 'Sam', `payee-buyer.${run}@example.com`, ip);
    const adminEmail = `ops.${run}@example.com`;
    const password = 'correct horse battery staple';
    expect(await adminCreate(['--email', adminEmail, '--password', password], { DATABASE_URL: t.databaseUrl })).toBe(0);
    // Password, then the second factor enrolled on this first sign-in (ADR 0072).
    admin = (await signInNewAdmin(url, { email: adminEmail, password, ip: ip() })).cookie;
    provider = ((await request(url).get('/api/print-providers').expect(200)).body as PrintProvider[]).find(
      (p) => p.stripeAccountId === PRINT_CO,
    )!;
    expect(provider).toMatchObject({ name: 'Demo Print Co.', email: STUDIO_EMAIL });
    sellers.push(await registerSeller('Demo Print Studio', STUDIO_EMAIL));
    sellers.push(await registerSeller('Other Studio', `other.${run}@example.com`));
    orders.refunded = await paidThreeWayOrder(sellers[0]!, '4242 4242 4242 4242');
    orders.disputed = await paidThreeWayOrder(sellers[0]!, '4000 0000 0000 0259');
    await request(url)
      .post(`/api/admin/orders/${orders.refunded}/refunds`)
      .set('idempotency-key', randomUUID())
      .set('cookie', admin)
      .send({ amount: '10.00' })
      .expect(201);
    await eventually(
      async () => ((await t.db.query(`SELECT 1 FROM payments.disputes`)).rows.length ? true : undefined),
      15_000,
      'the dispute recorded',
    );
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers every well-formed email alike, emails a code only to an address a profile uses, and keeps no code in the outbox', async () => {
    const nobody = `nobody.${run}@example.com`;
    const unknown = await request(url)
      .post('/api/payee-auth/sign-in/code')
      .set('x-forwarded-for', ip())
      .send({ email: nobody })
      .expect(202);
    expect(unknown.body).toEqual({ message: PAYEE_AUTH_MESSAGES.CODE_SENT });
    const bad = await request(url)
      .post('/api/payee-auth/sign-in/code')
      .set('x-forwarded-for', ip())
      .send({ email: 'not-an-email' })
      .expect(400);
    expect(bad.body.fields).toEqual({ email: [AUTH_MESSAGES.EMAIL_INVALID] });

    // Mixed case: profiles are matched on the normalised address.
    const known = await request(url)
      .post('/api/payee-auth/sign-in/code')
      .set('x-forwarded-for', ip())
      .send({ email: ' Payouts@DemoPrint.example.com ' })
      .expect(202);
    expect(known.body).toEqual(unknown.body);
    const again = await request(url)
      .post('/api/payee-auth/sign-in/code')
      .set('x-forwarded-for', ip())
      .send({ email: STUDIO_EMAIL })
      .expect(429);
    expect(again.body.message).toBe(AUTH_MESSAGES.RESEND_TOO_SOON);
    expect(again.headers['retry-after']).toBeDefined();

    const code = await mailedCode(url, STUDIO_EMAIL, 'the dashboard code');
    const mail = (await mailbox()).find((m) => m.to === STUDIO_EMAIL && m.subject.includes(code))!;
    expect(mail.text).toContain('- Seller: Demo Print Studio');
    expect(mail.text).toContain('- Print provider: Demo Print Co.');
    expect((await mailbox()).some((m) => m.to === nobody)).toBe(false);
    const outbox = await eventually(
      async () => {
        const { rows } = await t.db.query(`SELECT payload, sent_at FROM onboarding.outbox WHERE name = 'payee_sign_in.code_requested'`);
        return rows.length === 1 && rows[0].sent_at ? rows : undefined;
      },
      10_000,
      'the code event published',
    );
    expect(outbox[0].payload).not.toHaveProperty('code');

    // The unknown email's row never signs in, whatever the code.
    const wrong = await request(url)
      .post('/api/payee-auth/sign-in/verify')
      .set('x-forwarded-for', ip())
      .send({ email: nobody, code })
      .expect(401);
    expect(wrong.body.message).toBe(AUTH_MESSAGES.CODE_INVALID);
    const other = code === '000000' ? '111111' : '000000';
    expect(
      (
        await request(url)
          .post('/api/payee-auth/sign-in/verify')
          .set('x-forwarded-for', ip())
          .send({ email: STUDIO_EMAIL, code: other })
          .expect(401)
      ).body.message,
    ).toBe(AUTH_MESSAGES.CODE_INVALID);
  });

  it('signs a payee in, lists its profiles, opens its seller and provider statements (JSON and CSV) and signs out', async () => {
    const [studio, otherStudio] = sellers as [(typeof sellers)[0], (typeof sellers)[0]];
    // The code of the test above still stands (one wrong try): it signs in now.
    const code = await mailedCode(url, STUDIO_EMAIL);
    const verified = await request(url)
      .post('/api/payee-auth/sign-in/verify')
      .set('x-forwarded-for', ip())
      .send({ email: STUDIO_EMAIL, code })
      .expect(200);
    const setCookie = String(verified.headers['set-cookie']);
    expect(setCookie).toMatch(/^pm_payee_session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const payee = cookieOf(verified);
    const signedIn = {
      email: STUDIO_EMAIL,
      sellers: [{ id: studio.id, businessName: 'Demo Print Studio' }],
      providers: [{ id: provider.id, name: 'Demo Print Co.' }],
    };
    expect(verified.body).toEqual({ payee: signedIn });
    // Single use.
    await request(url).post('/api/payee-auth/sign-in/verify').set('x-forwarded-for', ip()).send({ email: STUDIO_EMAIL, code }).expect(401);

    expect((await request(url).get('/api/payee-auth/session').set('cookie', payee).expect(200)).body).toEqual({ payee: signedIn });
    expect((await request(url).get('/api/payee-auth/me').set('cookie', payee).expect(200)).body).toEqual({ payee: signedIn });
    expect((await request(url).get('/api/payee-auth/session').expect(200)).body).toEqual({ payee: null });
    expect((await request(url).get('/api/payee-auth/me').expect(401)).body.message).toBe(PAYEE_AUTH_MESSAGES.SIGN_IN_REQUIRED);
    // A buyer's session is no payee session.
    await request(url)
      .get('/api/payee-auth/me')
      .set('cookie', buyer.replace(/^pm_session=/, 'pm_payee_session='))
      .expect(401);

    // The seller statement with the session, as with the edit token.
    const mine = (await request(url).get(`/api/sellers/${studio.id}/statement`).set('cookie', payee).expect(200)).body as SellerStatement;
    const byToken = (
      await request(url).get(`/api/sellers/${studio.id}/statement`).set('authorization', `Bearer ${studio.token}`).expect(200)
    ).body as SellerStatement;
    expect(mine).toEqual(byToken);
    expect(mine.lines.map((l) => l.orderId).sort()).toEqual([orders.disputed, orders.refunded].sort());
    expect(mine.lines.find((l) => l.orderId === orders.disputed)).toMatchObject({
      yourShareMinor: '5356',
      providerShareMinor: '4644',
      dispute: { status: 'needs_response', disputedMinor: '10356', yourDisputedMinor: '5356' },
    });

    // The provider statement: its share, its part of the refund's recorded allocation and of the dispute.
    const { rows } = await t.db.query(
      `SELECT r.allocation FROM payments.refunds r JOIN payments.orders o ON o.id = r.order_id WHERE o.order_id = $1`,
      [orders.refunded],
    );
    const providerPart = (rows[0].allocation as Array<{ party: string; amount: string }>).find((a) => a.party === 'provider')!.amount;
    expect(Number(providerPart)).toBeGreaterThan(0);
    const statement = (await request(url).get(`/api/providers/${provider.id}/statement`).set('cookie', payee).expect(200))
      .body as ProviderStatement;
    expect(statement).toMatchObject({ providerId: provider.id, from: null, to: null, payoutAccount: { ready: true } });
    expect(statement.lines.map((l) => l.orderId).sort()).toEqual([orders.disputed, orders.refunded].sort());
    expect(statement.lines.find((l) => l.orderId === orders.refunded)).toMatchObject({
      status: 'partially_refunded',
      yourShareMinor: '4644',
      refundedMinor: '1000',
      yourRefundsMinor: providerPart,
      netMinor: String(4644 - Number(providerPart)),
      dispute: null,
    });
    expect(statement.lines.find((l) => l.orderId === orders.disputed)).toMatchObject({
      yourShareMinor: '4644',
      dispute: { status: 'needs_response', disputedMinor: '10356', yourDisputedMinor: '4644' },
      netMinor: '4644',
    });
    expect(statement.totals).toEqual([
      {
        month: new Date().toISOString().slice(0, 7),
        currency: 'usd',
        orders: 2,
        yourShareMinor: '9288',
        yourRefundsMinor: providerPart,
        yourHeldMinor: '4644',
        yourLostMinor: '0',
        netMinor: String(9288 - Number(providerPart)),
      },
    ]);
    const csv = await request(url).get(`/api/providers/${provider.id}/statement?format=csv`).set('cookie', payee).expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const csvLines = csv.text.trim().split('\r\n');
    expect(csvLines[0]).toBe(STATEMENT_CSV_COLUMNS.join(','));
    expect(csvLines.find((l) => l.startsWith(orders.disputed))).toContain(',needs_response,103.56,46.44,46.44');
    const bad = await request(url).get(`/api/providers/${provider.id}/statement?to=2026-1`).set('cookie', payee).expect(400);
    expect(Object.keys(bad.body.fields)).toEqual(['to']);
    const empty = (
      await request(url).get(`/api/providers/${provider.id}/statement?from=2001-01&to=2001-12`).set('cookie', payee).expect(200)
    ).body as ProviderStatement;
    expect(empty).toMatchObject({ lines: [], totals: [], from: '2001-01', to: '2001-12' });

    // Another payee: its own seller statement, never this one's, nor the provider's.
    const { cookie: stranger, session } = await signInPayee(url, otherStudio.email, ip);
    expect(session.payee).toEqual({
      email: otherStudio.email,
      sellers: [{ id: otherStudio.id, businessName: 'Other Studio' }],
      providers: [],
    });
    await request(url).get(`/api/sellers/${otherStudio.id}/statement`).set('cookie', stranger).expect(200);
    for (const path of [
      `/api/sellers/${studio.id}/statement`,
      `/api/providers/${provider.id}/statement`,
      `/api/providers/${provider.id}/statement?format=csv`,
    ]) {
      expect((await request(url).get(path).set('cookie', stranger).expect(403)).body.message).toBe(PAYEE_AUTH_MESSAGES.NOT_YOURS);
      await request(url).get(path).expect(401);
    }
    // An edit token decides alone (another seller's: 403), and a seller's token opens no provider statement.
    await request(url)
      .get(`/api/sellers/${studio.id}/statement`)
      .set('authorization', `Bearer ${otherStudio.token}`)
      .set('cookie', payee)
      .expect(403);
    await request(url).get(`/api/providers/${provider.id}/statement`).set('authorization', `Bearer ${studio.token}`).expect(401);

    // An email change takes effect at once: the stranger's session loses its only profile.
    await request(url)
      .put(`/api/sellers/${otherStudio.id}`)
      .set('authorization', `Bearer ${otherStudio.token}`)
      .send(sellerProfile('Other Studio', `moved.${run}@example.com`))
      .expect(200);
    expect((await request(url).get('/api/payee-auth/session').set('cookie', stranger).expect(200)).body).toEqual({ payee: null });
    await request(url).get(`/api/sellers/${otherStudio.id}/statement`).set('cookie', stranger).expect(401);

    // Signing in again from this browser (here as the moved address) ends the session it had: ids rotate.
    const moved = await signInPayee(url, `moved.${run}@example.com`, ip, stranger);
    expect(moved.cookie).not.toBe(stranger);
    const { rows: rotated } = await t.db.query(
      `SELECT count(*) FILTER (WHERE revoked_at IS NOT NULL)::int AS revoked, count(*)::int AS n FROM onboarding.sessions WHERE subject_id = $1`,
      [otherStudio.email],
    );
    expect(rotated[0]).toEqual({ revoked: 1, n: 1 });
    await request(url).get(`/api/sellers/${otherStudio.id}/statement`).set('cookie', moved.cookie).expect(200);

    const out = await request(url).post('/api/payee-auth/sign-out').set('cookie', payee).expect(200);
    expect(out.body).toEqual({ message: AUTH_MESSAGES.SIGNED_OUT });
    expect(String(out.headers['set-cookie'])).toMatch(/^pm_payee_session=;/);
    await request(url).get('/api/payee-auth/me').set('cookie', payee).expect(401);
    await request(url).get(`/api/providers/${provider.id}/statement`).set('cookie', payee).expect(401);
  });

  it("shows each order's dispute on the admin orders page and the buyer's orders, in one shape", async () => {
    const all = (await request(url).get('/api/admin/orders').set('cookie', admin).expect(200)).body as OrderView[];
    expect(all.find((o) => o.orderId === orders.disputed)!.dispute).toEqual({
      status: 'needs_response',
      amount: '103.56',
      reason: 'fraudulent',
    });
    expect(all.find((o) => o.orderId === orders.refunded)!.dispute).toBeNull();
    const mine = (await request(url).get('/api/orders').set('cookie', buyer).expect(200)).body as OrderView[];
    expect(mine.find((o) => o.orderId === orders.disputed)!.dispute).toMatchObject({ status: 'needs_response', amount: '103.56' });
  });
});
