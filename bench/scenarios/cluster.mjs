// P2 and P3 of `npm run bench:all`: cluster mode (`infra/cluster/start.mjs`) on the machine's PostgreSQL and
// RabbitMQ, in a database and a vhost of its own that are dropped afterwards. Skipped, with the reason, when either
// is unreachable.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import amqp from 'amqplib';
import pg from 'pg';
import { freePort, loadSideBySide, log, sleep, spawnNode, stopChild, waitForHttp } from '../lib/harness.mjs';
import { addCpu, cpuSnapshot, formatCpu } from '../lib/cpu.mjs';
import { latencySummary, scenarioResult, skippedResult, SCENARIOS } from '../lib/report.mjs';

const spec = (id) => SCENARIOS.find((s) => s.id === id);

function withTimeout(promise, ms, what) {
  return Promise.race([promise, new Promise((_, reject) => setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms))]);
}

async function reachable(pgUrl, amqpUrl) {
  const problems = [];
  const client = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
  } catch (err) {
    problems.push(`PostgreSQL at ${new URL(pgUrl).host} unreachable (${err.message})`);
  }
  try {
    const connection = await withTimeout(amqp.connect(amqpUrl), 3000, 'RabbitMQ');
    await connection.close();
  } catch (err) {
    problems.push(`RabbitMQ at ${new URL(amqpUrl).host} unreachable (${err.message})`);
  }
  return problems;
}

function rabbitmqctl(args) {
  const result = spawnSync('rabbitmqctl', args, { encoding: 'utf8', timeout: 30_000 });
  if (result.status !== 0)
    throw new Error(`rabbitmqctl ${args.join(' ')}: ${(result.stderr || result.error?.message || '').trim().split('\n')[0]}`);
}

