import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import Stripe from 'stripe';
import type { MailboxMessage, PaymentIntentResponse } from '@paymarket/contracts';
import { verifyLedgerAt } from '@paymarket/payments';
import { createTestDatabase, eventually, type TestDatabase } from '@paymarket/platform/testing';

// Issue 5's crash check, in cluster mode: the payments process is SIGKILLed, the charge happens at Stripe while it
// is down (Stripe's webhook meets a dead service), and after payments restarts the order completes once, the
// provider is transferred its share once, and the ledger reconciles with Stripe.
const root = fileURLToPath(new URL('../../../', import.meta.url));
jest.setTimeout(240_000);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function spawnNode(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr?.resume();
  return child;
}

function stop(child: ChildProcess | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

describe('payments crash between the charge and the webhook (cluster mode)', () => {
  let database: TestDatabase;
  let db: pg.Client;
  let rest: ChildProcess;
  let payments: ChildProcess | undefined;
  let env: NodeJS.ProcessEnv;
  let baseUrl: string;
  let stripeUrl: string;

  beforeAll(async () => {
    if (!process.env.DATABASE_URL || !process.env.AMQP_URL) throw new Error('cluster tests need DATABASE_URL and AMQP_URL');
    database = await createTestDatabase();
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const [port, stripePort] = [await freePort(), await freePort()];
    baseUrl = `http://127.0.0.1:${port}`;
    stripeUrl = `http://127.0.0.1:${stripePort}`;
    env = {
      ...process.env,
      DATABASE_URL: database.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      PAYMARKET_SEED: 'true',
      STRIPE_SECRET_KEY: 'sk_test_emulator',
      STRIPE_EMULATOR_PORT: String(stripePort),
      STRIPE_API_URL: stripeUrl,
      STRIPE_WEBHOOK_URL: `${baseUrl}/api/stripe/webhook`,
      STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('hex')}`,
    };
    rest = spawnNode(['infra/cluster/start.mjs', 'gateway', 'onboarding', 'catalog', 'requests', 'notifications', 'stripe-emulator'], env);
    payments = spawnNode(['services/payments/dist/main.js'], env);
    await eventually(
      async () => ((await fetch(`${baseUrl}/api/health/ready`).catch(() => undefined))?.status === 200 ? true : undefined),
      90_000,
      'readiness',
    );
  });

  afterAll(async () => {
    await stop(payments);
    await stop(rest);
    await db?.end();
    await database?.drop();
  });

  const post = (path: string, body: unknown, cookie?: string) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });

  it('completes the order once, transfers once and reconciles after payments restarts', async () => {
    const email = `crash.${Date.now()}@example.com`;
    expect((await post('/api/register-buyer', { name: 'Crash Test', email })).status).toBe(201);
    expect((await post('/api/auth/sign-in/code', { email })).status).toBe(202);
    const code = await eventually(
      async () => {
        const mail = (await (await fetch(`${baseUrl}/api/dev/mailbox?limit=50`)).json()) as MailboxMessage[];
        return mail.find((m) => m.to === email && /\b\d{6}\b/.test(m.text))?.text.match(/\b(\d{6})\b/)?.[1];
      },
      20_000,
      'the sign-in code',
    );
    const verified = await post('/api/auth/sign-in/verify', { email, code });
    const cookie = verified.headers.get('set-cookie')!.split(';')[0]!;

    const orderId = `order_crash_${Date.now()}`;
    const order = { orderId, amount: '100.00', currency: 'usd', printProviderStripeAccountId: 'acct_1PMDemoPrintCo00001' };
    expect((await post('/api/orders', order, cookie)).status).toBe(201);
    const intent = (await (await post('/api/create-payment-intent', order, cookie)).json()) as PaymentIntentResponse;

    // Payments dies; the buyer's card is charged at Stripe meanwhile, and Stripe's webhook finds no one.
    await stop(payments, 'SIGKILL');
    const stripe = new Stripe('sk_test_emulator', { host: '127.0.0.1', port: Number(new URL(stripeUrl).port), protocol: 'http' });
    const charged = await stripe.paymentIntents.confirm(intent.paymentIntentId, { payment_method: 'pm_card_visa' });
    expect(charged.status).toBe('succeeded');
    await new Promise((r) => setTimeout(r, 3_000));
    const status = async () =>
      (await db.query(`SELECT status FROM payments.orders WHERE order_id = $1`, [orderId])).rows[0]?.status as string;
    expect(await status()).toBe('processing');

    payments = spawnNode(['services/payments/dist/main.js'], env);
    await eventually(
      async () => ((await status()) === 'completed' ? true : undefined),
      90_000,
      'the order to complete from the retried webhook',
    );
    await new Promise((r) => setTimeout(r, 3_000));

    const transfers = await db.query(
      `SELECT t.amount_minor FROM payments.transfers t JOIN payments.orders o ON o.id = t.order_id WHERE o.order_id = $1`,
      [orderId],
    );
    expect(transfers.rows).toEqual([{ amount_minor: '10000' }]);
    const atStripe = await stripe.transfers.list({
      transfer_group: (await db.query(`SELECT id FROM payments.orders WHERE order_id = $1`, [orderId])).rows[0].id,
    });
    expect(atStripe.data.map((t) => t.amount)).toEqual([10000]);
    const events = await db.query(
      `SELECT count(*)::int AS n FROM payments.outbox WHERE name = 'payment.succeeded' AND payload->>'orderId' = $1`,
      [orderId],
    );
    expect(events.rows[0].n).toBe(1);
    const report = await verifyLedgerAt({ databaseUrl: database.url, stripe: { secretKey: 'sk_test_emulator', apiUrl: stripeUrl } });
    expect(report).toMatchObject({ ok: true, problems: [], stripeChecked: true });
  });
});
