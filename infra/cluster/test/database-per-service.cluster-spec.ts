import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { PaymentIntentResponse } from '@paymarket/contracts';
import { createTestDatabase, eventually, type TestDatabase } from '@paymarket/platform/testing';

// Issue 22, item 5: every service on a database of its own (start:cluster's <SERVICE>_DATABASE_URL), so a query that
// crossed into another service's schema would fail: that schema does not exist in its database. A buyer registers,
// signs in, pays a provider, a seller registers and a request is posted: every service and event path does its part,
// and each database holds its own service's schema and nothing else. Needs DATABASE_URL, AMQP_URL and a build.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const SERVICES = ['onboarding', 'catalog', 'payments', 'requests', 'notifications'] as const;
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

describe('a database per service (cluster mode)', () => {
  const databases = new Map<(typeof SERVICES)[number], TestDatabase>();
  let launcher: ChildProcess;
  let output = '';
  let baseUrl: string;
  let ip = 1;
  const freshIp = () => `10.92.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;

  const query = async (service: (typeof SERVICES)[number], sql: string, params: unknown[] = []) => {
    const client = new pg.Client({ connectionString: databases.get(service)!.url });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows as Array<Record<string, unknown>>;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    if (!process.env.DATABASE_URL || !process.env.AMQP_URL) throw new Error('cluster tests need DATABASE_URL and AMQP_URL');
    for (const service of SERVICES) databases.set(service, await createTestDatabase());
    const [port, stripePort, metricsPort] = [await freePort(), await freePort(), await freePort()];
    baseUrl = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...Object.fromEntries(SERVICES.map((s) => [`${s.toUpperCase()}_DATABASE_URL`, databases.get(s)!.url])),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      PAYMARKET_SEED: 'true',
      METRICS_PORT: String(metricsPort),
      STRIPE_SECRET_KEY: 'sk_test_emulator',
      STRIPE_EMULATOR_PORT: String(stripePort),
      STRIPE_API_URL: `http://127.0.0.1:${stripePort}`,
      STRIPE_WEBHOOK_URL: `${baseUrl}/api/stripe/webhook`,
      STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('hex')}`,
    };
    // No shared database at all: only the per-service URLs.
    delete env.DATABASE_URL;
    delete env.SMTP_URL;
    launcher = spawn(process.execPath, ['infra/cluster/start.mjs'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    launcher.stdout?.on('data', (c: Buffer) => (output += c.toString()));
    launcher.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    await eventually(
      async () => ((await fetch(`${baseUrl}/api/health/ready`).catch(() => undefined))?.status === 200 ? true : undefined),
      90_000,
      'the cluster to be ready',
    ).catch((err: unknown) => {
      throw new Error(`${String(err)}\n--- launcher output (end) ---\n${output.slice(-4000)}`);
    });
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => {
      if (!launcher || launcher.exitCode !== null) return resolve();
      launcher.once('exit', () => resolve());
      launcher.kill('SIGTERM');
    });
    for (const database of databases.values()) await database.drop();
  });

  const post = (path: string, body: unknown, cookie?: string) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp(), ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });

  it('runs every flow with each service on its own database, each database holding only its own schema', async () => {
    // onboarding → notifications: a buyer registers and signs in with the emailed code (read from the mailbox).
    const email = `own-db.${Date.now()}@example.com`;
    expect((await post('/api/register-buyer', { name: 'Own Db', email })).status).toBe(201);
    expect((await post('/api/auth/sign-in/code', { email })).status).toBe(202);
    const code = await eventually(
      async () => {
        const mails = (await (await fetch(`${baseUrl}/api/dev/mailbox?limit=50`)).json()) as Array<{ to: string; subject: string }>;
        return mails.map((m) => (m.to === email ? /(\d{6})/.exec(m.subject)?.[1] : undefined)).find(Boolean);
      },
      20_000,
      'the sign-in code',
    );
    const verified = await post('/api/auth/sign-in/verify', { email, code });
    expect(verified.status).toBe(200);
    const cookie = verified.headers.get('set-cookie')!.split(';')[0]!;

    // payments (asks catalog for the provider's name, Stripe for the account) → notifications (receipt).
    const order = { orderId: `own_db_${Date.now()}`, amount: '20.00', currency: 'usd', printProviderStripeAccountId: PROVIDER };
    expect((await post('/api/orders', order, cookie)).status).toBe(201);
    const intent = (await (await post('/api/create-payment-intent', order, cookie)).json()) as PaymentIntentResponse;
    const paid = await post(
      `/api/payments/${intent.paymentIntentId}/test-card`,
      { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
      cookie,
    );
    expect(paid.status).toBe(200);

    // catalog: a seller registers; requests: the buyer posts a request.
    const seller = await post('/api/register-seller', {
      businessName: `Own Db Prints ${Date.now()}`,
      sellerName: 'Lou Tremblay',
      email: `seller.${email}`,
      phone: '4165550100',
      category: 'printing',
      description: 'Letterpress and risograph studio for small runs and art editions.',
      products: 'Letterpress cards, riso prints',
      pricing: 'From $40 per 100 cards',
      location: 'Montreal, QC',
    });
    expect(seller.status).toBe(201);
    const posted = await post(
      '/api/buyer-requests',
      { title: 'Risograph posters', description: '200 two-colour risograph posters on recycled paper.', category: 'marketing-materials' },
      cookie,
    );
    expect(posted.status).toBe(201);

    // Every effect landed in its own service's database.
    await eventually(
      async () => {
        const receipt = await query('notifications', `SELECT 1 FROM notifications.emails WHERE subject LIKE $1`, [`%${order.orderId}%`]);
        const completed = await query('payments', `SELECT 1 FROM payments.orders WHERE order_id = $1 AND status = 'completed'`, [
          order.orderId,
        ]);
        const transfer = await query(
          'payments',
          `SELECT 1 FROM payments.transfers t JOIN payments.orders o ON o.id = t.order_id WHERE o.order_id = $1`,
          [order.orderId],
        );
        return receipt.length && completed.length && transfer.length ? true : undefined;
      },
      30_000,
      'the order completed and paid out, and its receipt written',
    );
    expect(await query('onboarding', `SELECT 1 FROM onboarding.buyers WHERE email = $1`, [email])).toHaveLength(1);
    expect(await query('catalog', `SELECT 1 FROM catalog.sellers WHERE email = $1`, [`seller.${email}`])).toHaveLength(1);
    expect(await query('requests', `SELECT 1 FROM requests.buyer_requests WHERE title = 'Risograph posters'`)).toHaveLength(1);

    // No database holds another service's schema: a query crossing schemas would have failed above.
    for (const service of SERVICES) {
      const schemas = (
        await query(
          service,
          `SELECT nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema' ORDER BY 1`,
        )
      ).map((r) => r.nspname);
      expect(schemas).toEqual([service, 'public'].sort());
      const foreign = await query(service, `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`);
      expect(foreign[0]!.n).toBe(0);
    }
  });
});