export async function clusterScenarios({ root, duration, connections, only }) {
  const pgBase = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const amqpBase = process.env.BENCH_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
  const wanted = ['P2', 'P3'].filter((id) => !only || only.includes(id));
  if (wanted.length === 0) return [];
  const problems = await reachable(pgBase, amqpBase);
  if (problems.length > 0) return wanted.map((id) => skippedResult(spec(id), problems.join('; ')));

  const suffix = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const dbName = `paymarket_bench_${suffix}`;
  const pgbenchDb = `paymarket_bench_pgbench_${suffix}`;
  const vhost = `paymarket-bench-${suffix}`;
  const admin = new pg.Client({ connectionString: pgBase });
  await admin.connect();
  const results = [];
  let cluster;
  let vhostMade = false;
  try {
    try {
      rabbitmqctl(['add_vhost', vhost]);
      vhostMade = true;
      rabbitmqctl(['set_permissions', '-p', vhost, new URL(amqpBase).username || 'guest', '.*', '.*', '.*']);
    } catch (err) {
      return wanted.map((id) => skippedResult(spec(id), `cannot create a RabbitMQ vhost: ${err.message}`));
    }
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.query(`CREATE DATABASE ${pgbenchDb}`);
    const databaseUrl = Object.assign(new URL(pgBase), { pathname: `/${dbName}` }).toString();
    const amqpUrl = `${amqpBase.replace(/\/$/, '')}/${encodeURIComponent(vhost)}`;
    const [port, stripePort, metricsPort] = [await freePort(), await freePort(), await freePort()];
    const url = `http://127.0.0.1:${port}`;
    const env = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      AMQP_URL: amqpUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      // Ops ports from here up, one per process (infra/cluster/start.mjs): P3 reads their counters (workCounters).
      METRICS_PORT: String(metricsPort),
      PAYMARKET_SEED: 'true',
      NODE_ENV: 'development',
      STRIPE_SECRET_KEY: 'sk_test_emulator',
      STRIPE_EMULATOR_PORT: String(stripePort),
      STRIPE_API_URL: `http://127.0.0.1:${stripePort}`,
      STRIPE_WEBHOOK_URL: `${url}/api/stripe/webhook`,
      STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('hex')}`,
      PUBLIC_URL: url,
    };
    delete env.REDIS_URL;
    delete env.OTEL_EXPORTER_OTLP_ENDPOINT;
    delete env.PAYMARKET_REPLICAS;
    log(`cluster: starting gateway, five services and the Stripe emulator (database ${dbName}, vhost ${vhost})…`);
    cluster = spawnNode([join(root, 'infra/cluster/start.mjs')], { env, cwd: root });
    await waitForHttp(`${url}/api/health/ready`, { child: cluster, timeoutMs: 180_000, intervalMs: 200 });
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      if (wanted.includes('P2')) results.push(await p2({ url, db, root, amqpUrl, duration, connections }));
      if (wanted.includes('P3')) results.push(await p3({ url, db, pgbenchDb, pgBase, duration, metricsPort }));
    } finally {
      await db.end();
    }
  } catch (err) {
    const reason = `failed: ${String(err?.message ?? err).split('\n')[0]}`;
    log(`cluster: ${reason}\n${cluster?.stderrTail?.() ?? ''}`);
    for (const id of wanted) if (!results.some((r) => r.id === id)) results.push(skippedResult(spec(id), reason));
  } finally {
    await stopChild(cluster, 'SIGTERM', 30_000);
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${pgbenchDb} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    if (vhostMade) {
      try {
        rabbitmqctl(['delete_vhost', vhost]);
      } catch (err) {
        log(`cluster: ${err.message}`);
      }
    }
  }
  return results;
}

async function p2({ url, db, root, amqpUrl, duration, connections }) {
  log('P2: uncached read (GET /api/sellers/:id: gateway → RabbitMQ → catalog → PostgreSQL) vs a bare Nest RMQ echo…');
  let ids = [];
  for (let i = 0; i < 100 && ids.length === 0; i++) {
    ids = (await db.query(`SELECT id FROM catalog.sellers ORDER BY created_at LIMIT 8`)).rows.map((r) => r.id);
    if (ids.length === 0) await sleep(200);
  }
  if (ids.length === 0) throw new Error('the catalog seed did not create sellers');
  const queue = `bench.echo.${process.pid}`;
  const port = await freePort();
  const server = spawnNode([join(root, 'bench/anchors/rmq-echo-server.mjs'), amqpUrl, queue], { cwd: root });
  const http = spawnNode([join(root, 'bench/anchors/rmq-echo-http.mjs'), String(port), amqpUrl, queue], { cwd: root });
  let figure;
  let anchor;
  try {
    await waitForHttp(`http://127.0.0.1:${port}/echo/ready`, { child: http, timeoutMs: 30_000, intervalMs: 100 });
    ({ figure, anchor } = await loadSideBySide({
      figure: { url, requests: ids.map((id) => ({ method: 'GET', path: `/api/sellers/${id}` })) },
      anchor: { url: `http://127.0.0.1:${port}`, requests: ids.map((id) => ({ method: 'GET', path: `/echo/${id}` })) },
      connections,
      duration,
      // Processes just started: JIT, pools and the broker's channels need longer than an anchor echo to settle.
      warmup: 5,
    }));
    if (figure.non2xx > 0) log(`P2: ${figure.non2xx} non-2xx answers`);
  } finally {
    await stopChild(http);
    await stopChild(server);
  }
  log(`P2: ${figure.rps.toFixed(0)} req/s vs ${anchor.rps.toFixed(0)} req/s`);
  return scenarioResult(spec('P2'), {
    figure: figure.rps,
    anchor: anchor.rps,
    anchorLabel: 'Nest RMQ echo',
    latency: figure.latency,
    anchorLatency: anchor.latency,
    notes: [
      `${connections} connections, ${duration} s in alternating slices (req/s ${figure.slices.join('/')} vs ${anchor.slices.join('/')}); non-2xx ${figure.non2xx}, errors ${figure.errors}`,
      `CPU in cores while PayMarket ran: ${figure.cpu}`,
      `CPU in cores while the anchor ran: ${anchor.cpu}`,
    ],
  });
}

const post = (url, path, body, cookie) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

