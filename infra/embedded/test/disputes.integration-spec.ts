import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import request from 'supertest';
import { type EventList, type MailboxMessage } from '@paymarket/contracts';
import { eventually } from '@paymarket/platform/testing';
import { approvedCompany, ipsFrom, startTestApp, type TestApp } from './support/integrator-test-app.js';
import { orderAndIntent, orderAndPay, payWithTestCard, registerSeller, sellerProfile } from './support/payments.js';
import { signInAdmin, signInBuyer } from './support/sign-in.js';

jest.setTimeout(180_000);

const MAPLE = 'acct_1PMDemoMapleInk0002';
const DISPUTE_CARD = '4000 0000 0000 0259';
const ip = ipsFrom('10.46');
const run = `${Date.now()}`;

// ADR 0045: Stripe's dispute test card, end to end. The emulator disputes the charge (charge.dispute.created), payments
// records it, moves the amount in the ledger, freezes refunds, tells the seller and the order's company; closing the
// dispute (lost) books the loss. The ledger verifies clean at every step.
describe('card disputes over HTTP with the Stripe emulator', () => {
  let t: TestApp;
  let url: string;
  let buyer: string;
  let admin: string;
  let seller: { id: string; email: string };

  const mailbox = async () => (await request(url).get('/api/dev/mailbox?limit=200')).body as MailboxMessage[];
  const mailTo = (to: string, subject: RegExp) =>
    eventually(async () => (await mailbox()).find((m) => m.to === to && subject.test(m.subject)), 15_000, `${String(subject)} to ${to}`);
  const ledgerClean = async () =>
    expect((await request(url).get('/api/admin/ledger/verify').set('cookie', admin).expect(200)).body).toMatchObject({
      ok: true,
      problems: [],
    });
  const disputeOf = (orderId: string) =>
    t.db.query(
      `SELECT d.stripe_dispute_id, d.status, d.amount_minor, d.reason FROM payments.disputes d JOIN payments.orders o ON o.id = d.order_id
       WHERE o.order_id = $1`,
      [orderId],
    );
  const entriesOf = async (orderId: string) =>
    (
      await t.db.query(
        `SELECT e.kind, p.account, p.amount_minor FROM payments.ledger_entries e JOIN payments.ledger_postings p ON p.entry_id = e.id
         JOIN payments.orders o ON o.id = e.order_id WHERE o.order_id = $1 AND e.kind LIKE 'dispute%' ORDER BY e.created_at, p.account`,
        [orderId],
      )
    ).rows;

  beforeAll(async () => {
    t = await startTestApp();
    url = t.app.url;
    buyer = await signInBuyer(url, 'Dee', `disputer.${run}@example.com`, ip);
    admin = await signInAdmin(url, t.databaseUrl, ip);
    const sellerEmail = `maple.${run}@example.com`;
    const registered = await registerSeller(url, ip, sellerProfile({ email: sellerEmail, stripeAccountId: MAPLE }));
    seller = { id: registered.seller.id, email: sellerEmail };
  });

  afterAll(async () => {
    await t?.close();
  });

  it('the dispute test card: recorded, amount held in the ledger, refunds frozen (409), seller emailed; lost → loss booked', async () => {
    const orderId = `disputed_${run}`;
    const body = { orderId, amount: '40.00', currency: 'usd', printProviderStripeAccountId: `seller_${seller.id}` };
    const intent = await orderAndIntent(url, buyer, body);
    const paid = await payWithTestCard(url, buyer, intent.paymentIntentId, DISPUTE_CARD).expect(200);
    expect(paid.body).toMatchObject({ paymentStatus: 'succeeded', orderStatus: 'completed' });

    const [dispute] = await eventually(
      async () => {
        const { rows } = await disputeOf(orderId);
        return rows.length ? rows : undefined;
      },
      15_000,
      'the dispute recorded',
    );
    expect(dispute).toMatchObject({ status: 'needs_response', amount_minor: '4356', reason: 'fraudulent' });
    expect(await entriesOf(orderId)).toEqual([
      { kind: 'dispute', account: 'disputes:held', amount_minor: '4356' },
      { kind: 'dispute', account: 'stripe:balance', amount_minor: '-4356' },
    ]);
    await ledgerClean();

    const refused = await request(url)
      .post(`/api/admin/orders/${orderId}/refunds`)
      .set('idempotency-key', randomUUID())
      .set('cookie', admin)
      .send({})
      .expect(409);
    expect(refused.body.message).toBe('This order is disputed by the cardholder: refunds are frozen until the dispute is won.');
    const mail = await mailTo(seller.email, /is disputed$/);
    expect(mail.text).toContain('$43.56 USD');
    expect(mail.text).toContain('Your share of the disputed amount: $40.00 USD');

    // Losing evidence (Stripe's test-mode text) closes it as lost: charge.dispute.updated, then …closed.
    const lost = await fetch(`${t.app.stripeEmulator!.url}/v1/disputes/${dispute.stripe_dispute_id}`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_emulator', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'evidence[uncategorized_text]=losing_evidence',
    });
    expect(lost.status).toBe(200);
    await eventually(async () => ((await disputeOf(orderId)).rows[0]?.status === 'lost' ? true : undefined), 15_000, 'the dispute lost');
    await eventually(async () => ((await entriesOf(orderId)).length === 4 ? true : undefined), 15_000, 'the loss booked');
    expect((await entriesOf(orderId)).slice(2)).toEqual([
      { kind: 'dispute_lost', account: 'disputes:held', amount_minor: '-4356' },
      { kind: 'dispute_lost', account: 'losses:disputes', amount_minor: '4356' },
    ]);
    await ledgerClean();
    await request(url)
      .post(`/api/admin/orders/${orderId}/refunds`)
      .set('idempotency-key', randomUUID())
      .set('cookie', admin)
      .send({})
      .expect(409);
    expect((await mailTo(seller.email, /was lost$/)).text).toContain('returned $43.56 USD to the cardholder');
  });

  it("a company's disputed order: payment.disputed is in its events API; a won dispute unfreezes refunds", async () => {
    const company = await approvedCompany(url, 'Dispute Works', ip(), run);
    const auth = { authorization: `Bearer ${company.secretKey}` };
    const order = await request(url)
      .post('/api/v1/orders')
      .set(auth)
      .send({ orderId: `api_disputed_${run}`, amount: '25.00', currency: 'usd', recipient: MAPLE })
      .expect(201);
    const intent = await request(url).post(`/api/v1/orders/${order.body.id}/payment-intent`).set(auth).expect(200);
    await request(url)
      .post(`/api/v1/payments/${intent.body.paymentIntentId}/test-card`)
      .set(auth)
      .send({ cardNumber: DISPUTE_CARD, expiry: '12/34', cvc: '123' })
      .expect(200);
    const event = await eventually(
      async () =>
        ((await request(url).get('/api/v1/events').set(auth).expect(200)).body as EventList).data.find(
          (e) => e.type === 'payment.disputed',
        ),
      15_000,
      'payment.disputed in the events API',
    );
    expect(event.data).toMatchObject({
      orderId: `api_disputed_${run}`,
      disputedMinor: '2856',
      reason: 'fraudulent',
      status: 'needs_response',
    });
    expect(JSON.stringify(event.data)).not.toContain('acct_');
    expect(event.data).not.toHaveProperty('providerAccountId');
    await request(url).post('/api/v1/refunds').set('idempotency-key', randomUUID()).set(auth).send({ order: order.body.id }).expect(409);

    const [dispute] = (await disputeOf(`api_disputed_${run}`)).rows;
    const won = await fetch(`${t.app.stripeEmulator!.url}/v1/disputes/${dispute.stripe_dispute_id}`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_emulator', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'evidence[uncategorized_text]=winning_evidence',
    });
    expect(won.status).toBe(200);
    await eventually(async () => ((await disputeOf(`api_disputed_${run}`)).rows[0]?.status === 'won' ? true : undefined), 15_000, 'won');
    await eventually(async () => ((await entriesOf(`api_disputed_${run}`)).length === 4 ? true : undefined), 15_000, 'the win booked');
    await ledgerClean();
    const refund = await request(url).post('/api/v1/refunds').set('idempotency-key', randomUUID()).set(auth).send({ order: order.body.id });
    expect(refund.status).toBe(201);
    await ledgerClean();
  });

  it('tells the print provider paid by a disputed order, by the email catalog holds for it', async () => {
    const providerEmail = `print.${run}@example.com`;
    await t.db.query(
      `INSERT INTO catalog.print_providers (id, name, stripe_account_id, email) VALUES (gen_random_uuid(), 'Maple Print', $1, $2)`,
      [MAPLE, providerEmail],
    );
    const orderId = `provider_disputed_${run}`;
    const body = { orderId, amount: '30.00', currency: 'usd', printProviderStripeAccountId: MAPLE };
    await orderAndPay(url, buyer, body, DISPUTE_CARD);
    const mail = await mailTo(providerEmail, /is disputed$/);
    expect(mail.text).toContain('Hi Maple Print,');
    expect(mail.text).toContain('Your share of the disputed amount: $30.00 USD');
  });
});
