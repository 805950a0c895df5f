import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import request from 'supertest';
import type { ApiOrderView, PaymentIntentResponse } from '@paymarket/contracts';
import { eventually } from '@paymarket/platform/testing';
import { approvedCompany, ipsFrom, startTestApp, type ApprovedCompany, type TestApp } from './support/integrator-test-app.js';

jest.setTimeout(120_000);

const PROVIDER = 'acct_1PMDemoPrintCo00001';
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
const freshIp = ipsFrom('10.94');

// Issue 22: what one payment costs at Stripe, counted by the emulator (every request it answered): the order's account
// check (then cached), the PaymentIntent, its confirmation and the transfer. Stripe's webhook for a payment the card
// step already booked, and a repeated card step, cost nothing more.
describe('Stripe requests per payment (issue 22)', () => {
  let t: TestApp;
  let acme: ApprovedCompany;
  const run = Date.now().toString(36);
  const stripeRequests = () => t.app.stripeEmulator!.rateLimitStats().admitted;
  const as = (path: string) => request(t.app.url).post(path).set('authorization', `Bearer ${acme.secretKey}`);

  beforeAll(async () => {
    t = await startTestApp({ seed: true });
    acme = await approvedCompany(t.app.url, 'Counted Prints', freshIp(), run);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function quiet(): Promise<number> {
    // Settled: the order's transfer is made and the webhook handled; the count no longer moves.
    let last = -1;
    return eventually(async () => {
      const now = stripeRequests();
      const stable = now === last;
      last = now;
      await new Promise((r) => setTimeout(r, 300));
      return stable ? now : undefined;
    }, 15_000);
  }

  async function pay(): Promise<{ order: ApiOrderView; intent: PaymentIntentResponse }> {
    const order = (
      await as('/api/v1/orders')
        .send({ orderId: `count_${run}_${randomUUID().slice(0, 8)}`, amount: '25.00', currency: 'usd', recipient: PROVIDER })
        .expect(201)
    ).body as ApiOrderView;
    const intent = (await as(`/api/v1/orders/${order.id}/payment-intent`).expect(200)).body as PaymentIntentResponse;
    await as(`/api/v1/payments/${intent.paymentIntentId}/test-card`).send(CARD).expect(200);
    await eventually(async () => {
      const { rows } = await t.db.query(`SELECT count(*)::int AS n FROM payments.transfers WHERE order_id = $1`, [order.id]);
      return rows[0].n === 1 ? true : undefined;
    });
    return { order, intent };
  }

  it('a paid order costs Stripe 4 requests, and 3 once the recipient is known; repeats of the card step or webhook none', async () => {
    const before = await quiet();
    await pay();
    const first = (await quiet()) - before;
    // The recipient's account check, the PaymentIntent, its confirmation, the transfer.
    expect(first).toBe(4);
    const second = await pay();
    const again = (await quiet()) - before - first;
    // PaymentIntent, confirmation, transfer: the account check was answered within the last 30 s.
    expect(again).toBe(3);

    // The card step again (a double click, a retry after a lost answer): answered from the booked order.
    const repeat = await as(`/api/v1/payments/${second.intent.paymentIntentId}/test-card`).send(CARD).expect(200);
    expect(repeat.body).toMatchObject({ paymentStatus: 'succeeded', orderStatus: 'completed' });
    // Stripe's webhook for it once more, as a new event (Stripe sends at least once): the order is booked, nothing to read.
    const emulator = t.app.stripeEmulator!;
    const original = [...emulator.state.events.values()].find(
      (e) => e.type === 'payment_intent.succeeded' && (e.data.object as { id: string }).id === second.intent.paymentIntentId,
    )!;
    const resent = { ...original, id: `evt_${randomUUID().replace(/-/g, '')}` };
    emulator.webhooks!.dispatch(resent);
    await eventually(async () => (emulator.webhooks!.attempts.some((a) => a.eventId === resent.id && a.status === 200) ? true : undefined));
    expect((await quiet()) - before - first - again).toBe(0);
  });
});
