import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import request from 'supertest';
import {
  QUOTE_ERRORS,
  QUOTE_MESSAGES,
  type AcceptQuoteResponse,
  type MailboxMessage,
  type PaymentIntentResponse,
  type QuoteListResponse,
  type QuoteResponse,
} from '@paymarket/contracts';
import { eventually } from '@paymarket/platform/testing';
import { ipsFrom, startTestApp, type TestApp } from './support/integrator-test-app.js';
import { payWithTestCard, registerSeller as register, sellerProfile } from './support/payments.js';
import { signInAdmin, signInBuyer } from './support/sign-in.js';

jest.setTimeout(180_000);

/** Emulator demo accounts: a seller payout account and the demo print provider. */
const MAPLE = 'acct_1PMDemoMapleInk0002';
const PRINT_CO = 'acct_1PMDemoPrintCo00001';
const ip = ipsFrom('10.45');
const run = `${Date.now()}`;
const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

// ADR 0045 end to end over HTTP: a seller quotes on a buyer request, the owner accepts (one order, however often),
// pays it with a test card, and the request is fulfilled; every step emails the parties.
describe('quotes on buyer requests over HTTP', () => {
  let t: TestApp;
  let url: string;
  let owner: string;
  let stranger: string;
  let adminCookie: string;
  const sellers: Array<{ id: string; token: string; email: string }> = [];

  const mailbox = async () => (await request(url).get('/api/dev/mailbox?limit=200')).body as MailboxMessage[];
  const mailTo = (to: string, subject: RegExp) =>
    eventually(async () => (await mailbox()).find((m) => m.to === to && subject.test(m.subject)), 15_000, `${String(subject)} to ${to}`);

  const signIn = (name: string) => signInBuyer(url, name, `${name}.${run}@example.com`, ip);

  async function registerSeller(n: number): Promise<{ id: string; token: string; email: string }> {
    const email = `studio${n}.${run}@example.com`;
    const res = await register(url, ip, sellerProfile({ businessName: `Studio ${n}`, email, stripeAccountId: MAPLE }));
    return { id: res.seller.id, token: res.authToken, email };
  }

  async function postRequest(cookie: string, title: string): Promise<string> {
    const res = await request(url)
      .post('/api/buyer-requests')
      .set('cookie', cookie)
      .send({ title, description: 'Two-colour letterpress business cards, 500 pieces.', category: 'business-cards', budget: '$100-200' })
      .expect(201);
    return res.body.request.id as string;
  }

  const quote = (requestId: string, seller: { id: string; token: string }, body: Record<string, unknown>) =>
    request(url)
      .post(`/api/buyer-requests/${requestId}/quotes`)
      .set('authorization', `Bearer ${seller.token}`)
      .set('x-seller-id', seller.id)
      .send({ currency: 'usd', included: '500 cards, two colours, shipping to Toronto', deliveryDate: tomorrow, ...body });

  beforeAll(async () => {
    t = await startTestApp();
    url = t.app.url;
    owner = await signIn('owner');
    stranger = await signIn('stranger');
    for (const n of [1, 2, 3]) sellers.push(await registerSeller(n));
    adminCookie = await signInAdmin(url, t.databaseUrl, ip);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('refuses bad quotes with field-named 400s, sellers without a token (401) and unknown requests (404)', async () => {
    const requestId = await postRequest(owner, 'Cards for validation');
    const [s1] = sellers;
    const bad = await quote(requestId, s1!, {
      amount: '12.345',
      currency: 'eur',
      included: 'short',
      deliveryDate: '2001-01-01',
      printProviderStripeAccountId: 'not-an-account',
    }).expect(400);
    expect(bad.body.fields).toEqual({
      amount: [QUOTE_MESSAGES.AMOUNT],
      currency: [QUOTE_MESSAGES.CURRENCY],
      included: [QUOTE_MESSAGES.INCLUDED],
      deliveryDate: [QUOTE_MESSAGES.DELIVERY_DATE],
      printProviderStripeAccountId: [QUOTE_MESSAGES.PROVIDER],
    });
    const share = await quote(requestId, s1!, { amount: '50.00', printProviderStripeAccountId: PRINT_CO, providerAmount: '50.00' }).expect(
      400,
    );
    expect(share.body.fields).toEqual({ providerAmount: [QUOTE_MESSAGES.PROVIDER_AMOUNT] });
    const orphanShare = await quote(requestId, s1!, { amount: '50.00', providerAmount: '10.00' }).expect(400);
    expect(orphanShare.body.fields).toEqual({ providerAmount: [QUOTE_MESSAGES.PROVIDER_AMOUNT_WITHOUT_PROVIDER] });
    await request(url).post(`/api/buyer-requests/${requestId}/quotes`).send({ amount: '50.00' }).expect(401);
    await quote(requestId, { id: s1!.id, token: 'wrong' }, { amount: '50.00' }).expect(401);
    await quote('00000000-0000-4000-8000-000000000000', s1!, { amount: '50.00' }).expect(404);
    await quote('not-a-uuid', s1!, { amount: '50.00' }).expect(404);
  });

  it('quote → list → decline → accept twice (one order) → pay → request fulfilled, emails to every party, ledger clean', async () => {
    const title = `Wedding cards ${run}`;
    const requestId = await postRequest(owner, title);
    const [s1, s2, s3] = sellers;

    const sent = (
      await quote(requestId, s1!, { amount: '100.00', printProviderStripeAccountId: PRINT_CO, providerAmount: '46.44' }).expect(201)
    ).body as QuoteResponse;
    expect(sent.quote).toMatchObject({
      status: 'sent',
      amount: '100.00',
      amountMinor: '10000',
      currency: 'usd',
      deliveryDate: tomorrow,
      seller: { id: s1!.id, businessName: 'Studio 1' },
      provider: { stripeAccountId: PRINT_CO, amount: '46.44', amountMinor: '4644' },
      orderId: null,
    });
    expect((await quote(requestId, s1!, { amount: '90.00' }).expect(409)).body.message).toBe(QUOTE_ERRORS.ALREADY_QUOTED);
    const second = (await quote(requestId, s2!, { amount: '80.00', currency: 'cad' }).expect(201)).body as QuoteResponse;
    const third = (await quote(requestId, s3!, { amount: '120.00' }).expect(201)).body as QuoteResponse;
    expect((await mailTo(`owner.${run}@example.com`, /^New quote from Studio 1/)).text).toContain('$100.00 USD');

    // Only the owner sees, accepts or declines.
    const base = `/api/buyer-requests/${requestId}/quotes`;
    await request(url).get(base).expect(401);
    await request(url).get(base).set('cookie', stranger).expect(403);
    await request(url).post(`${base}/${sent.quote.id}/accept`).set('cookie', stranger).expect(403);
    await request(url).post(`${base}/${sent.quote.id}/decline`).set('cookie', stranger).send({}).expect(403);
    const listed = (await request(url).get(base).set('cookie', owner).expect(200)).body as QuoteListResponse;
    expect(listed.requestStatus).toBe('open');
    expect(listed.quotes.map((q) => q.id)).toEqual([sent.quote.id, second.quote.id, third.quote.id]);

    // The buyer asks, only the quote's seller answers; each is emailed to the other party.
    await request(url).post(`${base}/${sent.quote.id}/questions`).set('cookie', stranger).send({ message: 'Hi?' }).expect(403);
    const emptyQuestion = await request(url)
      .post(`${base}/${sent.quote.id}/questions`)
      .set('cookie', owner)
      .send({ message: ' ' })
      .expect(400);
    expect(emptyQuestion.body.fields).toEqual({ message: [QUOTE_MESSAGES.MESSAGE] });
    await request(url)
      .post(`${base}/${sent.quote.id}/questions`)
      .set('cookie', owner)
      .send({ message: 'Can you do matte paper?' })
      .expect(201);
    const answerAs = (seller: { id: string; token: string }) =>
      request(url).post(`${base}/${sent.quote.id}/answers`).set('authorization', `Bearer ${seller.token}`).set('x-seller-id', seller.id);
    await answerAs(s2!).send({ message: 'Yes' }).expect(403);
    await answerAs(s1!).send({ message: 'Yes, at no extra cost.' }).expect(201);
    expect((await mailTo(s1!.email, /^A question about your quote/)).text).toContain('Can you do matte paper?');
    expect((await mailTo(`owner.${run}@example.com`, /^Studio 1 answered/)).text).toContain('Yes, at no extra cost.');
    const withMessages = (await request(url).get(base).set('cookie', owner).expect(200)).body as QuoteListResponse;
    expect(withMessages.quotes[0]!.messages.map((m) => [m.author, m.message])).toEqual([
      ['buyer', 'Can you do matte paper?'],
      ['seller', 'Yes, at no extra cost.'],
    ]);

    const tooLong = await request(url)
      .post(`${base}/${third.quote.id}/decline`)
      .set('cookie', owner)
      .send({ reason: 'x'.repeat(501) })
      .expect(400);
    expect(tooLong.body.fields).toEqual({ reason: [QUOTE_MESSAGES.REASON] });
    const declined = await request(url)
      .post(`${base}/${third.quote.id}/decline`)
      .set('cookie', owner)
      .send({ reason: 'Over budget' })
      .expect(200);
    expect(declined.body.quote).toMatchObject({ status: 'declined', declineReason: 'Over budget' });
    expect((await mailTo(s3!.email, /was declined$/)).text).toContain('Over budget');
    await request(url).post(`${base}/${third.quote.id}/accept`).set('cookie', owner).expect(409);

    // Accepting twice (even at once) creates one order.
    const [a, b] = await Promise.all([
      request(url).post(`${base}/${sent.quote.id}/accept`).set('cookie', owner),
      request(url).post(`${base}/${sent.quote.id}/accept`).set('cookie', owner),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const accepted = a.body as AcceptQuoteResponse;
    expect(b.body.pay).toEqual(accepted.pay);
    expect(accepted.quote.status).toBe('accepted');
    expect(accepted.pay).toEqual({
      orderId: `quote_${sent.quote.id}`,
      amount: '100.00',
      currency: 'usd',
      printProviderStripeAccountId: `seller_${s1!.id}`,
    });
    expect(accepted.payUrl).toBe(`/payment?orderId=quote_${sent.quote.id}`);
    const orders = await t.db.query(`SELECT split FROM payments.orders WHERE order_id = $1`, [accepted.pay.orderId]);
    expect(orders.rows).toHaveLength(1);
    expect(orders.rows[0].split.lines).toEqual([
      { party: 'platform', amount: '356' },
      { party: 'seller', amount: '5356', stripeAccountId: MAPLE, displayName: 'Studio 1' },
      // The provider's name is shown when an approved print provider has the account (none in this database).
      { party: 'provider', amount: '4644', stripeAccountId: PRINT_CO },
    ]);
    expect((await request(url).post(`${base}/${second.quote.id}/accept`).set('cookie', owner).expect(409)).body.message).toBe(
      QUOTE_ERRORS.ANOTHER_ACCEPTED,
    );
    await mailTo(s1!.email, /was accepted$/);

    // The buyer pays it like any order on /payment.
    const intent = (await request(url).post('/api/create-payment-intent').set('cookie', owner).send(accepted.pay).expect(200))
      .body as PaymentIntentResponse;
    expect(intent.breakdown).toEqual({ sellerGets: '100.00', paymarketGets: '3.56', total: '103.56', currency: 'usd' });
    const paid = await payWithTestCard(url, owner, intent.paymentIntentId).expect(200);
    expect(paid.body).toMatchObject({ paymentStatus: 'succeeded', orderStatus: 'completed' });

    const fulfilled = await eventually(
      async () => {
        const list = (await request(url).get(base).set('cookie', owner).expect(200)).body as QuoteListResponse;
        return list.requestStatus === 'fulfilled' ? list : undefined;
      },
      15_000,
      'the request fulfilled',
    );
    expect(fulfilled.quotes.map((q) => q.status)).toEqual(['paid', 'closed', 'declined']);
    expect((await mailTo(s1!.email, /is paid: you can start$/)).text).toContain('$100.00 USD');
    expect((await mailTo(s2!.email, /went to another seller$/)).text).toContain('chose another quote');
    const transfers = await eventually(
      async () => {
        const { rows } = await t.db.query(
          `SELECT t.party, t.destination, t.amount_minor FROM payments.transfers t JOIN payments.orders o ON o.id = t.order_id
           WHERE o.order_id = $1 ORDER BY t.party`,
          [accepted.pay.orderId],
        );
        return rows.length === 2 ? rows : undefined;
      },
      15_000,
      'both transfers',
    );
    expect(transfers).toEqual([
      { party: 'provider', destination: PRINT_CO, amount_minor: '4644' },
      { party: 'seller', destination: MAPLE, amount_minor: '5356' },
    ]);
    const report = await request(url).get('/api/admin/ledger/verify').set('cookie', adminCookie).expect(200);
    expect(report.body).toMatchObject({ ok: true, problems: [] });

    // A closed (fulfilled) request takes no more quotes; accepting the paid quote again still answers its order.
    expect((await quote(requestId, s2!, { amount: '70.00' }).expect(409)).body.message).toBe(QUOTE_ERRORS.REQUEST_CLOSED);
    const again = await request(url).post(`${base}/${sent.quote.id}/accept`).set('cookie', owner).expect(200);
    expect(again.body.pay.orderId).toBe(accepted.pay.orderId);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM payments.orders WHERE order_id = $1`, [accepted.pay.orderId])).rows[0].n).toBe(
      1,
    );
  });

  it('refuses a quote on a deleted request (404) and an accept when the seller cannot be paid (quote stays open)', async () => {
    const gone = await postRequest(owner, 'Deleted request');
    await request(url).delete(`/api/buyer-requests/${gone}`).set('cookie', owner).expect(200);
    expect((await quote(gone, sellers[0]!, { amount: '20.00' }).expect(404)).body.message).toBe(QUOTE_ERRORS.REQUEST_NOT_FOUND);

    // A seller who removed their payout account: payments refuses the order, the quote is still "sent".
    const requestId = await postRequest(owner, 'Unpayable seller');
    const s = await registerSeller(4);
    const sent = (await quote(requestId, s, { amount: '20.00' }).expect(201)).body as QuoteResponse;
    await request(url)
      .put(`/api/sellers/${s.id}`)
      .set('authorization', `Bearer ${s.token}`)
      .set('x-forwarded-for', ip())
      .send({
        businessName: 'Studio 4',
        sellerName: 'Lou Tremblay',
        email: s.email,
        phone: '4165550100',
        category: 'printing',
        description: 'Letterpress and risograph studio.',
        products: 'Letterpress cards',
        pricing: 'From $40',
        location: 'Montreal, QC',
        stripeAccountId: '',
      })
      .expect(200);
    const refused = await request(url).post(`/api/buyer-requests/${requestId}/quotes/${sent.quote.id}/accept`).set('cookie', owner);
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ seller: [expect.stringContaining('Studio 4')] });
    const list = (await request(url).get(`/api/buyer-requests/${requestId}/quotes`).set('cookie', owner).expect(200))
      .body as QuoteListResponse;
    expect(list.quotes[0]).toMatchObject({ status: 'sent', orderId: null });
  });
});
