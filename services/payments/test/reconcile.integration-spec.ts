import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { DataSource } from 'typeorm';
import type { Caller } from '@paymarket/contracts';
import { Idempotency, openServiceDatabase, OutboxRelay } from '@paymarket/platform';
import { createTestDatabase, eventually, type TestDatabase } from '@paymarket/platform/testing';
import { startStripeEmulator, type StripeEmulator } from '@paymarket/stripe-emulator';
import { ConnectedAccountCheck } from '../src/checkout/account-check.js';
import { CHECKOUT_ENTITIES, CHECKOUT_MIGRATIONS } from '../src/checkout/checkout.module.js';
import { CreateOrder } from '../src/checkout/create-order.use-case.js';
import { PaymentIntents } from '../src/checkout/payment-intents.use-case.js';
import { PaymentStatus } from '../src/checkout/payment-status.use-case.js';
import { RecipientResolver } from '../src/checkout/recipient.js';
import { SellerDirectory } from '../src/checkout/seller-directory.js';
import { SettlePayment } from '../src/checkout/settle-payment.js';
import { RecordDispute } from '../src/disputes/record-dispute.use-case.js';
import { DisputeFreeze } from '../src/disputes/refund-freeze.js';
import { VerifyLedger } from '../src/ledger/verify-ledger.use-case.js';
import { OrdersRepository } from '../src/orders/orders.repository.js';
import { reconcilerFor } from '../src/reconcile/reconcile-at.js';
import type { ReconcileWithStripe } from '../src/reconcile/reconcile-with-stripe.use-case.js';
import { checkForRestore, reconcileOwed, RestoreCheck } from '../src/reconcile/restore-check.js';
import { RefundOrder } from '../src/refunds/refund-order.use-case.js';
import { StripePaymentProcessor, StripeSdkGateway } from '../src/stripe/stripe.gateway.js';
import { TransferSweeper } from '../src/transfers/transfer-sweeper.js';

jest.setTimeout(120_000);

const PROVIDER = 'acct_1PMDemoPrintCo00001';
const ada: Caller = { buyer: { id: '0a0a0a0a-0000-4000-8000-000000000001', email: 'ada@example.com', name: 'Ada' } };
const admin: Caller = { admin: { id: 'ad000000-0000-4000-8000-000000000003', email: 'admin@example.com' } };

class NoSellers extends SellerDirectory {
  async payoutAccount() {
    return null;
  }
}

/** Everything the reconciliation must bring back, as rows a test can compare (ids, money, statuses, events). */
async function snapshot(db: DataSource, orderUuids: string[]) {
  const q = (sql: string) => db.query(sql, [orderUuids]) as Promise<unknown[]>;
  return {
    orders: await q(
      `SELECT id, order_id, kind, company_id, buyer_id, buyer_email, buyer_name, description, currency, amount_minor, fee_minor,
              total_minor, refunded_minor, recipient_ref, split, marketplace_id, fee_terms, status, payment_intent_id,
              latest_charge_id, failure_message, created_at
         FROM orders WHERE id = ANY($1) ORDER BY id`,
    ),
    transfers: await q(
      `SELECT order_id, party, destination, amount_minor, reversed_minor, stripe_transfer_id FROM transfers
        WHERE order_id = ANY($1) ORDER BY stripe_transfer_id`,
    ),
    refunds: await q(
      `SELECT id, order_id, amount_minor, allocation, reason, state, stripe_refund_id, requested_by FROM refunds
        WHERE order_id = ANY($1) ORDER BY id`,
    ),
    disputes: await q(
      `SELECT stripe_dispute_id, order_id, charge_id, amount_minor, currency, reason, status FROM disputes
        WHERE order_id = ANY($1) ORDER BY stripe_dispute_id`,
    ),
    ledger: await q(
      `SELECT e.order_id, e.kind, e.source, p.account, p.amount_minor FROM ledger_entries e
         JOIN ledger_postings p ON p.entry_id = e.id WHERE e.order_id = ANY($1) ORDER BY e.source, e.kind, p.account`,
    ),
    outbox: await db.query(
      `SELECT id, name, payload->>'orderId' AS order_id FROM outbox
        WHERE payload->>'orderId' IN (SELECT order_id FROM orders WHERE id = ANY($1)) ORDER BY id`,
      [orderUuids],
    ),
  };
}

