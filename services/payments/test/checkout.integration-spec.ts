import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { Idempotency, OutboxRelay, openServiceDatabase, ServiceError } from '@paymarket/platform';
import { createTestDatabase, eventually, type TestDatabase } from '@paymarket/platform/testing';
import { STRIPE_WEBHOOK_EVENTS, type AuditContext, type Caller } from '@paymarket/contracts';
import { CHECKOUT_ENTITIES, CHECKOUT_MIGRATIONS } from '../src/checkout/checkout.module.js';
import { CreateOrder } from '../src/checkout/create-order.use-case.js';
import { PaymentIntents } from '../src/checkout/payment-intents.use-case.js';
import { PaymentStatus } from '../src/checkout/payment-status.use-case.js';
import { ProcessingReconciler } from '../src/checkout/processing-reconciler.js';
import { RecipientResolver } from '../src/checkout/recipient.js';
import { ConnectedAccountCheck } from '../src/checkout/account-check.js';
import { SellerDirectory } from '../src/checkout/seller-directory.js';
import { SettlePayment } from '../src/checkout/settle-payment.js';
import { VerifyLedger } from '../src/ledger/verify-ledger.use-case.js';
import { OrdersRepository, toOrderView } from '../src/orders/orders.repository.js';
import { RefundOrder } from '../src/refunds/refund-order.use-case.js';
import { TransferSweeper } from '../src/transfers/transfer-sweeper.js';
import { StripeWebhook } from '../src/webhooks/stripe-webhook.use-case.js';
import { FakeProcessor } from './fake-processor.js';
import { CompanyOrders } from '../src/checkout/company-orders.use-case.js';
import { ApplyMarketplaceUpdate } from '../src/marketplaces/apply-marketplace-update.use-case.js';
import { MarketplacesRepository } from '../src/marketplaces/marketplaces.repository.js';
import { OrderMarketplaces } from '../src/marketplaces/order-marketplace.js';

jest.setTimeout(60_000);

const PROVIDER = 'acct_1PMDemoPrintCo00001';
const ada: Caller = { buyer: { id: '0a0a0a0a-0000-4000-8000-000000000001', email: 'ada@example.com', name: 'Ada' } };
const bob: Caller = { buyer: { id: '0b0b0b0b-0000-4000-8000-000000000002', email: 'bob@example.com', name: 'Bob' } };
const MAPLE = 'acct_1PMDemoMapleInk0002';
const PAYABLE_SELLER = '5e11e500-0000-4000-8000-000000000001';
const UNCONNECTED_SELLER = '5e11e500-0000-4000-8000-000000000002';
const RESTRICTED_SELLER = '5e11e500-0000-4000-8000-000000000003';

/** Catalog's answer for `seller_<id>` (ADR 0030), changeable by a test. */
class FakeSellerDirectory extends SellerDirectory {
  readonly accounts = new Map<string, string | null>([
    [PAYABLE_SELLER, MAPLE],
    [UNCONNECTED_SELLER, null],
    [RESTRICTED_SELLER, 'acct_1PMDemoRestricted03'],
  ]);
  async payoutAccount(sellerId: string) {
    if (!this.accounts.has(sellerId)) return null;
    return { sellerId, businessName: 'Maple Ink', sellerName: 'Lou Tremblay', stripeAccountId: this.accounts.get(sellerId) ?? null };
  }
  override async providerName(stripeAccountId: string) {
    return stripeAccountId === PROVIDER ? 'Demo Print Co.' : null;
  }
}

const admin: Caller = { admin: { id: 'ad000000-0000-4000-8000-000000000003', email: 'admin@example.com' } };
/** Who refunds and from where, as the gateway passes it (ADR 0075). */
const audit: AuditContext = {
  actor: { type: 'admin', id: admin.admin!.id, label: admin.admin!.email },
  ip: '198.51.100.23',
  userAgent: 'Mozilla/5.0 (refund spec)',
};