async function signIn(url) {
  const email = `bench.${Date.now()}@example.com`;
  const registered = await post(url, '/api/register-buyer', { name: 'Bench Buyer', email });
  if (registered.status !== 201) throw new Error(`register-buyer answered ${registered.status}`);
  const asked = await post(url, '/api/auth/sign-in/code', { email });
  if (asked.status !== 202) throw new Error(`sign-in code answered ${asked.status}`);
  let code;
  for (let i = 0; i < 100 && !code; i++) {
    const mail = await (await fetch(`${url}/api/dev/mailbox?limit=50`)).json();
    code = mail.find((m) => m.to === email && /\b\d{6}\b/.test(m.text))?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) await sleep(200);
  }
  if (!code) throw new Error('no sign-in code arrived in the mailbox');
  const verified = await post(url, '/api/auth/sign-in/verify', { email, code });
  if (verified.status !== 200) throw new Error(`sign-in verify answered ${verified.status}`);
  return verified.headers.get('set-cookie').split(';')[0];
}

/** What the cluster did so far, summed over its processes' /metrics (ops ports from `base` up) and PostgreSQL. */
async function workCounters(db, base) {
  const sums = { api: 0, webhooks: 0, rpc: 0, events: 0, published: 0, transactions: 0, stripe: 0 };
  for (let port = base; port < base + 16; port++) {
    const text = await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(1000) })
      .then((r) => (r.ok ? r.text() : ''))
      .catch(() => '');
    for (const line of text.split('\n')) {
      const value = Number(line.slice(line.lastIndexOf(' ') + 1));
      if (line.startsWith('paymarket_http_requests_total{'))
        sums[line.includes('route="/api/stripe/webhook"') ? 'webhooks' : 'api'] += value;
      else if (line.startsWith('paymarket_rpc_server_requests_total{')) sums.rpc += value;
      else if (line.startsWith('paymarket_messages_consumed_total{')) sums.events += value;
      else if (line.startsWith('paymarket_messages_published_total{')) sums.published += value;
      // Every request payments made to Stripe (its limiter's HTTP client counts them, retries included; issue 22).
      else if (line.startsWith('paymarket_stripe_requests_total{') && !line.includes('outcome="busy"')) sums.stripe += value;
    }
  }
  sums.transactions = Number(
    (await db.query(`SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()`)).rows[0].n,
  );
  return sums;
}

/** "per payment: 3 API requests, …" from two workCounters readings `payments` payments apart. */
function workPerPayment(before, after, payments) {
  const per = (key) => ((after[key] - before[key]) / payments).toFixed(1);
  return (
    `work per payment: ${per('api')} API requests, ${per('stripe')} Stripe requests, ${per('webhooks')} Stripe webhooks, ${per('rpc')} RPCs, ` +
    `${per('published')} events published, ${per('events')} event deliveries handled, ${per('transactions')} PostgreSQL transactions`
  );
}