/** What a restore to a point before these orders leaves: none of their rows, ledger entries or events. */
async function loseSinceBackup(db: DataSource, orderUuids: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`DELETE FROM outbox WHERE payload->>'orderId' IN (SELECT order_id FROM orders WHERE id = ANY($1))`, [orderUuids]);
    await tx.query(`DELETE FROM ledger_postings WHERE entry_id IN (SELECT id FROM ledger_entries WHERE order_id = ANY($1))`, [orderUuids]);
    for (const table of ['ledger_entries', 'transfers', 'refunds', 'disputes']) {
      await tx.query(`DELETE FROM ${table} WHERE order_id = ANY($1)`, [orderUuids]);
    }
    await tx.query(`DELETE FROM orders WHERE id = ANY($1)`, [orderUuids]);
  });
}

describe('reconciliation with Stripe after a restore (ADR 0069)', () => {
  let database: TestDatabase;
  let db: DataSource;
  let emulator: StripeEmulator;
  let processor: StripePaymentProcessor;
  let orders: OrdersRepository;
  let createOrder: CreateOrder;
  let intents: PaymentIntents;
  let status: PaymentStatus;
  let refunds: RefundOrder;
  let disputes: RecordDispute;
  let sweeper: TransferSweeper;
  let reconciler: ReconcileWithStripe;
  let backupAt: Date;
  let kept: string;
  const lost: Record<'paid' | 'refunded' | 'disputed' | 'canceled', string> = { paid: '', refunded: '', disputed: '', canceled: '' };
  let before: Awaited<ReturnType<typeof snapshot>>;

  let n = 0;
  async function order(card: string | null): Promise<{ uuid: string; paymentIntentId: string }> {
    const orderId = `rec_${Date.now()}_${n++}`;
    const body = { orderId, amount: '100.00', currency: 'usd' as const, printProviderStripeAccountId: PROVIDER };
    const created = await createOrder.execute({ caller: ada, body, idempotencyKey: `create-${orderId}` });
    const intent = await intents.forOrder({ caller: ada, body });
    if (card) await status.confirmTestCard({ caller: ada, body: { paymentIntentId: intent.paymentIntentId, cardNumber: card } });
    return { uuid: created.id, paymentIntentId: intent.paymentIntentId };
  }
  const transfersOf = async (uuid: string) => (await db.query(`SELECT 1 FROM transfers WHERE order_id = $1`, [uuid])).length as number;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = await openServiceDatabase({ url: database.url, schema: 'payments', entities: CHECKOUT_ENTITIES, migrations: CHECKOUT_MIGRATIONS });
    emulator = await startStripeEmulator();
    processor = new StripePaymentProcessor(
      new StripeSdkGateway({ secretKey: 'sk_test_reconcile', apiUrl: emulator.url, limiter: null }),
      null,
    );
    // Never started: events stay in the outbox, where the test reads their ids.
    const relay = new OutboxRelay(db, 'payments', () => Promise.resolve());
    const idempotency = new Idempotency(db);
    orders = new OrdersRepository(db);
    const recipients = new RecipientResolver(new ConnectedAccountCheck(processor), new NoSellers());
    const settle = new SettlePayment(orders, processor, relay);
    createOrder = new CreateOrder(orders, recipients, idempotency, relay);
    intents = new PaymentIntents(orders, processor, recipients, idempotency, relay);
    status = new PaymentStatus(orders, processor, settle);
    refunds = new RefundOrder(orders, processor, idempotency, relay, new DisputeFreeze(), settle);
    disputes = new RecordDispute(orders, processor, settle, relay);
    sweeper = new TransferSweeper(orders, settle);
    reconciler = reconcilerFor(db, processor);

    // An order paid before the backup: the restored database has it, and the reconciliation leaves it alone.
    kept = (await order('4242424242424242')).uuid;
    await eventually(async () => ((await transfersOf(kept)) === 1 ? true : undefined), 10_000, 'the kept order transferred');
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // Stripe's `created` is whole seconds
    backupAt = new Date(Math.floor(Date.now() / 1000) * 1000);

    // Paid after the backup: lost by the restore, known to Stripe.
    lost.paid = (await order('4242424242424242')).uuid;
    lost.refunded = (await order('4242424242424242')).uuid;
    const disputed = await order('4000000000000259');
    lost.disputed = disputed.uuid;
    const canceled = await order(null);
    lost.canceled = canceled.uuid;
    await new StripeSdkGateway({ secretKey: 'sk_test_reconcile', apiUrl: emulator.url, limiter: null }).cancelPaymentIntent(
      canceled.paymentIntentId,
    );
    await status.recheck({ caller: ada, body: { orderId: (await orders.byId(db.manager, canceled.uuid))!.orderId, status: 'completed' } });
    for (const uuid of [lost.paid, lost.refunded, lost.disputed]) {
      await eventually(async () => ((await transfersOf(uuid)) === 1 ? true : undefined), 10_000, 'transfers after the charge');
    }
    await refunds.execute({
      caller: admin,
      idempotencyKey: 'refund-1',
      body: { orderId: lost.refunded, amount: '40.00', reason: 'damaged' },
      audit: { actor: { type: 'admin', id: admin.admin!.id, label: admin.admin!.email }, ip: null, userAgent: null },
    });
    // The dispute's webhook, as Stripe would send it.
    for (const id of await processor.listDisputes(backupAt)) await disputes.fromStripe(id);
    before = await snapshot(db, Object.values(lost));
  });

  afterAll(async () => {
    await emulator?.close();
    await db?.destroy();
    await database?.drop();
  });

  it('starts from what the live path wrote: paid, refunded, disputed and canceled orders with their books and events', () => {
    expect(before.orders.map((o) => (o as { status: string }).status).sort()).toEqual([
      'completed',
      'completed',
      'failed',
      'partially_refunded',
    ]);
    expect(before.transfers).toHaveLength(3);
    expect(before.refunds).toHaveLength(1);
    expect(before.disputes).toHaveLength(1);
    expect(before.outbox.length).toBeGreaterThanOrEqual(20);
  });

  it('brings back every order, transfer, refund, dispute, ledger entry and event exactly once, under the original ids', async () => {
    await loseSinceBackup(db, Object.values(lost));
    expect((await snapshot(db, Object.values(lost))).orders).toEqual([]);

    const report = await reconciler.execute(backupAt);

    expect(report).toMatchObject({
      orders: { restored: 4, present: 0 },
      transfers: { restored: 3, present: 0 },
      refunds: { restored: 1, present: 0 },
      disputes: { restored: 1, present: 0 },
      skipped: [],
      failed: [],
    });
    const after = await snapshot(db, Object.values(lost));
    expect(after).toEqual(before);
    // The order paid before the backup is not Stripe's news since then.
    expect(await transfersOf(kept)).toBe(1);
    const ledger = await new VerifyLedger(orders, processor).execute(true);
    expect(ledger.problems).toEqual([]);
    expect(ledger.ok).toBe(true);
  });

  it('changes nothing the second time', async () => {
    const stamps = () => db.query(`SELECT id, updated_at FROM orders ORDER BY id`);
    const rows = async () =>
      (await db.query(`SELECT (SELECT count(*) FROM outbox) AS outbox, (SELECT count(*) FROM ledger_entries) AS ledger`)) as unknown[];
    const [stampsBefore, countsBefore] = [await stamps(), await rows()];

    const report = await reconciler.execute(backupAt);

    expect(report).toMatchObject({
      orders: { restored: 0, present: 4 },
      statusChanged: 0,
      transfers: { restored: 0, present: 3 },
      refunds: { restored: 0, present: 1 },
      disputes: { restored: 0, present: 1 },
      failed: [],
    });
    expect(await snapshot(db, Object.values(lost))).toEqual(before);
    expect(await stamps()).toEqual(stampsBefore);
    expect(await rows()).toEqual(countsBefore);
  });

  it('at start, payments finds its database restored and reconciles; no transfer is made while that is owed', async () => {
    // The first start on a database records which one it is and owes nothing.
    expect(await checkForRestore(db)).toBeNull();
    await loseSinceBackup(db, Object.values(lost));
    // A restore: the same database on another WAL timeline (what pgBackRest's point-in-time restore leaves).
    await db.query(`UPDATE service_state SET value = value || '-before-restore' WHERE key = 'database_identity'`);
    const owedFrom = await checkForRestore(db);
    // From the restored database's newest write, less a margin: before anything it lacks.
    expect(owedFrom!.getTime()).toBeLessThanOrEqual(backupAt.getTime());
    // Until it is done, the sweeper pays no one: what Stripe already paid is booked first.
    expect(await reconcileOwed(db.manager)).toBe(true);
    expect(await sweeper.sweep()).toBe(0);

    const check = new RestoreCheck(db, reconciler, 50);
    await check.onApplicationBootstrap();
    await check.whenDone();

    expect(await snapshot(db, Object.values(lost))).toEqual(before);
    expect(await reconcileOwed(db.manager)).toBe(false);
    expect(await checkForRestore(db)).toBeNull();
    await check.beforeApplicationShutdown();
  });
});
