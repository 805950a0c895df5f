import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { PaymentIntentResponse } from '@paymarket/contracts';
import { createTestDatabase, eventually, type TestDatabase } from '@paymarket/platform/testing';
import { startFakeSmtpServer, type FakeSmtpServer } from '../../observability/test/fake-smtp-server.js';
import { scrape, sumOf, type Sample } from '../../observability/test/prometheus-text.js';

// Competing consumers, seen through the metrics: payments runs 3 replicas and notifications 2 (PAYMARKET_REPLICAS),
// 30 payments run at once, and every replica's own ops port shows it did part of the work while the sums across
// replicas show nothing was done twice — and the database agrees. Needs DATABASE_URL, AMQP_URL and a build.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const PAYMENTS = 30;
const PROVIDER = 'acct_1PMDemoPrintCo00001';
jest.setTimeout(180_000);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe('scaling: replicas share the work, and nothing is done twice (cluster mode)', () => {
  let database: TestDatabase;
  let db: pg.Client;
  let smtp: FakeSmtpServer;
  let launcher: ChildProcess;
  let output = '';
  let baseUrl: string;
  /** Replica name (payments-2) → its ops base URL, from the launcher's `metrics:` line. */
  let ops: Map<string, string>;
  let ip = 1;
  const freshIp = () => `10.91.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;

  beforeAll(async () => {
    if (!process.env.DATABASE_URL || !process.env.AMQP_URL) throw new Error('cluster tests need DATABASE_URL and AMQP_URL');
    database = await createTestDatabase();
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    smtp = await startFakeSmtpServer();
    const [port, stripePort, metricsPort] = [await freePort(), await freePort(), await freePort()];
    baseUrl = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: database.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      PAYMARKET_SEED: 'true',
      PAYMARKET_REPLICAS: 'payments=3,notifications=2',
      METRICS_PORT: String(metricsPort),
      SMTP_URL: smtp.url,
      STRIPE_SECRET_KEY: 'sk_test_emulator',
      STRIPE_EMULATOR_PORT: String(stripePort),
      STRIPE_API_URL: `http://127.0.0.1:${stripePort}`,
      STRIPE_WEBHOOK_URL: `${baseUrl}/api/stripe/webhook`,
      STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('hex')}`,
    };
    launcher = spawn(process.execPath, ['infra/cluster/start.mjs'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    launcher.stdout?.on('data', (c: Buffer) => (output += c.toString()));
    launcher.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    const line = await eventually(async () => /^metrics: (.+)$/m.exec(output)?.[1], 20_000, "the launcher's metrics ports");
    ops = new Map(
      line.split(' ').map((pair) => {
        const [replica, portText] = pair.split('=:');
        return [replica!, `http://127.0.0.1:${portText}`];
      }),
    );
    await eventually(
      async () => ((await fetch(`${baseUrl}/api/health/ready`).catch(() => undefined))?.status === 200 ? true : undefined),
      90_000,
      'the cluster to be ready',
    ).catch((err: unknown) => {
      throw new Error(`${String(err)}\n--- launcher output (end) ---\n${output.slice(-4000)}`);
    });
    // 60 s: on a busy 2-core machine (CI) the ten processes of the cluster can take longer than 30 s to all be ready.
    let notReady: string[] = [];
    await eventually(
      async () => {
        const states = await Promise.all(
          [...ops.entries()].map(([replica, url]) =>
            fetch(`${url}/health/ready`).then(
              (r) => [replica, r.status] as const,
              () => [replica, 0] as const,
            ),
          ),
        );
        notReady = states.filter(([, status]) => status !== 200).map(([replica, status]) => `${replica} (${status})`);
        return notReady.length === 0 ? true : undefined;
      },
      60_000,
      'every replica to be ready on its ops port',
    ).catch((err: unknown) => {
      throw new Error(`${String(err)}; not ready: ${notReady.join(', ')}\n--- launcher output (end) ---\n${output.slice(-4000)}`);
    });
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => {
      if (!launcher || launcher.exitCode !== null) return resolve();
      launcher.once('exit', () => resolve());
      launcher.kill('SIGTERM');
    });
    await db?.end();
    await database?.drop();
    await smtp?.close();
  });

  const post = (path: string, body: unknown, cookie?: string) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp(), ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });

  async function signInBuyer(): Promise<string> {
    const email = `scale.${Date.now()}@example.com`;
    expect((await post('/api/register-buyer', { name: 'Scale Test', email })).status).toBe(201);
    expect((await post('/api/auth/sign-in/code', { email })).status).toBe(202);
    // Sent over SMTP, so the code is read from the SMTP sink (the stored copy loses it once sent).
    const code = await eventually(async () => smtp.signInCode(email), 20_000, 'the sign-in code');
    const verified = await post('/api/auth/sign-in/verify', { email, code });
    return verified.headers.get('set-cookie')!.split(';')[0]!;
  }

  async function pay(cookie: string, n: number): Promise<string> {
    const orderId = `order_scale_${Date.now()}_${n}`;
    const order = { orderId, amount: '20.00', currency: 'usd', printProviderStripeAccountId: PROVIDER };
    expect((await post('/api/orders', order, cookie)).status).toBe(201);
    const intent = (await (await post('/api/create-payment-intent', order, cookie)).json()) as PaymentIntentResponse;
    const paid = await post(
      `/api/payments/${intent.paymentIntentId}/test-card`,
      { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
      cookie,
    );
    expect(paid.status).toBe(200);
    return orderId;
  }

  const scrapeAll = async (): Promise<Map<string, Sample[]>> =>
    new Map(await Promise.all([...ops].map(async ([replica, url]) => [replica, await scrape(url)] as const)));
  const total = (all: Map<string, Sample[]>, prefix: string, name: string, labels: Record<string, string> = {}) =>
    [...all].filter(([replica]) => replica.startsWith(prefix)).reduce((sum, [, samples]) => sum + sumOf(samples, name, labels), 0);

  it(`runs ${PAYMENTS} concurrent payments over 3 payments and 2 notifications replicas, each effect once`, async () => {
    expect([...ops.keys()].sort()).toEqual([
      'catalog-1',
      'gateway-1',
      'notifications-1',
      'notifications-2',
      'onboarding-1',
      'payments-1',
      'payments-2',
      'payments-3',
      'requests-1',
    ]);
    const cookie = await signInBuyer();
    const orderIds = await Promise.all(Array.from({ length: PAYMENTS }, (_, n) => pay(cookie, n)));

    // Wait until the receipts are consumed, every email is out, every outbox is drained, and the sent-email counters,
    // the stored rows and the SMTP sink agree. Another event (the buyer's welcome) may still add an email after the
    // receipts are in, and a replica counts a send before its round commits the row, so one look at each can straddle
    // a send (CI once saw 31 counted against 32 rows).
    const receipts = { consumer: 'payment-receipt-email', outcome: 'processed' };
    const all = await eventually(
      async () => {
        const samples = await scrapeAll();
        const emails = (
          await db.query(
            `SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending, count(*) FILTER (WHERE status = 'sent')::int AS sent
               FROM notifications.emails`,
          )
        ).rows[0] as { pending: number; sent: number };
        const sent = total(samples, 'notifications-', 'paymarket_emails_total', { outcome: 'sent' });
        const done =
          total(samples, 'notifications-', 'paymarket_inbox_messages_total', receipts) === PAYMENTS &&
          emails.pending === 0 &&
          sent === emails.sent &&
          smtp.messages.length === sent &&
          [...samples.values()].every((s) => sumOf(s, 'paymarket_outbox_backlog') === 0);
        return done ? samples : undefined;
      },
      60_000,
      'receipts consumed, outboxes drained, and sent emails agreeing across counters, rows and the SMTP sink',
    );

    // Each process reports itself under its replica name.
    for (const [replica, samples] of all) {
      const info = samples.filter((s) => s.name === 'paymarket_process_info');
      expect(info.map((s) => [s.labels.service, s.labels.replica])).toEqual([[replica.replace(/-\d+$/, ''), replica]]);
    }
    // Every replica did part of the work: RPC requests handled by each payments replica, events by each notifications one.
    const handled = (replica: string) => sumOf(all.get(replica)!, 'paymarket_rpc_server_requests_total', { service: 'payments' });
    const consumed = (replica: string) => sumOf(all.get(replica)!, 'paymarket_messages_consumed_total', { service: 'notifications' });
    for (const replica of ['payments-1', 'payments-2', 'payments-3']) expect(handled(replica)).toBeGreaterThan(0);
    for (const replica of ['notifications-1', 'notifications-2']) expect(consumed(replica)).toBeGreaterThan(0);

    // Sums across replicas: each payment settled once, each receipt's effect once, each email sent once.
    expect(total(all, 'payments-', 'paymarket_payments_total', { outcome: 'succeeded' })).toBe(PAYMENTS);
    expect(total(all, 'payments-', 'paymarket_rpc_server_requests_total', { pattern: 'payments.confirm_test_card', outcome: 'ok' })).toBe(
      PAYMENTS,
    );
    expect(total(all, 'payments-', 'paymarket_messages_published_total', { routing_key: 'payment.succeeded' })).toBe(PAYMENTS);
    expect(total(all, 'notifications-', 'paymarket_inbox_messages_total', receipts)).toBe(PAYMENTS);
    expect(total(all, '', 'paymarket_messages_dead_lettered_total')).toBe(0);
    const sentEmails = total(all, 'notifications-', 'paymarket_emails_total', { outcome: 'sent' });
    expect(total(all, 'notifications-', 'paymarket_emails_total', { outcome: 'failed' })).toBe(0);

    // The database agrees.
    const completed = await db.query(`SELECT count(*)::int AS n FROM payments.orders WHERE status = 'completed' AND order_id = ANY($1)`, [
      orderIds,
    ]);
    expect(completed.rows[0].n).toBe(PAYMENTS);
    const succeededEvents = await db.query(`SELECT count(*)::int AS n FROM payments.outbox WHERE name = 'payment.succeeded'`);
    expect(succeededEvents.rows[0].n).toBe(PAYMENTS);
    const receiptEffects = await db.query(`SELECT count(*)::int AS n FROM notifications.inbox WHERE consumer = 'payment-receipt-email'`);
    expect(receiptEffects.rows[0].n).toBe(PAYMENTS);
    // The sent-email counters, the stored rows and the SMTP sink agreed when the wait above ended (an email sent twice
    // or lost would have kept them apart until it timed out).
    // The welcome and sign-in emails, and one receipt per payment.
    expect(sentEmails).toBeGreaterThanOrEqual(PAYMENTS + 1);
  });
});