async function p3({ url, db, pgbenchDb, pgBase, duration, metricsPort }) {
  const clients = Number(process.env.BENCH_P3_CLIENTS ?? 16);
  log(`P3: completed payments end to end, ${clients} clients for ${duration} s…`);
  const cookie = await signIn(url);
  const provider = 'acct_1PMDemoPrintCo00001';
  const runId = randomBytes(4).toString('hex');
  let attempts = 0;
  let failures = 0;
  const steps = { order: [], intent: [], testCard: [] };
  const timed = async (step, call) => {
    const t0 = performance.now();
    const res = await call();
    steps[step].push(performance.now() - t0);
    return res;
  };
  const pay = async (worker, n) => {
    const orderId = `bench_${runId}_${worker}_${n}`;
    const order = { orderId, amount: '25.00', currency: 'usd', printProviderStripeAccountId: provider };
    const created = await timed('order', () => post(url, '/api/orders', { ...order, description: `Bench ${orderId}` }, cookie));
    if (created.status !== 201) throw new Error(`orders ${created.status}`);
    const intentRes = await timed('intent', () => post(url, '/api/create-payment-intent', order, cookie));
    if (intentRes.status !== 200) throw new Error(`create-payment-intent ${intentRes.status}`);
    const intent = await intentRes.json();
    const paid = await timed('testCard', () =>
      post(
        url,
        `/api/payments/${intent.paymentIntentId}/test-card`,
        { cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
        cookie,
      ),
    );
    if (paid.status !== 200) throw new Error(`test-card ${paid.status}`);
    await paid.arrayBuffer();
  };
  // One warm-up payment per client (JIT, pools), not counted.
  await Promise.all(Array.from({ length: clients }, (_, w) => pay(w, -1)));
  for (const list of Object.values(steps)) list.length = 0;
  const workBefore = await workCounters(db, metricsPort);
  const startedAt = (await db.query('SELECT clock_timestamp() AS t')).rows[0].t;
  const deadline = Date.now() + duration * 1000;
  const cpuBefore = cpuSnapshot();
  await Promise.all(
    Array.from({ length: clients }, async (_, w) => {
      for (let n = 0; Date.now() < deadline; n++) {
        attempts++;
        try {
          await pay(w, n);
        } catch (err) {
          failures++;
          if (failures <= 3) log(`P3: a payment failed: ${err.message}`);
        }
      }
    }),
  );
  const cpu = formatCpu(addCpu(new Map(), cpuBefore, cpuSnapshot()), duration);
  const endedAt = new Date(startedAt.getTime() + duration * 1000);
  await sleep(3000);
  // Everything a payment set off has settled by now (events relayed and consumed, webhooks handled).
  const work = workPerPayment(workBefore, await workCounters(db, metricsPort), attempts);
  // Completed = the charge is booked in the ledger, within the window.
  const completed = (
    await db.query(
      `SELECT count(*)::int AS n FROM payments.ledger_entries e JOIN payments.orders o ON o.id = e.order_id
        WHERE e.kind = 'charge' AND o.order_id LIKE $1 AND e.created_at >= $2 AND e.created_at < $3`,
      [`bench_${runId}_%`, startedAt, endedAt],
    )
  ).rows[0].n;
  const figure = completed / duration;
  const stepText = Object.entries(steps)
    .map(([step, list]) => {
      const l = latencySummary(list);
      return `${step} p50 ${l.p50?.toFixed(0)} / p99 ${l.p99?.toFixed(0)} ms`;
    })
    .join(', ');
  log(`P3: ${completed} payments completed in ${duration} s (${attempts} attempted, ${failures} failed); pgbench TPC-B…`);

  const pgUrl = new URL(pgBase);
  const pgEnv = {
    ...process.env,
    PGHOST: pgUrl.hostname,
    PGPORT: pgUrl.port || '5432',
    PGUSER: decodeURIComponent(pgUrl.username || 'postgres'),
  };
  if (pgUrl.password) pgEnv.PGPASSWORD = decodeURIComponent(pgUrl.password);
  const init = spawnSync('pgbench', ['-i', '-q', '-s', '10', pgbenchDb], { env: pgEnv, encoding: 'utf8', timeout: 120_000 });
  if (init.status !== 0) throw new Error(`pgbench -i: ${(init.stderr || init.error?.message || '').trim().split('\n').at(-1)}`);
  const run = spawnSync('pgbench', ['-c', String(clients), '-j', '2', '-T', String(duration), pgbenchDb], {
    env: pgEnv,
    encoding: 'utf8',
    timeout: (duration + 60) * 1000,
  });
  const tps = Number(/tps = ([\d.]+)/.exec(run.stdout ?? '')?.[1]);
  if (!Number.isFinite(tps)) throw new Error(`pgbench: ${(run.stderr || run.stdout || '').trim().split('\n').at(-1)}`);
  log(`P3: ${figure.toFixed(1)} payments/s vs pgbench ${tps.toFixed(0)} tps`);
  return scenarioResult(spec('P3'), {
    figure,
    anchor: tps,
    anchorLabel: 'pgbench TPC-B tps',
    notes: [
      `per step: ${stepText}`,
      work,
      `CPU in cores while paying: ${cpu}`,
      `${clients} clients; order → intent → test card (4242…) → charge booked; ${attempts} attempted, ${failures} failed; pgbench -s 10 -c ${clients} -j 2 -T ${duration}`,
    ],
  });
}