describe('payments domain on real PostgreSQL (fake Stripe)', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let processor: FakeProcessor;
  let orders: OrdersRepository;
  let createOrder: CreateOrder;
  let intents: PaymentIntents;
  let status: PaymentStatus;
  let refunds: RefundOrder;
  let webhook: StripeWebhook;
  let ledger: VerifyLedger;
  let sweeper: TransferSweeper;
  let settle: SettlePayment;
  let sellers: FakeSellerDirectory;
  let companyOrders: CompanyOrders;
  let marketplaces: MarketplacesRepository;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = await openServiceDatabase({
      url: database.url,
      schema: 'payments',
      entities: CHECKOUT_ENTITIES,
      migrations: CHECKOUT_MIGRATIONS,
    });
    processor = new FakeProcessor();
    processor.accounts.set(MAPLE, { exists: true, transfersActive: true });
    const relay = new OutboxRelay(dataSource, 'payments', async () => undefined);
    const idempotency = new Idempotency(dataSource);
    orders = new OrdersRepository(dataSource);
    sellers = new FakeSellerDirectory();
    const recipients = new RecipientResolver(new ConnectedAccountCheck(processor), sellers);
    settle = new SettlePayment(orders, processor, relay);
    createOrder = new CreateOrder(orders, recipients, idempotency, relay);
    intents = new PaymentIntents(orders, processor, recipients, idempotency, relay);
    status = new PaymentStatus(orders, processor, settle);
    // As Nest builds it (no dispute freeze here): with SettlePayment, so a refund right after the card step makes the
    // transfers first instead of racing the transfers that follow the charge in the background.
    refunds = new RefundOrder(orders, processor, idempotency, relay, undefined, settle);
    webhook = new StripeWebhook(processor, settle, orders);
    ledger = new VerifyLedger(orders, processor);
    sweeper = new TransferSweeper(orders, settle);
    marketplaces = new MarketplacesRepository(dataSource);
    companyOrders = new CompanyOrders(
      orders,
      recipients,
      intents,
      idempotency,
      relay,
      new OrderMarketplaces(marketplaces, new ConnectedAccountCheck(processor)),
    );
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  let n = 0;
  const newOrderId = () => `order_${Date.now()}_${n++}`;
  async function placeOrder(caller: Caller, amount = '100.00') {
    const orderId = newOrderId();
    await createOrder.execute({ caller, body: { orderId, amount, currency: 'usd', printProviderStripeAccountId: PROVIDER } });
    const intent = await intents.forOrder({ caller, body: { orderId, amount, currency: 'usd', printProviderStripeAccountId: PROVIDER } });
    return { orderId, intent };
  }
  /** The audit rows (ADR 0075) payments wrote about one order, oldest first. */
  const auditRows = async (orderUuid: string) =>
    (
      (await dataSource.query(`SELECT payload FROM outbox WHERE name = 'audit.recorded' AND payload->'target'->>'id' = $1 ORDER BY seq`, [
        orderUuid,
      ])) as Array<{ payload: Record<string, unknown> }>
    ).map((r) => r.payload);
  const outboxCount = async (name: string, orderId: string) =>
    Number((await dataSource.query(`SELECT count(*) AS n FROM outbox WHERE name = $1 AND payload->>'orderId' = $2`, [name, orderId]))[0].n);

  it('charges amount + fee, completes once, transfers the provider its share once, and the ledger verifies', async () => {
    const { orderId, intent } = await placeOrder(ada);
    expect(intent.breakdown).toEqual({ sellerGets: '100.00', paymarketGets: '3.56', total: '103.56', currency: 'usd' });
    // Orders name who they pay (the provider's name from catalog), not the account id.
    expect((await orders.listForBuyer(ada.buyer!.id)).map(toOrderView).find((o) => o.orderId === orderId)?.recipient).toEqual({
      party: 'provider',
      name: 'Demo Print Co.',
    });
    expect(processor.intents.get(intent.paymentIntentId)!.amount).toBe(10356n);

    const result = await status.confirmTestCard({
      caller: ada,
      origin: 'http://localhost',
      body: { cardNumber: '4242424242424242', paymentIntentId: intent.paymentIntentId },
    });
    expect(result).toMatchObject({ paymentStatus: 'succeeded', orderStatus: 'completed' });

    // The webhook for the same payment, twice, and a re-check: nothing moves again.
    const event = JSON.stringify({
      id: `evt_${orderId}`,
      type: 'payment_intent.succeeded',
      data: { object: { id: intent.paymentIntentId } },
    });
    await expect(webhook.handle(event, 'valid')).resolves.toEqual({ received: true, duplicate: false });
    await expect(webhook.handle(event, 'valid')).resolves.toEqual({ received: true, duplicate: true });
    await status.recheck({ caller: ada, body: { orderId, status: 'completed' } });

    const transfers = [...processor.transfers.values()].filter((t) => t.destination === PROVIDER);
    const mine = await dataSource.query(`SELECT t.amount_minor FROM transfers t JOIN orders o ON o.id = t.order_id WHERE o.order_id = $1`, [
      orderId,
    ]);
    expect(mine).toEqual([{ amount_minor: '10000' }]);
    expect(transfers.length).toBeGreaterThanOrEqual(1);
    expect(await outboxCount('payment.succeeded', orderId)).toBe(1);
    await expect(ledger.execute()).resolves.toMatchObject({ ok: true, problems: [] });
  });

  it('never completes an order because the browser says so', async () => {
    const { orderId } = await placeOrder(ada);
    const result = await status.recheck({ caller: ada, body: { orderId, status: 'completed' } });
    expect(result.orderStatus).toBe('processing');
    expect(result.paymentStatus).toBe('requires_payment_method');
  });

  it('marks a declined card as failed with the provider’s message, and a later success still completes it', async () => {
    const { orderId, intent } = await placeOrder(ada);
    const declined = await status.confirmTestCard({
      caller: ada,
      body: { cardNumber: '4000000000000002', paymentIntentId: intent.paymentIntentId },
    });
    expect(declined).toMatchObject({ orderStatus: 'failed', failureMessage: 'Your card was declined.' });
    const retried = await status.confirmTestCard({
      caller: ada,
      body: { cardNumber: '4242424242424242', paymentIntentId: intent.paymentIntentId },
    });
    expect(retried.orderStatus).toBe('completed');
    expect(await outboxCount('payment.succeeded', orderId)).toBe(1);
  });

  it('sends a 3-D Secure card to authenticate, then completes after authentication', async () => {
    const { orderId, intent } = await placeOrder(ada);
    const first = await status.confirmTestCard({
      caller: ada,
      body: { cardNumber: '4000002500003155', paymentIntentId: intent.paymentIntentId },
    });
    expect(first).toMatchObject({ paymentStatus: 'requires_action', redirectUrl: expect.stringContaining(intent.paymentIntentId) });
    processor.succeed(intent.paymentIntentId);
    const after = await status.get({ caller: ada, body: { paymentIntentId: intent.paymentIntentId } });
    expect(after.orderStatus).toBe('completed');
    expect(await outboxCount('payment.succeeded', orderId)).toBe(1);
  });

  it('refunds half in proportion (transfer reversed by its share), then the rest; the ledger verifies throughout', async () => {
    const { orderId, intent } = await placeOrder(ada);
    await status.confirmTestCard({ caller: ada, body: { cardNumber: '4242424242424242', paymentIntentId: intent.paymentIntentId } });
    const half = await refunds.execute({ caller: admin, idempotencyKey: `r-${orderId}`, body: { orderId, amount: '51.78' }, audit });
    expect(half).toMatchObject({ status: 'partially_refunded', refunded: '51.78' });
    // Audited once, in the plan's transaction (ADR 0075): who, from where, the order, what changed.
    const firstRefundId = ((await dataSource.query(`SELECT id FROM refunds WHERE order_id = $1`, [half.id])) as Array<{ id: string }>)[0]!
      .id;
    const refunded = {
      action: 'order.refunded',
      actor: audit.actor,
      ip: '198.51.100.23',
      userAgent: 'Mozilla/5.0 (refund spec)',
      target: { type: 'order', id: half.id },
      // PayMarket's own order: no company.
      companyId: null,
      outcome: 'succeeded',
      before: { orderStatus: 'completed', refunded: '0.00' },
      after: {
        refundId: firstRefundId,
        amount: '51.78',
        currency: 'usd',
        reason: null,
        orderStatus: 'partially_refunded',
        refunded: '51.78',
      },
    };
    expect(await auditRows(half.id)).toEqual([refunded]);
    // Same key, same body: same refund, nothing doubled (and no second audit row).
    await refunds.execute({ caller: admin, idempotencyKey: `r-${orderId}`, body: { orderId, amount: '51.78' }, audit });
    expect(await auditRows(half.id)).toEqual([refunded]);
    const transfer = (
      await dataSource.query(
        `SELECT t.amount_minor, t.reversed_minor FROM transfers t JOIN orders o ON o.id = t.order_id WHERE o.order_id = $1`,
        [orderId],
      )
    )[0];
    expect(transfer).toEqual({ amount_minor: '10000', reversed_minor: '5000' });
    await expect(ledger.execute()).resolves.toMatchObject({ ok: true });

    await expect(
      refunds.execute({ caller: admin, idempotencyKey: `r2-${orderId}`, body: { orderId, amount: '60.00' }, audit }),
    ).rejects.toMatchObject({ code: 'unprocessable' });
    const rest = await refunds.execute({ caller: admin, idempotencyKey: `r3-${orderId}`, body: { orderId }, audit });
    expect(rest).toMatchObject({ status: 'refunded', refunded: '103.56' });
    // The refused refund recorded nothing; the rest is the second row.
    expect(await auditRows(half.id)).toEqual([
      refunded,
      expect.objectContaining({
        before: { orderStatus: 'partially_refunded', refunded: '51.78' },
        after: expect.objectContaining({ amount: '51.78', orderStatus: 'refunded', refunded: '103.56' }),
      }),
    ]);
    const after = (
      await dataSource.query(`SELECT t.reversed_minor FROM transfers t JOIN orders o ON o.id = t.order_id WHERE o.order_id = $1`, [orderId])
    )[0];
    expect(after).toEqual({ reversed_minor: '10000' });
    expect(processor.refunds.filter((r) => r.paymentIntentId === intent.paymentIntentId).reduce((a, r) => a + r.amount, 0n)).toBe(10356n);
    await expect(ledger.execute()).resolves.toMatchObject({ ok: true, problems: [] });
  });

  it('refuses refunds by non-admins and of unpaid orders', async () => {
    const { orderId } = await placeOrder(ada);
    await expect(refunds.execute({ caller: ada, body: { orderId }, audit })).rejects.toMatchObject({ code: 'forbidden' });
    await expect(refunds.execute({ caller: admin, idempotencyKey: `r-${orderId}`, body: { orderId }, audit })).rejects.toMatchObject({
      code: 'unprocessable',
    });
  });

  it('keeps orders private: another buyer can neither pay nor read them', async () => {
    const { orderId, intent } = await placeOrder(ada);
    // Order ids are per buyer (issue 12): Ada's order id names nothing in Bob's (or a guest's) namespace.
    await expect(
      intents.forOrder({ caller: bob, body: { orderId, amount: '100.00', currency: 'usd', printProviderStripeAccountId: PROVIDER } }),
    ).rejects.toMatchObject({ code: 'not_found' });
    await expect(status.get({ caller: bob, body: { paymentIntentId: intent.paymentIntentId } })).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(status.recheck({ caller: {}, body: { orderId, status: 'completed' } })).rejects.toMatchObject({ code: 'not_found' });
    await expect(status.recheck({ caller: bob, body: { orderId, status: 'completed' } })).rejects.toMatchObject({ code: 'not_found' });
    const bobs = await orders.listForBuyer(bob.buyer!.id);
    expect(bobs.map((o) => o.orderId)).not.toContain(orderId);
  });

  it('scopes order ids to their buyer: Ada and Bob both use one id, get distinct orders, and neither sees the other’s', async () => {
    const orderId = newOrderId();
    const body = { orderId, amount: '12.00', currency: 'usd' as const, printProviderStripeAccountId: PROVIDER };
    const key = `key-${orderId}`;
    const adas = await createOrder.execute({ caller: ada, idempotencyKey: key, body });
    const bobs = await createOrder.execute({ caller: bob, idempotencyKey: key, body: { ...body, amount: '13.00' } });
    expect(adas.id).not.toBe(bobs.id);
    expect([adas.orderId, bobs.orderId]).toEqual([orderId, orderId]);
    // Idempotency as before: the same buyer repeating the id with the same key gets the same order, without it a 409.
    expect(await createOrder.execute({ caller: ada, idempotencyKey: key, body })).toEqual(adas);
    await expect(createOrder.execute({ caller: ada, body })).rejects.toMatchObject({ code: 'conflict' });
    await expect(createOrder.execute({ caller: bob, body: { ...body, amount: '13.00' } })).rejects.toMatchObject({ code: 'conflict' });

    const adaIntent = await intents.forOrder({ caller: ada, body });
    const bobIntent = await intents.forOrder({ caller: bob, body: { ...body, amount: '13.00' } });
    expect(adaIntent.paymentIntentId).not.toBe(bobIntent.paymentIntentId);
    expect((await status.recheck({ caller: ada, body: { orderId, status: 'completed' } })).paymentIntentId).toBe(adaIntent.paymentIntentId);
    expect((await status.recheck({ caller: bob, body: { orderId, status: 'completed' } })).paymentIntentId).toBe(bobIntent.paymentIntentId);
    await expect(status.get({ caller: bob, body: { paymentIntentId: adaIntent.paymentIntentId } })).rejects.toMatchObject({
      code: 'forbidden',
    });
    expect((await orders.listForBuyer(ada.buyer!.id)).filter((o) => o.orderId === orderId).map((o) => o.id)).toEqual([adas.id]);
    expect((await orders.listForBuyer(bob.buyer!.id)).filter((o) => o.orderId === orderId).map((o) => o.id)).toEqual([bobs.id]);
    // An administrator naming the order by its order id must now use the uuid.
    await expect(refunds.execute({ caller: admin, idempotencyKey: `r-${orderId}`, body: { orderId }, audit })).rejects.toMatchObject({
      code: 'conflict',
    });
  });

  it('refuses before any charge an account that is unknown or cannot receive transfers, and a seller without one', async () => {
    const before = processor.calls;
    for (const [account, code] of [
      ['acct_unknownaccount000000', 'unprocessable'],
      ['acct_1PMDemoRestricted03', 'unprocessable'],
      ['seller_3f0c9a52-5a2b-4b55-9c1e-6f3b1f1f4e11', 'invalid'],
    ] as const) {
      await expect(
        createOrder.execute({ caller: ada, body: { orderId: newOrderId(), amount: '10.00', printProviderStripeAccountId: account } }),
      ).rejects.toMatchObject({ code });
    }
    expect(processor.calls).toBe(before);
  });

  it('refuses a payment that does not match its order, and a reused order id', async () => {
    const orderId = newOrderId();
    await createOrder.execute({ caller: ada, body: { orderId, amount: '10.00', printProviderStripeAccountId: PROVIDER } });
    await expect(
      intents.forOrder({ caller: ada, body: { orderId, amount: '1.00', currency: 'usd', printProviderStripeAccountId: PROVIDER } }),
    ).rejects.toMatchObject({ code: 'unprocessable' });
    await expect(
      createOrder.execute({ caller: ada, body: { orderId, amount: '10.00', printProviderStripeAccountId: PROVIDER } }),
    ).rejects.toMatchObject({ code: 'conflict' });
  });

  it('creates one PaymentIntent for 100 concurrent requests with one Idempotency-Key', async () => {
    const orderId = newOrderId();
    await createOrder.execute({ caller: ada, body: { orderId, amount: '25.00', printProviderStripeAccountId: PROVIDER } });
    const body = { orderId, amount: '25.00', currency: 'usd' as const, printProviderStripeAccountId: PROVIDER };
    const results = await Promise.all(
      Array.from({ length: 100 }, () => intents.forOrder({ caller: ada, idempotencyKey: `k-${orderId}`, body })),
    );
    expect(new Set(results.map((r) => r.paymentIntentId)).size).toBe(1);
    const stored = await dataSource.query(`SELECT payment_intent_id FROM orders WHERE order_id = $1`, [orderId]);
    expect(stored[0].payment_intent_id).toBe(results[0]!.paymentIntentId);
  });

  it('finishes transfers a crash left undone, once', async () => {
    const { orderId, intent } = await placeOrder(ada);
    processor.succeed(intent.paymentIntentId);
    // Complete the order without making transfers, as if the process died right after the charge was booked.
    await dataSource.transaction(async (manager) => {
      const order = (await orders.byPaymentIntent(manager, intent.paymentIntentId, true))!;
      await (settle as unknown as { apply: (m: typeof manager, o: typeof order, i: unknown) => Promise<boolean> }).apply(
        manager,
        order,
        await processor.retrievePaymentIntent(intent.paymentIntentId),
      );
    });
    expect(
      await dataSource.query(`SELECT count(*)::int AS n FROM transfers t JOIN orders o ON o.id = t.order_id WHERE o.order_id = $1`, [
        orderId,
      ]),
    ).toEqual([{ n: 0 }]);
    await sweeper.sweep();
    await sweeper.sweep();
    expect(
      await dataSource.query(`SELECT count(*)::int AS n FROM transfers t JOIN orders o ON o.id = t.order_id WHERE o.order_id = $1`, [
        orderId,
      ]),
    ).toEqual([{ n: 1 }]);
    await expect(ledger.execute()).resolves.toMatchObject({ ok: true });
  });

  it("finishes a marketplace's transfer a crash left undone, once (ADR 0051), and the ledger verifies", async () => {
    const company = { company: { id: 'c0c0c0c0-0000-4000-8000-000000000009' } };
    await new ApplyMarketplaceUpdate(marketplaces).execute(dataSource.manager, {
      marketplaceId: 'ad0be000-0000-4000-8000-000000000001',
      companyId: company.company.id,
      companyName: 'Craft Hub Inc.',
      domains: ['crafthub.example'],
      displayName: 'Craft Hub',
      accentColor: null,
      logoUrl: null,
      customBranding: false,
      customFees: true,
      transactionFeeMinor: { usd: 250, cad: 300 },
      platformFeeBps: 750,
      payoutAccountId: MAPLE,
      version: 1,
      updatedAt: new Date().toISOString(),
    });
    const order = await companyOrders.create({
      caller: company,
      body: { orderId: newOrderId(), amount: '80.00', currency: 'usd', recipient: PROVIDER },
    });
    // 7.5% of 80.00 = 6.00 to the marketplace; PayMarket 2.50 on top; the provider 74.00.
    expect(order.split.map((l) => [l.party, l.amount])).toEqual([
      ['platform', '2.50'],
      ['marketplace', '6.00'],
      ['provider', '74.00'],
    ]);
    const intent = await companyOrders.paymentIntent({ caller: company, body: { id: order.id } });
    processor.succeed(intent.paymentIntentId);
    await dataSource.transaction(async (manager) => {
      const locked = (await orders.byPaymentIntent(manager, intent.paymentIntentId, true))!;
      await (settle as unknown as { apply: (m: typeof manager, o: typeof locked, i: unknown) => Promise<boolean> }).apply(
        manager,
        locked,
        await processor.retrievePaymentIntent(intent.paymentIntentId),
      );
    });
    await sweeper.sweep();
    await sweeper.sweep();
    expect(
      await dataSource.query(`SELECT party, destination, amount_minor::int AS amount FROM transfers WHERE order_id = $1 ORDER BY party`, [
        order.id,
      ]),
    ).toEqual([
      { party: 'marketplace', destination: MAPLE, amount: 600 },
      { party: 'provider', destination: PROVIDER, amount: 7400 },
    ]);
    expect([...processor.transfers.values()].filter((t) => t.destination === MAPLE && t.amount === 600n)).toHaveLength(1);
    await expect(ledger.execute()).resolves.toMatchObject({ ok: true, problems: [] });
  });

  it("charges a marketplace order to a seller: the seller's account is re-checked against its own line, not the marketplace's", async () => {
    const company = { company: { id: 'c0c0c0c0-0000-4000-8000-000000000010' } };
    await new ApplyMarketplaceUpdate(marketplaces).execute(dataSource.manager, {
      marketplaceId: 'ad0be000-0000-4000-8000-000000000002',
      companyId: company.company.id,
      companyName: 'Seller Hub Inc.',
      domains: ['sellerhub.example'],
      displayName: 'Seller Hub',
      accentColor: null,
      logoUrl: null,
      customBranding: false,
      customFees: true,
      transactionFeeMinor: { usd: 100, cad: 100 },
      platformFeeBps: 500,
      payoutAccountId: PROVIDER,
      version: 1,
      updatedAt: new Date().toISOString(),
    });
    const order = await companyOrders.create({
      caller: company,
      body: { orderId: newOrderId(), amount: '20.00', currency: 'usd', recipient: `seller_${PAYABLE_SELLER}` },
    });
    expect(order.split).toEqual([
      { party: 'platform', amount: '1.00', name: 'PayMarket' },
      { party: 'marketplace', amount: '1.00', name: 'Seller Hub' },
      { party: 'seller', amount: '19.00', name: 'Maple Ink' },
    ]);
    const intent = await companyOrders.paymentIntent({ caller: company, body: { id: order.id } });
    expect(intent.breakdown).toEqual({
      sellerGets: '19.00',
      paymarketGets: '1.00',
      marketplaceGets: '1.00',
      total: '21.00',
      currency: 'usd',
    });
  });

  it("records an integrator's refund once (ADR 0075): the order, its company and the API key that asked", async () => {
    const company = { company: { id: 'c0c0c0c0-0000-4000-8000-000000000011' } };
    const order = await companyOrders.create({
      caller: company,
      body: { orderId: newOrderId(), amount: '30.00', currency: 'usd', recipient: PROVIDER },
    });
    const intent = await companyOrders.paymentIntent({ caller: company, body: { id: order.id } });
    processor.succeed(intent.paymentIntentId);
    await dataSource.transaction(async (manager) => {
      const locked = (await orders.byPaymentIntent(manager, intent.paymentIntentId, true))!;
      await (settle as unknown as { apply: (m: typeof manager, o: typeof locked, i: unknown) => Promise<boolean> }).apply(
        manager,
        locked,
        await processor.retrievePaymentIntent(intent.paymentIntentId),
      );
    });
    const byKey: AuditContext = {
      actor: { type: 'api_key', id: 'a9e0c0de-0000-4000-8000-000000000001', label: 'API key a9e0c0de-0000-4000-8000-000000000001' },
      ip: '203.0.113.9',
      userAgent: 'paymarket-node/1.0',
    };
    const request = {
      caller: company,
      idempotencyKey: `api-refund-${order.id}`,
      body: { order: order.id, amount: 1000, reason: 'requested_by_customer' },
      audit: byKey,
    };
    const refund = await refunds.forCompany(request);
    const recorded = [
      {
        action: 'order.refunded',
        actor: byKey.actor,
        ip: '203.0.113.9',
        userAgent: 'paymarket-node/1.0',
        target: { type: 'order', id: order.id },
        companyId: company.company.id,
        outcome: 'succeeded',
        before: { orderStatus: 'completed', refunded: '0.00' },
        after: {
          refundId: refund.id,
          amount: '10.00',
          currency: 'usd',
          reason: 'requested_by_customer',
          orderStatus: 'partially_refunded',
          refunded: '10.00',
        },
      },
    ];
    expect(await auditRows(order.id)).toEqual(recorded);
    // The idempotent replay (a retry from elsewhere) answers the same refund and records nothing new.
    expect(await refunds.forCompany({ ...request, audit: { ...byKey, ip: '203.0.113.10' } })).toEqual(refund);
    expect(await auditRows(order.id)).toEqual(recorded);
  });

  it('refuses a forged webhook', async () => {
    await expect(
      webhook.handle('{"id":"evt_x","type":"payment_intent.succeeded","data":{"object":{"id":"pi_x"}}}', 't=1,v1=forged'),
    ).rejects.toBeInstanceOf(ServiceError);
    // Forged stays forged whatever its type: the signature is checked before the type is looked at.
    await expect(
      webhook.handle('{"id":"evt_y","type":"charge.succeeded","data":{"object":{"id":"ch_y"}}}', 't=1,v1=forged'),
    ).rejects.toBeInstanceOf(ServiceError);
  });

  it('acknowledges an event payments does not act on without a database write (ADR 0048)', async () => {
    const { intent } = await placeOrder(ada);
    for (const type of ['payment_intent.created', 'charge.succeeded', 'transfer.created']) {
      const event = JSON.stringify({
        id: `evt_ignored_${type}_${intent.paymentIntentId}`,
        type,
        data: { object: { id: intent.paymentIntentId } },
      });
      await expect(webhook.handle(event, 'valid')).resolves.toEqual({ received: true, duplicate: false });
    }
    expect(await dataSource.query(`SELECT id FROM stripe_events WHERE id LIKE $1`, [`evt_ignored_%_${intent.paymentIntentId}`])).toEqual(
      [],
    );
    expect(STRIPE_WEBHOOK_EVENTS).toEqual(
      expect.arrayContaining(['payment_intent.succeeded', 'payment_intent.payment_failed', 'charge.dispute.created']),
    );
  });

  describe('paying a seller (seller_<id>, ADR 0030)', () => {
    const body = (orderId: string, sellerId: string) => ({
      orderId,
      amount: '40.00',
      currency: 'usd' as const,
      printProviderStripeAccountId: `seller_${sellerId}`,
    });

    it('resolves the seller to their payout account: charged, completed, transferred to the seller, ledger clean', async () => {
      const orderId = newOrderId();
      const order = await createOrder.execute({ caller: ada, body: body(orderId, PAYABLE_SELLER) });
      expect(order).toMatchObject({ status: 'pending', amount: '40.00', recipient: { party: 'seller', name: 'Maple Ink' } });
      const intent = await intents.forOrder({ caller: ada, body: body(orderId, PAYABLE_SELLER) });
      expect(intent.breakdown).toEqual({ sellerGets: '40.00', paymarketGets: '3.56', total: '43.56', currency: 'usd' });
      const result = await status.confirmTestCard({
        caller: ada,
        body: { cardNumber: '4242424242424242', paymentIntentId: intent.paymentIntentId },
      });
      expect(result).toMatchObject({ paymentStatus: 'succeeded', orderStatus: 'completed' });
      // The transfer follows the charge, off the card step's path (issue 22).
      const mine = await eventually(async () => {
        const rows = (await dataSource.query(
          `SELECT t.amount_minor, t.destination FROM transfers t JOIN orders o ON o.id = t.order_id WHERE o.order_id = $1`,
          [orderId],
        )) as unknown[];
        return rows.length > 0 ? rows : undefined;
      });
      expect(mine).toEqual([{ amount_minor: '4000', destination: MAPLE }]);
      await expect(ledger.execute()).resolves.toMatchObject({ ok: true, problems: [] });
    });

    it('refuses before any charge a seller without a payout account (naming them), an unknown seller and a restricted account', async () => {
      const before = processor.calls;
      const orderIds = [newOrderId(), newOrderId(), newOrderId()];
      await expect(createOrder.execute({ caller: ada, body: body(orderIds[0]!, UNCONNECTED_SELLER) })).rejects.toMatchObject({
        code: 'invalid',
        message: expect.stringContaining('Maple Ink - Lou Tremblay has not connected a Stripe account yet'),
        fields: { printProviderStripeAccountId: [expect.stringContaining('Maple Ink - Lou Tremblay')] },
      });
      await expect(
        createOrder.execute({ caller: ada, body: body(orderIds[1]!, '5e11e500-0000-4000-8000-0000000000ff') }),
      ).rejects.toMatchObject({ code: 'invalid' });
      await expect(createOrder.execute({ caller: ada, body: body(orderIds[2]!, RESTRICTED_SELLER) })).rejects.toMatchObject({
        code: 'unprocessable',
      });
      expect(processor.calls).toBe(before);
      const stored = await dataSource.query(`SELECT count(*)::int AS n FROM orders WHERE order_id = ANY($1)`, [orderIds]);
      expect(stored).toEqual([{ n: 0 }]);
    });

    it('checks the seller again before the charge: a removed or changed payout account stops the intent', async () => {
      const seller = '5e11e500-0000-4000-8000-000000000004';
      sellers.accounts.set(seller, MAPLE);
      const removed = newOrderId();
      await createOrder.execute({ caller: ada, body: body(removed, seller) });
      sellers.accounts.set(seller, null);
      const before = processor.calls;
      await expect(intents.forOrder({ caller: ada, body: body(removed, seller) })).rejects.toMatchObject({ code: 'invalid' });

      sellers.accounts.set(seller, MAPLE);
      const changed = newOrderId();
      await createOrder.execute({ caller: ada, body: body(changed, seller) });
      sellers.accounts.set(seller, PROVIDER);
      await expect(intents.forOrder({ caller: ada, body: body(changed, seller) })).rejects.toMatchObject({ code: 'unprocessable' });
      expect(processor.calls).toBe(before);
      const charged = await dataSource.query(
        `SELECT count(*)::int AS n FROM orders WHERE order_id = ANY($1) AND payment_intent_id IS NOT NULL`,
        [[removed, changed]],
      );
      expect(charged).toEqual([{ n: 0 }]);
    });
  });

  describe(ProcessingReconciler.name, () => {
    const statusOf = async (orderId: string) => (await orders.byOrderId(dataSource.manager, orderId, { buyerId: ada.buyer!.id }))!.status;

    it('leaves no order `processing` once Stripe says otherwise: succeeded, declined, canceled, or never attempted', async () => {
      const sut = new ProcessingReconciler(orders, processor, settle, new OutboxRelay(dataSource, 'payments', async () => undefined));
      const paid = await placeOrder(ada);
      const declined = await placeOrder(ada);
      const canceled = await placeOrder(ada);
      const abandoned = await placeOrder(ada);
      const fresh = await placeOrder(ada);
      // Stripe moved on while our side heard nothing (the card step answered 503, a webhook was lost).
      processor.succeed(paid.intent.paymentIntentId);
      Object.assign(processor.intents.get(declined.intent.paymentIntentId)!, { lastErrorMessage: 'Your card was declined.' });
      Object.assign(processor.intents.get(canceled.intent.paymentIntentId)!, { status: 'canceled' });
      for (const o of [paid, declined, canceled, abandoned]) {
        await dataSource.query(`UPDATE orders SET updated_at = now() - interval '1 hour' WHERE order_id = $1`, [o.orderId]);
      }

      await sut.reconcile(60_000);

      expect(await statusOf(paid.orderId)).toBe('completed');
      expect(await outboxCount('payment.succeeded', paid.orderId)).toBe(1);
      expect(await statusOf(declined.orderId)).toBe('failed');
      expect(await statusOf(canceled.orderId)).toBe('failed');
      expect(await statusOf(abandoned.orderId)).toBe('pending');
      // Younger than the threshold: the buyer may be typing their card right now.
      expect(await statusOf(fresh.orderId)).toBe('processing');
      // A second pass changes nothing, and the reopened order still pays (once).
      await sut.reconcile(60_000);
      expect(await statusOf(abandoned.orderId)).toBe('pending');
      const paidLater = await status.confirmTestCard({
        caller: ada,
        body: { cardNumber: '4242424242424242', paymentIntentId: abandoned.intent.paymentIntentId },
      });
      expect(paidLater.orderStatus).toBe('completed');
      // Transfers follow the charge, off the card step's path (issue 22): the books balance once they are made.
      await eventually(async () => ((await ledger.execute()).ok ? true : undefined));
    });
  });
});
