import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createTestDatabase, eventually, type TestDatabase } from '@paymarket/platform/testing';

// Cluster mode as it runs in production: separate processes on real PostgreSQL and RabbitMQ, started with
// `npm run start:cluster`. Needs DATABASE_URL, AMQP_URL and a build (`npm run build`); `.ci/run` provides all three.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const amqpUrl = process.env.AMQP_URL;
jest.setTimeout(180_000);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface Cluster {
  stop(): Promise<void>;
  output(): string;
}

function startCluster(names: string[], env: NodeJS.ProcessEnv): Cluster {
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['infra/cluster/start.mjs', ...names], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  return {
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

describe('cluster mode resilience (separate processes, PostgreSQL, RabbitMQ)', () => {
  let database: TestDatabase;
  let db: pg.Client;
  let core: Cluster;
  let baseUrl: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    if (!process.env.DATABASE_URL || !amqpUrl) throw new Error('cluster tests need DATABASE_URL and AMQP_URL');
    database = await createTestDatabase();
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    // TRUST_PROXY: each registration comes from its own client address, so retries do not trip the per-IP limit.
    env = {
      ...process.env,
      DATABASE_URL: database.url,
      AMQP_URL: amqpUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
    };
    core = startCluster(['gateway', 'onboarding', 'catalog', 'payments', 'requests'], env);
    await eventually(
      async () => {
        const response = await fetch(`${baseUrl}/api/health/live`).catch(() => undefined);
        return response?.ok ? true : undefined;
      },
      60_000,
      'the gateway to listen',
    );
  });

  afterAll(async () => {
    await core?.stop();
    await db?.end();
    await database?.drop();
  });

  let client = 0;
  const register = (email: string) =>
    fetch(`${baseUrl}/api/register-buyer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.99.${Math.floor(client / 250)}.${(client++ % 250) + 1}` },
      body: JSON.stringify({ name: 'Cluster Buyer', email }),
    });
  // Until notifications first starts, its schema does not exist yet: that counts as no email.
  const emailsTo = async (email: string) =>
    Number(
      (
        await db
          .query('SELECT count(*) AS n FROM notifications.emails WHERE to_address = $1', [email])
          .catch(() => ({ rows: [{ n: '0' }] }))
      ).rows[0].n,
    );

  it('keeps the welcome email while notifications is down and sends it exactly once when it is back', async () => {
    const email = `offline.${Date.now()}@example.com`;
    const response = await register(email);
    expect(response.status).toBe(201);
    await new Promise((r) => setTimeout(r, 1500));

    const notifications = startCluster(['notifications'], env);
    try {
      await eventually(async () => ((await emailsTo(email)) > 0 ? true : undefined), 60_000, 'the welcome email');
      await new Promise((r) => setTimeout(r, 1500));
      expect(await emailsTo(email)).toBe(1);

      const ready = await fetch(`${baseUrl}/api/health/ready`);
      expect(ready.status).toBe(200);
    } finally {
      await notifications.stop();
    }
  });

  it('reconnects by itself after RabbitMQ restarts; a later registration still works end to end', async () => {
    const notifications = startCluster(['notifications'], env);
    try {
      await eventually(async () => ((await fetch(`${baseUrl}/api/health/ready`)).status === 200 ? true : undefined), 60_000, 'readiness');
      execFileSync('rabbitmqctl', ['stop_app'], { stdio: 'ignore' });
      execFileSync('rabbitmqctl', ['start_app'], { stdio: 'ignore' });

      // While the broker is down the gateway answers 503 at once; retry at a person's pace, a new address each time
      // (the per-email registration limit would otherwise refuse the retries themselves).
      const seen: string[] = [];
      let email = '';
      const status = await eventually(
        async () => {
          await new Promise((r) => setTimeout(r, 500));
          email = `after-restart.${Date.now()}@example.com`;
          const response = await register(email).catch((err: unknown) => (seen.push(String(err)), undefined));
          if (response) seen.push(`${response.status} ${response.status === 201 ? '' : (await response.text()).slice(0, 120)}`);
          return response?.status === 201 ? response.status : undefined;
        },
        90_000,
        'a registration after the broker restart',
      ).catch((err: unknown) => {
        // Say what the gateway answered and what the processes logged, so a failure here can be diagnosed.
        throw new Error(
          `${String(err)}\nanswers: ${[...new Set(seen)].join(' | ')}\nlog tail:\n${core.output().slice(-3000)}\n${notifications.output().slice(-1500)}`,
        );
      });
      expect(status).toBe(201);
      await eventually(async () => ((await emailsTo(email)) === 1 ? true : undefined), 30_000, 'the welcome email after the restart');
      await new Promise((r) => setTimeout(r, 1000));
      expect(await emailsTo(email)).toBe(1);
    } finally {
      await notifications.stop();
    }
  });
});
