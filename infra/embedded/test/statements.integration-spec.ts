import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import request from 'supertest';
import { STATEMENT_CSV_COLUMNS, STATEMENT_MESSAGES, type SellerStatement } from '@paymarket/contracts';
import { eventually } from '@paymarket/platform/testing';
import { ipsFrom, startTestApp, type TestApp } from './support/integrator-test-app.js';
import { orderAndPay, registerSeller, sellerProfile, TEST_CARD } from './support/payments.js';
import { signInAdmin, signInBuyer } from './support/sign-in.js';

jest.setTimeout(180_000);

const MAPLE = 'acct_1PMDemoMapleInk0002';
const ip = ipsFrom('10.47');
const run = `${Date.now()}`;

// ADR 0045: a seller's statement over HTTP, signed in with the seller's edit token: its own paid orders only, the
// refunds' reversals and disputes on them, totals per month and currency, and the CSV export.
describe('seller statements over HTTP', () => {
  let t: TestApp;
  let url: string;
  let buyer: string;
  let admin: string;
  const sellers: Array<{ id: string; token: string }> = [];
  let n = 0;

  async function pay(sellerId: string, amount: string, currency: 'usd' | 'cad', card = TEST_CARD): Promise<string> {
    const orderId = `stmt_${run}_${n++}`;
    await orderAndPay(url, buyer, { orderId, amount, currency, printProviderStripeAccountId: `seller_${sellerId}` }, card);
    return orderId;
  }
  const statement = (sellerId: string, token: string | null, query = '') => {
    const req = request(url).get(`/api/sellers/${sellerId}/statement${query}`);
    return token ? req.set('authorization', `Bearer ${token}`) : req;
  };

  beforeAll(async () => {
    t = await startTestApp();
    url = t.app.url;
    buyer = await signInBuyer(url, 'Sam', `stmt.${run}@example.com`, ip);
    admin = await signInAdmin(url, t.databaseUrl, ip);
    for (const name of ['Maple Ink', 'Other Studio']) {
      const email = `${name.replace(/ /g, '').toLowerCase()}.${run}@example.com`;
      const res = await registerSeller(url, ip, sellerProfile({ businessName: name, email, stripeAccountId: MAPLE }));
      sellers.push({ id: res.seller.id, token: res.authToken });
    }
  });

  afterAll(async () => {
    await t?.close();
  });

  it("answers a seller its own orders with refunds, disputes and monthly totals; JSON and CSV; never another seller's", async () => {
    const [me, other] = sellers as [{ id: string; token: string }, { id: string; token: string }];
    const refundedOrder = await pay(me.id, '40.00', 'usd');
    const cadOrder = await pay(me.id, '60.00', 'cad');
    const disputedOrder = await pay(me.id, '20.00', 'usd', '4000 0000 0000 0259');
    const othersOrder = await pay(other.id, '99.00', 'usd');
    await request(url)
      .post(`/api/admin/orders/${refundedOrder}/refunds`)
      .set('idempotency-key', randomUUID())
      .set('cookie', admin)
      .send({ amount: '10.00' })
      .expect(201);
    await eventually(
      async () => ((await t.db.query(`SELECT 1 FROM payments.disputes`)).rows.length ? true : undefined),
      15_000,
      'the dispute recorded',
    );

    await statement(me.id, null).expect(401);
    await statement(other.id, me.token).expect(403);
    const bad = await statement(me.id, me.token, '?from=2026-13').expect(400);
    expect(bad.body.fields).toEqual({ from: [STATEMENT_MESSAGES.MONTH] });

    const mine = (await statement(me.id, me.token).expect(200)).body as SellerStatement;
    expect(mine.lines.map((l) => l.orderId).sort()).toEqual([refundedOrder, cadOrder, disputedOrder].sort());
    expect(JSON.stringify(mine)).not.toContain(othersOrder);
    const refunded = mine.lines.find((l) => l.orderId === refundedOrder)!;
    const { rows } = await t.db.query(
      `SELECT r.allocation FROM payments.refunds r JOIN payments.orders o ON o.id = r.order_id WHERE o.order_id = $1`,
      [refundedOrder],
    );
    const sellerPart = (rows[0].allocation as Array<{ party: string; amount: string }>).find((a) => a.party === 'seller')!.amount;
    expect(refunded).toMatchObject({
      status: 'partially_refunded',
      yourShareMinor: '4000',
      refundedMinor: '1000',
      yourRefundsMinor: sellerPart,
      netMinor: String(4000 - Number(sellerPart)),
      dispute: null,
    });
    expect(mine.lines.find((l) => l.orderId === disputedOrder)).toMatchObject({
      yourShareMinor: '2000',
      dispute: { status: 'needs_response', disputedMinor: '2356', yourDisputedMinor: '2000' },
      netMinor: '2000',
    });
    const month = new Date().toISOString().slice(0, 7);
    expect(mine.totals).toEqual([
      {
        month,
        currency: 'cad',
        orders: 1,
        yourShareMinor: '6000',
        yourRefundsMinor: '0',
        yourHeldMinor: '0',
        yourLostMinor: '0',
        netMinor: '6000',
      },
      {
        month,
        currency: 'usd',
        orders: 2,
        yourShareMinor: '6000',
        yourRefundsMinor: sellerPart,
        yourHeldMinor: '2000',
        yourLostMinor: '0',
        netMinor: String(6000 - Number(sellerPart)),
      },
    ]);

    const csv = await statement(me.id, me.token, '?format=csv').expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const csvLines = csv.text.trim().split('\r\n');
    expect(csvLines[0]).toBe(STATEMENT_CSV_COLUMNS.join(','));
    expect(csvLines).toHaveLength(4);
    expect(csvLines.find((l) => l.startsWith(disputedOrder))).toContain(',needs_response,23.56,20.00,20.00');

    const empty = (await statement(me.id, me.token, '?from=2001-01&to=2001-12').expect(200)).body as SellerStatement;
    expect(empty).toMatchObject({ lines: [], totals: [], from: '2001-01', to: '2001-12' });
  });
});
