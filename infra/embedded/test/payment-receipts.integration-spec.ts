import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type pg from 'pg';
import request from 'supertest';
import type { MailboxMessage } from '@paymarket/contracts';
import { eventually } from '@paymarket/platform/testing';
import type { EmbeddedPayMarket } from '../src/start-embedded.js';
import { ipsFrom, startTestApp, type TestApp } from './support/integrator-test-app.js';
import { orderAndPay, registerSeller, sellerProfile, stripeEventArrived } from './support/payments.js';
import { signInAdmin, signInBuyer } from './support/sign-in.js';

jest.setTimeout(120_000);

const PROVIDER = 'acct_1PMDemoPrintCo00001';
const MAPLE = 'acct_1PMDemoMapleInk0002';
const freshIp = ipsFrom('10.79');

// ADR 0031 end to end over HTTP: payments' payment.* events reach notifications, which writes one email per event
// to the buyer (receipt, refund notice, failed-payment note), seen here through the development mailbox.
describe('payment receipts and notices by email', () => {
  let t: TestApp;
  let app: EmbeddedPayMarket;
  let db: pg.Client;
  let buyerEmail: string;
  let buyerCookie: string;
  let adminCookie: string;

  const mailbox = async () => (await request(app.url).get('/api/dev/mailbox?limit=200').expect(200)).body as MailboxMessage[];
  const mailsTo = async (to: string, subject: string) => (await mailbox()).filter((m) => m.to === to && m.subject === subject);
  const oneMail = (to: string, subject: string) =>
    eventually(
      async () => {
        const found = await mailsTo(to, subject);
        return found.length > 0 ? found : undefined;
      },
      10_000,
      `the email "${subject}"`,
    ).then((found) => {
      expect(found).toHaveLength(1);
      return found[0]!;
    });

  beforeAll(async () => {
    t = await startTestApp();
    ({ app, db } = t);
    buyerEmail = `receipts.${Date.now()}@example.com`;
    buyerCookie = await signInBuyer(app.url, 'Ana Receipts', buyerEmail, freshIp);
    adminCookie = await signInAdmin(app.url, t.databaseUrl, freshIp);
  });

  afterAll(async () => {
    await t?.close();
  });

  let n = 0;
  async function paidOrder(recipient = PROVIDER, amount = '100.00', card = '4242424242424242') {
    const orderId = `receipt_order_${Date.now()}_${n++}`;
    const body = { orderId, amount, currency: 'usd', printProviderStripeAccountId: recipient };
    const intent = await orderAndPay(app.url, buyerCookie, body, card, 'Business cards');
    return { orderId, paymentIntentId: intent.paymentIntentId };
  }

  it('emails exactly one receipt with the right totals, even when the event is delivered again', async () => {
    const { orderId, paymentIntentId } = await paidOrder();
    const receipt = await oneMail(buyerEmail, `Your PayMarket receipt for order ${orderId}`);
    expect(receipt.text).toContain('Hi Ana Receipts,');
    expect(receipt.text).toContain(`Order: ${orderId}`);
    expect(receipt.text).toContain('Description: Business cards');
    expect(receipt.text).toContain(`Payment reference: ${paymentIntentId}`);
    expect(receipt.text).toMatch(/Date: \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC/);
    expect(receipt.text).toContain('Paid to the print provider: $100.00 USD');
    expect(receipt.text).toContain('PayMarket fee: $3.56 USD');
    expect(receipt.text).toContain('Total charged: $103.56 USD');
    expect(receipt.text).not.toContain('4242');

    // The emulator's webhook settles the same intent again: it publishes nothing new.
    await stripeEventArrived(db);
    // At-least-once delivery: the relay sends the very same envelope again; the inbox keeps it to one email.
    const { rows } = await db.query(
      `UPDATE payments.outbox SET sent_at = NULL WHERE name = 'payment.succeeded' AND payload->>'orderId' = $1 RETURNING id`,
      [orderId],
    );
    expect(rows).toHaveLength(1);
    await eventually(
      async () => {
        const sent = await db.query(`SELECT sent_at FROM payments.outbox WHERE id = $1`, [rows[0].id]);
        return sent.rows[0].sent_at ? true : undefined;
      },
      10_000,
      'the redelivery',
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await mailsTo(buyerEmail, `Your PayMarket receipt for order ${orderId}`)).toHaveLength(1);
    const inbox = await db.query(
      `SELECT count(*)::int AS n FROM notifications.inbox WHERE event_id = $1 AND consumer = 'payment-receipt-email'`,
      [rows[0].id],
    );
    expect(inbox.rows[0].n).toBe(1);
  });

  it('names a seller paid through its profile by business name', async () => {
    const seller = await registerSeller(
      app.url,
      freshIp,
      sellerProfile({ email: `lou.${Date.now()}@example.com`, stripeAccountId: MAPLE }),
    );
    expect(seller.seller.payable).toBe(true);
    const { orderId } = await paidOrder(`seller_${seller.seller.id}`, '40.00');
    const receipt = await oneMail(buyerEmail, `Your PayMarket receipt for order ${orderId}`);
    expect(receipt.text).toContain('Paid to Maple Ink: $40.00 USD');
    expect(receipt.text).toContain('Total charged: $43.56 USD');
    expect(receipt.text).not.toContain(MAPLE);
  });

  it('an administrator’s partial then final refund each send one notice to the buyer', async () => {
    const { orderId } = await paidOrder();
    await request(app.url)
      .post(`/api/admin/orders/${orderId}/refunds`)
      .set('cookie', adminCookie)
      .set('idempotency-key', `half-${orderId}`)
      .send({ amount: '51.78' })
      .expect(201);
    const partial = await oneMail(buyerEmail, `A partial refund for order ${orderId}`);
    expect(partial.text).toContain('Refunded now: $51.78 USD');
    expect(partial.text).toContain('Refunded in total: $51.78 USD of $103.56 USD');
    expect(partial.text).toContain('Still charged: $51.78 USD');
    await request(app.url)
      .post(`/api/admin/orders/${orderId}/refunds`)
      .set('idempotency-key', randomUUID())
      .set('cookie', adminCookie)
      .send({})
      .expect(201);
    const full = await oneMail(buyerEmail, `Your payment for order ${orderId} was refunded`);
    expect(full.text).toContain('refunded in full');
    expect(full.text).toContain('Refunded now: $51.78 USD');
    expect(full.text).toContain('Refunded in total: $103.56 USD of $103.56 USD');
    expect(await mailsTo(buyerEmail, `A partial refund for order ${orderId}`)).toHaveLength(1);
  });

  it('a declined card sends a short note with the reason and a link back to /payment, and no receipt', async () => {
    const { orderId } = await paidOrder(PROVIDER, '25.00', '4000000000000002');
    const note = await oneMail(buyerEmail, `Your payment for order ${orderId} did not go through`);
    expect(note.text).toMatch(/Reason: .*declined/i);
    expect(note.text).toContain('$28.56 USD');
    expect(note.text).toMatch(/https?:\/\/\S+\/payment\b/);
    expect(await mailsTo(buyerEmail, `Your PayMarket receipt for order ${orderId}`)).toHaveLength(0);
  });

  it('emails a guest’s direct payment receipt in CAD to the address on the form', async () => {
    const orderId = `receipt_direct_${Date.now()}`;
    const guest = `guest.${Date.now()}@example.com`;
    const response = await request(app.url)
      .post('/api/create-buyer-seller-payment')
      .send({
        orderId,
        amount: 50,
        currency: 'cad',
        sellerStripeAccountId: MAPLE,
        description: 'Logo design',
        buyerEmail: guest,
        buyerName: 'Guest',
      })
      .expect(200);
    await request(app.url)
      .post(`/api/payments/${response.body.paymentIntentId}/test-card`)
      .send({ cardNumber: '4242424242424242', clientSecret: response.body.clientSecret })
      .expect(200);
    const receipt = await oneMail(guest, `Your PayMarket receipt for order ${orderId}`);
    expect(receipt.text).toContain('Hi Guest,');
    expect(receipt.text).toContain('Description: Logo design');
    expect(receipt.text).toContain('Paid to the seller: $50.00 CAD');
    expect(receipt.text).toContain('PayMarket fee: $4.79 CAD');
    expect(receipt.text).toContain('Total charged: $54.79 CAD');
  });
});
