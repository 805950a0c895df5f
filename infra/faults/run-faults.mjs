// `npm run test:faults`: the fault-injection tier (issue 12). Cluster mode (infra/cluster/start.mjs) on the real
// PostgreSQL and RabbitMQ of this machine, in a database and a vhost of its own; a load driver runs concurrent
// integrator checkouts (order → PaymentIntent → test card → Stripe webhook → ledger → transfers → receipts →
// webhooks to a local receiver) while one fault happens:
//   F1 kill -9 of each process in turn · F2 RabbitMQ stopped and started · F3 PostgreSQL restarted ·
//   F4 the Stripe emulator frozen (default 30 s), then its webhooks and our events duplicated and out of order ·
//   F5 the integrator's receiver down, then back (compressed retry schedule) ·
//   F6 Stripe's rate limit (issue 22): a fresh cluster with the emulator at test-mode limits (25/s), 3 payments
//      replicas sharing their limiter through Redis, a burst of F6_CHECKOUTS (200) concurrent checkouts while another
//      system on the same Stripe account bursts too; besides the checks below: every refusal retryable, the emulator
//      answered 429 at least once and admitted no more than its limit in any second, and payments' own requests were
//      refused with 429 at most 10% of the time (it waits in line below the limit instead).
//   F7 the database lost (issue 35, infra/faults/f7-database-lost.mjs): a private PostgreSQL archiving to pgBackRest,
//      kill -9 and its data folder deleted mid-load, restored, reconciled with Stripe.
//   F8 a RabbitMQ node lost (issue 35, infra/faults/f8-broker-node-lost.mjs): a three-node cluster of its own, kill -9
//      of one node under load, then of the node leading the payments queue; each process's time to reconnect.
// After each fault it waits for quiet and checks: every succeeded PaymentIntent has exactly one completed order; no
// completed order without a succeeded PaymentIntent; no order left `processing` once Stripe says otherwise;
// `ledger:verify` clean; every event reached the receiver (duplicates only with the same webhook-id); no email
// twice; no dead letters; no process exited that was not killed. Prints per fault: attempts, succeeded, refused
// (with the error), lost, duplicated; writes test-results/faults.json ({passed, failed}) for .ci/run.
//
//
// Prometheus (issue 23): a real one (infra/scripts/prometheus.mjs: the repo's start:cluster scrape config with the
// processes' ops ports, scraping every 2 s, and the repo's alert rules with durations compressed: every `for` ≤ 5 s and
// every range window 1m, thresholds unchanged) watches the cluster; its /api/v1/alerts is polled every second. F2 keeps
// RabbitMQ down long enough (FAULTS_RABBIT_DOWN_S, 90 s with Prometheus) for PayMarketOutboxLagging (oldest unsent
// event over 60 s) to fire, and it must resolve once the broker is back; F5 must fire and resolve
// PayMarketWebhookFailureRate. After the faults, a poison event (a malformed seller.registered) must fire
// PayMarketMessagesDeadLettered and be listed by `npm run dead-letters` (docs/runbook.md), and every panel of the
// Grafana dashboard must return data through /api/v1/query. Then every alert's "First three commands" of
// docs/runbook.md run as written (infra/observability/runbook-commands.mjs: bash -c with the runbook's $PROM,
// $DATABASE_URL, $VHOST, $API, $KEY, $ENDPOINT, $SERVICE and $OPS set for this cluster): one test per alert, failed by a
// command's non-zero exit or a Prometheus answer other than success. Each of these counts as a test; the tier prints,
// per alert, "fired at T, resolved at T". FAULTS_PROMETHEUS=0 runs without (when the binary is missing it is a failure).
//
// Env: DATABASE_URL_ADMIN (default postgres://postgres@127.0.0.1:5432/postgres), AMQP_BASE (default
// amqp://guest:guest@127.0.0.1:5672), FAULTS (e.g. "F1,F3"; default all), FAULTS_CHECKOUTS (per fault, default 40),
// FAULTS_CONCURRENCY (default 16), FAULTS_STRIPE_DOWN_S (default 30), F6_CHECKOUTS (default 200),
// FAULTS_RABBIT_DOWN_S (default 90 with Prometheus, else 10), FAULTS_PROMETHEUS (default 1), FAULTS_DB and FAULTS_VHOST
// (default paymarket_faults, paymarket-faults), PAYMARKET_UNSAFE_SKIP_RECONCILE=1 (F7 without its reconcile step).
// Only sends traffic to 127.0.0.1. Stops every process it started; leaves PostgreSQL and RabbitMQ running.
import { spawn, spawnSync } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { clearInterval, setInterval } from 'node:timers';
import amqp from 'amqplib';
import pg from 'pg';
import { describeFailure, readRunbook, runSection } from '../observability/runbook-commands.mjs';
import { buildIfNeeded, root } from '../scripts/build-if-needed.mjs';
import { databaseLost } from './f7-database-lost.mjs';
import { brokerNodeLost } from './f8-broker-node-lost.mjs';
import {
  ALERT_RULES,
  DASHBOARD,
  compressRules,
  currentAlerts,
  dashboardQueries,
  instantQuery,
  prometheusInstalled,
  startPrometheus,
} from '../scripts/prometheus.mjs';

const ADMIN_URL = process.env.DATABASE_URL_ADMIN ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// FAULTS_DB / FAULTS_VHOST: names of its own, so two runs on one machine never drop each other's database or vhost.
const DB = process.env.FAULTS_DB ?? 'paymarket_faults';
const VHOST = process.env.FAULTS_VHOST ?? 'paymarket-faults';
// `let`: F7 points the cluster and the checks at its private PostgreSQL for a while (useDatabase).
let DATABASE_URL = ADMIN_URL.replace(/\/[^/]*$/, `/${DB}`);
const AMQP_URL = `${process.env.AMQP_BASE ?? 'amqp://guest:guest@127.0.0.1:5672'}/${VHOST}`;
/** The broker the checks read: the system node, or F8's own three-node cluster while F8 runs (`useBroker`). */
let broker = { url: AMQP_URL, queueDepths: systemQueueDepths };
const useBroker = (next) => (broker = next ?? { url: AMQP_URL, queueDepths: systemQueueDepths });
const CHECKOUTS = Number(process.env.FAULTS_CHECKOUTS ?? 40);
const CONCURRENCY = Number(process.env.FAULTS_CONCURRENCY ?? 16);
const STRIPE_DOWN_S = Number(process.env.FAULTS_STRIPE_DOWN_S ?? 30);
// F7 and F8 run before F4: each ends on a freshly started cluster, and the dashboard check after the faults needs F4's
// duplicates (the inbox panel's 5-minute rate) to be recent.
const SELECTED = (process.env.FAULTS ?? 'F1,F2,F3,F7,F8,F4,F5,F6').split(',').map((s) => s.trim().toUpperCase());
const F6_CHECKOUTS = Number(process.env.F6_CHECKOUTS ?? 200);
const WITH_PROMETHEUS = process.env.FAULTS_PROMETHEUS !== '0';
// With Prometheus, long enough for the oldest unsent outbox row to pass the alert's 60 s and its (compressed) `for`.
const RABBIT_DOWN_S = Number(process.env.FAULTS_RABBIT_DOWN_S ?? (WITH_PROMETHEUS ? 90 : 10));
/** Stripe's test-mode limit, as the emulator enforces it in F6, and payments' limiter below it. */
const STRIPE_TEST_LIMIT = 25;
const PAYMENTS_STRIPE_RATE = 20;
const PROCESSES = ['gateway', 'payments', 'notifications', 'catalog', 'onboarding', 'requests'];
const PROVIDER = 'acct_1PMDemoPrintCo00001';
const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('hex')}`;
const outDir = join(root, 'test-results');
const CLUSTER_LOG = join(outDir, process.env.FAULTS_CLUSTER_LOG ?? 'faults-cluster.log');
mkdirSync(outDir, { recursive: true });

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const now = () => new Date().toISOString().slice(11, 19);
const say = (line) => console.log(`[faults ${now()}] ${line}`);

async function freePort() {
  const { createServer: net } = await import('node:net');
  return new Promise((resolve) => {
    const server = net().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** fetch, retried on network errors (a connection reset while a process restarts or resumes). */
async function fetchRetry(url, init = {}, attempts = 8) {
  for (let i = 1; ; i++) {
    try {
      return await fetch(url, init);
    } catch (err) {
      if (i >= attempts) throw err;
      await sleep(500 * i);
    }
  }
}

function sh(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: 120_000, ...options });
  if (result.status !== 0 && !options.allowFail) {
    throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${result.stderr || result.stdout}`);
  }
  return result.stdout ?? '';
}

// ---- infrastructure: a database and a vhost of our own --------------------------------------------------------

async function freshDatabase() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DB}`);
  await admin.end();
  sh('rabbitmqctl', ['-q', 'delete_vhost', VHOST], { allowFail: true });
  sh('rabbitmqctl', ['-q', 'add_vhost', VHOST]);
  sh('rabbitmqctl', ['-q', 'set_permissions', '-p', VHOST, 'guest', '.*', '.*', '.*']);
}

async function dropDatabase() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect().catch(() => undefined);
  await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`).catch(() => undefined);
  await admin.end().catch(() => undefined);
  sh('rabbitmqctl', ['-q', 'delete_vhost', VHOST], { allowFail: true });
}

let db;
/** The database the cluster and the checks use from now on: `url`, or the tier's own (undefined). */
function useDatabase(url) {
  DATABASE_URL = url ?? ADMIN_URL.replace(/\/[^/]*$/, `/${DB}`);
  db?.end().catch(() => undefined);
  db = undefined;
}

async function query(sql, params = []) {
  for (let attempt = 0; ; attempt++) {
    try {
      if (!db) {
        db = new pg.Client({ connectionString: DATABASE_URL });
        db.on('error', () => (db = undefined));
        await db.connect();
      }
      return (await db.query(sql, params)).rows;
    } catch (err) {
      db?.end().catch(() => undefined);
      db = undefined;
      if (attempt >= 30) throw err;
      await sleep(1000);
    }
  }
}

function rabbitReady() {
  return spawnSync('rabbitmq-diagnostics', ['-q', 'check_running'], { timeout: 30_000 }).status === 0;
}

const queueDepths = () => broker.queueDepths();

function systemQueueDepths() {
  const out = sh('rabbitmqctl', ['-q', 'list_queues', '-p', VHOST, 'name', 'messages', '--no-table-headers'], { allowFail: true });
  return out
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => line.trim().split(/\s+/))
    .map(([name, messages]) => ({ name, messages: Number(messages) }));
}

// ---- the cluster ------------------------------------------------------------------------------------------------

let launcher;
const exits = [];
let gatewayUrl;
let emulatorUrl;
/** Each process's ops URL (its first replica's), by name: the runbook's $OPS. */
let opsUrls = {};

async function startCluster(overrides = {}) {
  const port = await freePort();
  const emulatorPort = await freePort();
  gatewayUrl = `http://127.0.0.1:${port}`;
  emulatorUrl = `http://127.0.0.1:${emulatorPort}`;
  const logFile = createWriteStream(CLUSTER_LOG);
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL,
    AMQP_URL,
    PORT: String(port),
    HOST: '127.0.0.1',
    TRUST_PROXY: 'true',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // Ops ports from a free one up, kept across restarts (infra/cluster/start.mjs prints them), so Prometheus's
    // targets stay right when F1 kills a process.
    METRICS_PORT: String(await freePort()),
    PUBLIC_URL: gatewayUrl,
    STRIPE_SECRET_KEY: 'sk_test_emulator',
    STRIPE_EMULATOR_PORT: String(emulatorPort),
    STRIPE_API_URL: emulatorUrl,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_WEBHOOK_URL: `${gatewayUrl}/api/stripe/webhook`,
    RPC_TIMEOUT_MS: '8000',
    // A client retrying through a fault comes back many times; the load is ours, so the limits are lifted.
    RATE_LIMIT_PUBLIC_FORM: '999999,999999,60',
    RATE_LIMIT_INTEGRATOR_API: '999999,999999,60',
    // F5: a compressed retry schedule, so a receiver down for 20 s is retried within seconds of coming back.
    WEBHOOK_RETRY_SCHEDULE_MS: '500,1000,2000,3000,4000,5000,5000,5000,5000,5000,5000,5000,5000,5000,5000',
    WEBHOOK_MAX_ATTEMPTS: '16',
    WEBHOOK_POLL_MS: '250',
    WEBHOOK_TIMEOUT_MS: '3000',
    // An order whose card step failed mid-fault is re-read from Stripe after 5 s (ProcessingReconciler).
    PAYMENTS_RECONCILE_AFTER_SECONDS: '5',
  };
  delete env.REDIS_URL;
  Object.assign(env, overrides);
  launcher = spawn(process.execPath, [join(root, 'infra/cluster/start.mjs')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let resolveOps;
  const opsPorts = new Promise((resolve) => (resolveOps = resolve));
  const collect = (chunk) => {
    const text = chunk.toString();
    logFile.write(text);
    const ops = /^metrics: (.*)$/m.exec(text);
    if (ops) {
      const replicas = [...ops[1].matchAll(/([\w-]+)-\d+=:(\d+)/g)];
      opsUrls = {};
      for (const [, name, port] of replicas) opsUrls[name] ??= `http://127.0.0.1:${port}`;
      resolveOps(replicas.map((m) => `127.0.0.1:${m[2]}`));
    }
    for (const match of text.matchAll(/^\[([\w-]+)(?:#\d+)?\] exited \(([^)]*)\)/gm))
      exits.push({ name: match[1], how: match[2], at: Date.now() });
  };
  launcher.stdout.on('data', collect);
  launcher.stderr.on('data', collect);
  await waitFor(async () => (await fetch(`${gatewayUrl}/api/health/ready`).catch(() => undefined))?.ok, 180_000, 'the cluster to be ready');
  if (WITH_PROMETHEUS) {
    const targets = await Promise.race([opsPorts, sleep(5_000).then(() => [])]);
    if (targets.length === 0) throw new Error('the launcher printed no ops ports for Prometheus to scrape');
    prometheus = await startPrometheus({
      targets,
      scrapeInterval: '2s',
      rules: compressRules(readFileSync(ALERT_RULES, 'utf8')),
      log: (line) => logFile.write(`[prometheus] ${line}\n`),
    });
    say(`Prometheus at ${prometheus.url} scraping ${targets.join(' ')}`);
    watchAlerts();
  }
}

// ---- Prometheus: its alerts, watched every second ---------------------------------------------------------------

let prometheus;
/** Every alert seen firing: `name{labels}` → { name, labels, firedAt, resolvedAt } (ms). */
const alertLog = new Map();
let alertWatch;

function alertKey(a) {
  const labels = Object.entries(a.labels)
    .filter(([k]) => k !== 'alertname' && k !== 'severity')
    .map(([k, v]) => `${k}="${v}"`)
    .join(',');
  return `${a.name}{${labels}}`;
}

function watchAlerts() {
  clearInterval(alertWatch);
  alertWatch = setInterval(async () => {
    const url = prometheus?.url;
    if (!url) return;
    const alerts = await currentAlerts(url).catch(() => undefined);
    if (!alerts) return;
    const firing = new Set();
    for (const a of alerts.filter((x) => x.state === 'firing')) {
      const key = alertKey(a);
      firing.add(key);
      const seen = alertLog.get(key);
      if (!seen || seen.resolvedAt) {
        // A second episode of the same alert replaces the first (its times are what the last fault caused).
        alertLog.set(key, { name: a.name, labels: a.labels, firedAt: Date.now(), resolvedAt: undefined });
        say(`   alert ${key} firing`);
      }
    }
    for (const [key, seen] of alertLog) {
      if (!seen.resolvedAt && !firing.has(key)) {
        seen.resolvedAt = Date.now();
        say(`   alert ${key} resolved`);
      }
    }
  }, 1000);
}

async function stopPrometheus() {
  clearInterval(alertWatch);
  await prometheus?.stop().catch(() => undefined);
  prometheus = undefined;
}

const clock = (ms) => (ms ? new Date(ms).toISOString().slice(11, 19) : '—');

/**
 * A test: `name` fired after `since` (and resolved, when `resolve`), within `timeoutMs`. Prints "fired at T,
 * resolved at T".
 */
async function expectAlert(label, name, { since, resolve, timeoutMs = 150_000 }) {
  if (!WITH_PROMETHEUS) return [];
  const episode = () => [...alertLog.values()].find((a) => a.name === name && a.firedAt >= since);
  const done = () => {
    const a = episode();
    return Boolean(a && (!resolve || a.resolvedAt));
  };
  await waitFor(async () => done(), timeoutMs, `${name}`).catch(() => undefined);
  const a = episode();
  const pass = done();
  const what = a ? `${alertKey(a)} fired at ${clock(a.firedAt)}, resolved at ${clock(a.resolvedAt)}` : `${name} never fired`;
  say(`${pass ? 'PASS' : 'FAIL'} ${label}: ${what}`);
  return [{ label, pass, problems: pass ? [] : [`${what}${resolve && a && !a.resolvedAt ? ' (did not resolve)' : ''}`] }];
}

async function stopCluster() {
  await stopPrometheus();
  if (!launcher || launcher.exitCode !== null) return;
  const done = new Promise((resolve) => launcher.once('exit', resolve));
  launcher.kill('SIGTERM');
  await Promise.race([done, sleep(20_000)]);
  if (launcher.exitCode === null) {
    for (const child of childrenOfLauncher()) {
      try {
        process.kill(child.pid, 'SIGKILL');
      } catch {
        // gone already
      }
    }
    launcher.kill('SIGKILL');
  }
}

/** The launcher's children (the processes we started through it), by pid and entry file. */
function childrenOfLauncher() {
  if (!launcher?.pid) return [];
  const out = sh('ps', ['-o', 'pid=,args=', '--ppid', String(launcher.pid)], { allowFail: true });
  return out
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [pid, ...args] = line.trim().split(/\s+/);
      const entry = args.find((a) => a.includes('/dist/main.js')) ?? '';
      const name = entry.includes('stripe-emulator')
        ? 'stripe-emulator'
        : (/(?:services\/)?([\w-]+)\/dist\/main\.js$/.exec(entry)?.[1] ?? '');
      return { pid: Number(pid), name };
    });
}

/** Sends `signal` to every replica of a process (F8 pauses notifications with SIGSTOP); returns how many it reached. */
function signalProcesses(name, signal) {
  let reached = 0;
  for (const child of childrenOfLauncher().filter((c) => c.name === name)) {
    try {
      process.kill(child.pid, signal);
      reached++;
    } catch {
      // gone
    }
  }
  return reached;
}

function pidOf(name) {
  return childrenOfLauncher().find((c) => c.name === name)?.pid;
}

async function waitFor(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    await sleep(500);
  }
  throw new Error(`timed out waiting for ${what}`);
}

// ---- the integrator: a company, its key, and a receiver for its webhooks ----------------------------------------

const received = []; // { webhookId, type, orderId }
let receiver;
let receiverPort;

function startReceiver() {
  return new Promise((resolve) => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        let parsed = {};
        try {
          parsed = JSON.parse(body);
        } catch {
          // recorded as is
        }
        received.push({
          webhookId: String(req.headers['webhook-id'] ?? ''),
          type: parsed.type,
          orderId: parsed.data?.orderId ?? parsed.data?.object?.orderId,
        });
        res.writeHead(200).end('ok');
      });
    });
    receiver.listen(receiverPort ?? 0, '127.0.0.1', () => {
      receiverPort = receiver.address().port;
      resolve();
    });
  });
}

function stopReceiver() {
  return new Promise((resolve) => {
    receiver.closeAllConnections?.();
    receiver.close(() => resolve());
  });
}

let apiKey;
let companyId;
let endpointId;
async function api(method, path, body, { idempotencyKey, auth = true } = {}) {
  const headers = { 'x-forwarded-for': `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` };
  if (auth) headers.authorization = `Bearer ${apiKey}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  const response = await fetch(`${gatewayUrl}${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    signal: globalThis.AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, json, text };
}

async function setupCompany() {
  const run = Date.now().toString(36);
  const access = await api(
    'POST',
    '/api/request-api-access',
    {
      name: 'Faults Inc',
      website: `https://faults-${run}.com`,
      email: `ops@faults-${run}.com`,
      businessType: 'saas',
      contactName: 'Ada Lovelace',
      contactPhone: '+1 416 555 0134',
      taxId: 'CA-123456789',
    },
    { auth: false },
  );
  if (access.status !== 201 || access.json?.status !== 'approved') throw new Error(`company not approved: ${access.status} ${access.text}`);
  apiKey = access.json.credentials.secretKey;
  companyId = access.json.company.id;
  const endpoint = await api('POST', '/api/v1/webhook-endpoints', {
    url: `http://127.0.0.1:${receiverPort}/hook`,
    events: WEBHOOK_EVENTS,
  });
  if (endpoint.status !== 201) throw new Error(`webhook endpoint: ${endpoint.status} ${endpoint.text}`);
  endpointId = endpoint.json.id;
}

// ---- the load: concurrent checkouts, each retried through the fault as a careful client would ---------------------

/** The events the integrator's endpoint subscribes to. */
const WEBHOOK_EVENTS = ['payment.succeeded', 'payment.failed', 'payment.pending', 'payment.refunded', 'order.updated'];

const RETRYABLE = (status) => status === 0 || status === 429 || status >= 500;

/** One step, retried on 5xx/429/network errors for up to `budgetMs` (same Idempotency-Key every time). */
async function step(method, path, body, idempotencyKey, budgetMs = 120_000) {
  const deadline = Date.now() + budgetMs;
  let last;
  for (let attempt = 0; ; attempt++) {
    try {
      last = await api(method, path, body, { idempotencyKey });
    } catch (err) {
      last = { status: 0, text: String(err?.message ?? err) };
    }
    if (!RETRYABLE(last.status) || Date.now() > deadline) return last;
    await sleep(Math.min(3000, 300 * 2 ** Math.min(attempt, 4)));
  }
}

/** Card steps sent and not answered yet (F2 stops the broker only while some are waiting on Stripe). */
let cardStepsInFlight = 0;
/** Checkouts started and not finished: once none is left, no card step can be waited for any more. */
let checkoutsRunning = 0;

async function checkout(tag, i) {
  checkoutsRunning += 1;
  try {
    return await checkoutSteps(tag, i);
  } finally {
    checkoutsRunning -= 1;
  }
}

async function checkoutSteps(tag, i) {
  const orderId = `${tag}_${i}_${randomUUID().slice(0, 8)}`;
  const result = { orderId, outcome: 'refused', reason: '', status: 0, orderUuid: null, paymentIntentId: null };
  const created = await step(
    'POST',
    '/api/v1/orders',
    {
      orderId,
      amount: '25.00',
      currency: 'usd',
      recipient: PROVIDER,
      description: `Fault ${tag}`,
      buyerEmail: `buyer.${orderId}@example.com`,
      buyerName: 'Fault Buyer',
    },
    `create-${orderId}`,
  );
  if (created.status !== 201 && created.status !== 200) {
    result.status = created.status;
    result.reason = `order: ${created.status} ${created.json?.message ?? created.text.slice(0, 80)}`;
    return result;
  }
  result.orderUuid = created.json.id;
  const intent = await step('POST', `/api/v1/orders/${result.orderUuid}/payment-intent`, undefined, `intent-${orderId}`);
  if (intent.status !== 200) {
    result.status = intent.status;
    result.reason = `intent: ${intent.status} ${intent.json?.message ?? intent.text.slice(0, 80)}`;
    return result;
  }
  result.paymentIntentId = intent.json.paymentIntentId;
  cardStepsInFlight += 1;
  const paid = await step('POST', `/api/v1/payments/${result.paymentIntentId}/test-card`, {
    cardNumber: '4242424242424242',
  }).finally(() => {
    cardStepsInFlight -= 1;
  });
  if (paid.status !== 200) {
    result.status = paid.status;
    result.reason = `card: ${paid.status} ${paid.json?.message ?? paid.text.slice(0, 80)}`;
    return result;
  }
  if (paid.json.paymentStatus === 'succeeded') result.outcome = 'succeeded';
  else result.reason = `card: payment ${paid.json.paymentStatus}`;
  return result;
}

async function load(tag, count = CHECKOUTS, concurrency = CONCURRENCY) {
  const results = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        results.push(await checkout(tag, i));
      }
    }),
  );
  return results;
}

// ---- quiet, then the checks -----------------------------------------------------------------------------------

async function unfinishedWork() {
  const [outbox] = await query(
    `SELECT (SELECT count(*) FROM onboarding.outbox WHERE sent_at IS NULL) + (SELECT count(*) FROM catalog.outbox WHERE sent_at IS NULL)
          + (SELECT count(*) FROM payments.outbox WHERE sent_at IS NULL) + (SELECT count(*) FROM requests.outbox WHERE sent_at IS NULL)
          + (SELECT count(*) FROM notifications.outbox WHERE sent_at IS NULL) AS n`,
  );
  const [deliveries] = await query(`SELECT count(*)::int AS n FROM notifications.webhook_deliveries WHERE status = 'pending'`);
  const [processing] = await query(`SELECT count(*)::int AS n FROM payments.orders WHERE status = 'processing'`);
  // Transfers follow a charge off the card step and wait in line for Stripe like everything else (F6): a paid order
  // whose recipients are not all paid out yet is work still to do.
  const [untransferred] = await query(
    `SELECT count(*)::int AS n FROM payments.orders o
      WHERE o.status IN ('completed', 'partially_refunded')
        AND (SELECT count(*) FROM jsonb_array_elements(o.split->'lines') l WHERE l->>'party' <> 'platform' AND (l->>'amount')::bigint > 0)
          > (SELECT count(*) FROM payments.transfers t WHERE t.order_id = o.id)`,
  );
  const queued = queueDepths()
    .filter((q) => !q.name.endsWith('.dlq'))
    .reduce((n, q) => n + q.messages, 0);
  return Number(outbox.n) + deliveries.n + queued + processing.n + untransferred.n;
}

async function waitForQuiet(timeoutMs = 150_000) {
  const deadline = Date.now() + timeoutMs;
  let calm = 0;
  while (Date.now() < deadline) {
    const left = await unfinishedWork().catch(() => 1);
    calm = left === 0 ? calm + 1 : 0;
    if (calm >= 3) return true;
    await sleep(1000);
  }
  return false;
}

async function stripeIntents() {
  const all = [];
  let after;
  for (;;) {
    const url = `${emulatorUrl}/v1/payment_intents?limit=100${after ? `&starting_after=${after}` : ''}`;
    const page = await (await fetchRetry(url, { headers: { authorization: 'Bearer sk_test_emulator' } })).json();
    all.push(...page.data);
    if (!page.has_more || page.data.length === 0) return all;
    after = page.data.at(-1).id;
  }
}

/**
 * What `npm run ledger:verify` runs (infra/scripts/ledger-verify.mjs: verifyLedgerAt over DATABASE_URL and Stripe),
 * on the build this run started with: the script would first rebuild when any source is newer than its build, and
 * on a machine where sources change meanwhile that rebuild would race the check.
 */
function ledgerVerify() {
  const script = `
    const { verifyLedgerAt, formatLedgerReport, stripeConfigFromEnv } = await import(${JSON.stringify(join(root, 'services/payments/dist/index.js'))});
    const report = await verifyLedgerAt({ databaseUrl: process.env.DATABASE_URL, stripe: stripeConfigFromEnv() });
    process.stdout.write(formatLedgerReport(report));
    process.exit(report.ok ? 0 : 1);`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
    env: {
      ...process.env,
      DATABASE_URL,
      STRIPE_SECRET_KEY: 'sk_test_emulator',
      STRIPE_API_URL: emulatorUrl,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      LOG_LEVEL: 'warn',
    },
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`;
  return {
    ok: result.status === 0,
    output: `exit ${result.status ?? result.signal}: ${output.trim().split('\n').slice(-8).join('\n')}`,
  };
}

/** The checks of issue 12, over everything so far (each fault adds to the same cluster and database). */
async function check(label, results, { noExitsSince, faultStarted }) {
  const problems = [];
  const quiet = await waitForQuiet();
  if (!quiet) problems.push(`never quiet: ${await unfinishedWork().catch((e) => String(e))} unit(s) of work left`);

  const intents = await stripeIntents();
  const orders = await query(`SELECT id, order_id, status, payment_intent_id FROM payments.orders WHERE company_id = $1`, [companyId]);
  const byUuid = new Map(orders.map((o) => [o.id, o]));
  const SETTLED = new Set(['completed', 'refunded', 'partially_refunded']);

  // Every succeeded PaymentIntent has exactly one completed order; no completed order without one.
  let lost = 0;
  let duplicated = 0;
  for (const pi of intents) {
    const owners = orders.filter((o) => o.payment_intent_id === pi.id);
    if (pi.status === 'succeeded') {
      if (owners.length !== 1 || !SETTLED.has(owners[0].status)) {
        lost++;
        problems.push(`PaymentIntent ${pi.id} succeeded but its order is ${owners.map((o) => o.status).join(',') || 'missing'}`);
      }
    }
    if (owners.length > 1) {
      duplicated++;
      problems.push(`PaymentIntent ${pi.id} belongs to ${owners.length} orders`);
    }
  }
  const intentStatus = new Map(intents.map((pi) => [pi.id, pi.status]));
  for (const order of orders) {
    if (SETTLED.has(order.status) && intentStatus.get(order.payment_intent_id) !== 'succeeded') {
      problems.push(
        `order ${order.order_id} is ${order.status} but its PaymentIntent is ${intentStatus.get(order.payment_intent_id) ?? 'missing'}`,
      );
    }
    if (order.status === 'processing' && !['processing', 'requires_action'].includes(intentStatus.get(order.payment_intent_id))) {
      problems.push(`order ${order.order_id} stays processing while Stripe says ${intentStatus.get(order.payment_intent_id)}`);
    }
  }
  // What the client was told succeeded must have happened.
  for (const r of results) {
    if (r.outcome === 'succeeded' && !SETTLED.has(byUuid.get(r.orderUuid)?.status)) {
      lost++;
      problems.push(`client saw ${r.orderId} succeed; the order is ${byUuid.get(r.orderUuid)?.status ?? 'missing'}`);
    }
  }

  // Money moved once: one charge in the ledger, one payment.succeeded event, one receipt per order.
  const charges = await query(
    `SELECT o.order_id, count(*)::int AS n FROM payments.ledger_entries e JOIN payments.orders o ON o.id::text = e.order_id::text
      WHERE e.kind = 'charge' AND o.company_id = $1 GROUP BY 1 HAVING count(*) > 1`,
    [companyId],
  ).catch((err) => [{ order_id: `ledger query failed: ${err.message}`, n: 2 }]);
  for (const c of charges) {
    duplicated++;
    problems.push(`order ${c.order_id}: ${c.n} charges in the ledger`);
  }
  const succeededEvents = await query(
    `SELECT payload->>'orderId' AS order_id, count(*)::int AS n FROM payments.outbox WHERE name = 'payment.succeeded' GROUP BY 1 HAVING count(*) > 1`,
  );
  for (const e of succeededEvents) {
    duplicated++;
    problems.push(`order ${e.order_id}: ${e.n} payment.succeeded events`);
  }
  const twice = await query(`SELECT to_address, subject, count(*)::int AS n FROM notifications.emails GROUP BY 1, 2 HAVING count(*) > 1`);
  for (const e of twice) {
    duplicated++;
    problems.push(`email "${e.subject}" to ${e.to_address} stored ${e.n} times`);
  }

  // Every event reached the receiver; a repeat only ever carries the same webhook-id.
  const deliveries = await query(`SELECT event_id, event_type, status FROM notifications.webhook_deliveries`);
  const receivedIds = new Set(received.map((r) => r.webhookId));
  for (const d of deliveries) {
    if (d.status !== 'succeeded') problems.push(`webhook delivery of ${d.event_type} ${d.event_id} is ${d.status}`);
    if (!receivedIds.has(d.event_id)) {
      lost++;
      problems.push(`event ${d.event_type} ${d.event_id} never reached the receiver`);
    }
  }
  // ...and every event the company's payments published reached it (a message the broker lost has no delivery row).
  const published = await query(`SELECT id, name FROM payments.outbox WHERE name = ANY($1) AND payload->>'companyId' = $2`, [
    WEBHOOK_EVENTS,
    companyId,
  ]);
  for (const e of published) {
    if (!receivedIds.has(e.id)) {
      lost++;
      problems.push(`event ${e.name} ${e.id} was published but never reached the receiver`);
    }
  }
  const idsPerPayment = new Map();
  for (const r of received.filter((x) => x.type === 'payment.succeeded' && x.orderId)) {
    const ids = idsPerPayment.get(r.orderId) ?? new Set();
    ids.add(r.webhookId);
    idsPerPayment.set(r.orderId, ids);
  }
  for (const [orderId, ids] of idsPerPayment) {
    if (ids.size > 1) {
      duplicated++;
      problems.push(`payment.succeeded for ${orderId} reached the receiver under ${ids.size} webhook-ids`);
    }
  }

  // No unexplained dead letters; no process exited that the fault did not kill.
  const deadLetters = await drainDeadLetters();
  for (const d of deadLetters.unexplained) problems.push(`dead letter in ${d.queue}: ${d.what} (${d.reason})`);
  if (deadLetters.explained > 0) say(`   ${deadLetters.explained} expired RPC request(s) dead-lettered (callers had given up; explained)`);
  const unexpectedExits = exits.filter((e) => e.at >= faultStarted && !noExitsSince.allowed.includes(e.name));
  for (const e of unexpectedExits) problems.push(`${e.name} exited (${e.how}) during the fault`);

  const ledger = ledgerVerify();
  if (!ledger.ok) problems.push(`ledger:verify failed:\n${ledger.output}`);

  const succeeded = results.filter((r) => r.outcome === 'succeeded').length;
  const refused = results.filter((r) => r.outcome === 'refused');
  const reasons = [...new Set(refused.map((r) => r.reason))].slice(0, 3).join('; ');
  const pass = problems.length === 0 && lost === 0 && duplicated === 0;
  say(
    `${pass ? 'PASS' : 'FAIL'} ${label}: attempts ${results.length}, succeeded ${succeeded}, refused ${refused.length}${reasons ? ` (${reasons})` : ''}, lost ${lost}, duplicated ${duplicated}`,
  );
  for (const p of problems.slice(0, 15)) say(`   ✗ ${p}`);
  return { label, pass, attempts: results.length, succeeded, refused: refused.length, lost, duplicated, problems };
}

// ---- the faults -----------------------------------------------------------------------------------------------

/** Runs the load, injects the fault `afterMs` into it, waits for the load, then checks. */
/**
 * Freezes the Stripe emulator at a moment when card steps are in flight, and returns once at least one of them has
 * been held there for 2 s (so payments is inside its Stripe call, not before it): on a slow machine the load may
 * still be creating orders and intents 2 s after it starts, and a broker stopped with no card step waiting on Stripe
 * leaves nothing in any outbox. Up to 30 tries; the emulator is frozen on return.
 */
async function holdCardStepsAtStripe(stripe) {
  for (let attempt = 1; attempt <= 30; attempt += 1) {
    for (const until = Date.now() + 30_000; cardStepsInFlight === 0 && checkoutsRunning > 0 && Date.now() < until;) await sleep(10);
    // A fast machine may finish the whole load before a card step is caught: waiting on would only spin (stop 28's
    // local CI spun here for 16 minutes).
    if (checkoutsRunning === 0) break;
    process.kill(stripe, 'SIGSTOP');
    await sleep(2_000);
    if (cardStepsInFlight > 0) {
      say(`Stripe emulator frozen with ${cardStepsInFlight} card step(s) waiting on it (try ${attempt})`);
      return;
    }
    process.kill(stripe, 'SIGCONT');
    await sleep(200);
  }
  say(`no card step was in flight when the broker stopped (${checkoutsRunning} checkout(s) still running): the outbox may stay empty`);
  process.kill(stripe, 'SIGSTOP');
}

async function withLoad(label, inject, { allowedExits = [], afterMs = 1500, count = CHECKOUTS, concurrency = CONCURRENCY } = {}) {
  const faultStarted = Date.now();
  const running = load(label.replace(/\W+/g, '_').slice(0, 16), count, concurrency);
  await sleep(afterMs);
  await inject();
  const results = await running;
  const outcome = await check(label, results, { noExitsSince: { allowed: allowedExits }, faultStarted });
  return { ...outcome, refusedResults: results.filter((r) => r.outcome === 'refused') };
}

const FAULTS = {
  F1: async () => {
    const outcomes = [];
    for (const name of PROCESSES) {
      outcomes.push(
        await withLoad(
          `F1 kill -9 ${name}`,
          async () => {
            const pid = pidOf(name);
            if (!pid) throw new Error(`no ${name} process to kill`);
            process.kill(pid, 'SIGKILL');
            say(`killed ${name} (pid ${pid}); the launcher restarts it`);
          },
          { allowedExits: [name], count: Math.max(8, Math.round(CHECKOUTS / 2)) },
        ),
      );
    }
    return outcomes;
  },
  F2: async () => {
    const since = Date.now();
    return [
      await withLoad(
        `F2 RabbitMQ down ${RABBIT_DOWN_S} s, then started`,
        async () => {
          // With Prometheus: Stripe is held for 2 s first, so card steps are in flight in payments when the broker
          // stops; they finish during the outage and commit their booking with its payment.succeeded event, which the
          // relay cannot publish: the outbox ages as in a real outage with traffic (otherwise every write waits for an
          // RPC the broker cannot carry, and nothing would be left to publish).
          const stripe = WITH_PROMETHEUS ? pidOf('stripe-emulator') : undefined;
          if (stripe) await holdCardStepsAtStripe(stripe);
          try {
            sh('rabbitmqctl', ['-q', 'stop_app']);
          } finally {
            if (stripe) process.kill(stripe, 'SIGCONT');
          }
          say(`RabbitMQ stopped (stop_app) for ${RABBIT_DOWN_S} s; processes must reconnect by themselves`);
          await sleep(RABBIT_DOWN_S * 1000);
          sh('rabbitmqctl', ['-q', 'start_app']);
          await waitFor(async () => rabbitReady(), 60_000, 'RabbitMQ to run again');
          say('RabbitMQ started again');
        },
        // Four times the usual checkouts: at 16 at once a fast machine finishes 40 in about a second, before Stripe can
        // be held with a card step waiting on it.
        { count: CHECKOUTS * 4 },
      ),
      ...(await expectAlert('F2 alert PayMarketOutboxLagging fires, then resolves', 'PayMarketOutboxLagging', { since, resolve: true })),
    ];
  },
  F3: async () => [
    await withLoad('F3 PostgreSQL restarted', async () => {
      const version = sh('ls', ['/etc/postgresql']).trim().split('\n')[0];
      sh('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'restart']);
      say(`PostgreSQL ${version} restarted`);
    }),
  ],
  F4: async () => {
    const outcome = await withLoad(`F4 Stripe unavailable ${STRIPE_DOWN_S} s, then webhooks duplicated and out of order`, async () => {
      const pid = pidOf('stripe-emulator');
      if (!pid) throw new Error('no stripe-emulator process');
      // Frozen rather than killed: its state is in memory, and Stripe does not forget payments when it is slow.
      process.kill(pid, 'SIGSTOP');
      say(`Stripe emulator frozen (SIGSTOP pid ${pid}) for ${STRIPE_DOWN_S} s`);
      await sleep(STRIPE_DOWN_S * 1000);
      process.kill(pid, 'SIGCONT');
      say('Stripe emulator back');
    });
    // Then Stripe's webhooks again, twice each, shuffled; and our own events re-published (a relay's crash window).
    const events = [];
    let after;
    for (;;) {
      const page = await (
        await fetchRetry(`${emulatorUrl}/v1/events?limit=100${after ? `&starting_after=${after}` : ''}`, {
          headers: { authorization: 'Bearer sk_test_emulator' },
        })
      ).json();
      events.push(...page.data);
      if (!page.has_more || page.data.length === 0) break;
      after = page.data.at(-1).id;
    }
    const replay = [...events, ...events].sort(() => Math.random() - 0.5);
    let accepted = 0;
    await Promise.all(
      Array.from({ length: 8 }, async (_, worker) => {
        for (let i = worker; i < replay.length; i += 8) {
          const payload = JSON.stringify(replay[i]);
          const t = Math.floor(Date.now() / 1000);
          const signature = createHmac('sha256', WEBHOOK_SECRET).update(`${t}.${payload}`).digest('hex');
          const response = await fetchRetry(`${gatewayUrl}/api/stripe/webhook`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'stripe-signature': `t=${t},v1=${signature}` },
            body: payload,
          });
          if (response.ok) accepted++;
        }
      }),
    );
    const republished = await republishEvents();
    say(`replayed ${replay.length} Stripe webhooks (${accepted} accepted) and re-published ${republished} payment events`);
    const again = await check('F4 … after duplicated, out-of-order webhooks and re-published events', [], {
      noExitsSince: { allowed: [] },
      faultStarted: Date.now(),
    });
    return [
      {
        ...outcome,
        pass: outcome.pass && again.pass,
        problems: [...outcome.problems, ...again.problems],
        duplicated: outcome.duplicated + again.duplicated,
        lost: outcome.lost + again.lost,
      },
    ];
  },
  F5: async () => {
    const since = Date.now();
    return [
      await withLoad(
        'F5 integrator receiver down 20 s, then back',
        async () => {
          await stopReceiver();
          say('receiver down');
          await sleep(20_000);
          await startReceiver();
          say('receiver back');
        },
        { afterMs: 500 },
      ),
      ...(await expectAlert('F5 alert PayMarketWebhookFailureRate fires, then resolves', 'PayMarketWebhookFailureRate', {
        since,
        resolve: true,
      })),
    ];
  },
  F6: async () => {
    // A cluster of its own: the emulator's state and the ledger start empty, so the checks see F6 alone.
    await stopCluster();
    await db?.end().catch(() => undefined);
    db = undefined;
    await freshDatabase();
    await startCluster({
      STRIPE_EMULATOR_RATE_LIMIT: 'test',
      PAYMARKET_REPLICAS: 'payments=3',
      STRIPE_RATE_LIMIT: String(PAYMENTS_STRIPE_RATE),
      REDIS_URL: process.env.F6_REDIS_URL ?? 'redis://127.0.0.1:6379/14',
      RATE_LIMIT_KEY_PREFIX: `paymarket:faults:${randomUUID()}:`,
      // The card step waits in line for Stripe instead of failing (answered within the gateway's RPC timeout).
      STRIPE_RATE_LIMIT_MAX_WAIT_MS: '6000',
    });
    await setupCompany();
    const warm = await load('f6warm', 2, 2);
    if (warm.some((r) => r.outcome !== 'succeeded')) throw new Error(`F6 warm-up failed: ${warm.map((r) => r.reason).join('; ')}`);
    const before = await emulatorRateStats();

    // Another system on the same Stripe account (a reporting job) bursts for 4 s at 15 requests a second, so the
    // account's limit is really reached while payments works.
    const neighbour = { sent: 0, limited: 0 };
    const neighbourBurst = (async () => {
      await sleep(3_000);
      const until = Date.now() + 4_000;
      const jobs = [];
      while (Date.now() < until) {
        jobs.push(
          fetchRetry(`${emulatorUrl}/v1/accounts/${PROVIDER}`, { headers: { authorization: 'Bearer sk_test_reporting_job' } }).then(
            async (r) => {
              await r.arrayBuffer();
              neighbour.sent++;
              if (r.status === 429) neighbour.limited++;
            },
          ),
        );
        await sleep(1000 / 15);
      }
      await Promise.all(jobs);
    })();
    const outcome = await withLoad(
      `F6 Stripe at its rate limit (${STRIPE_TEST_LIMIT}/s): ${F6_CHECKOUTS} concurrent checkouts, 3 payments replicas`,
      async () => undefined,
      { count: F6_CHECKOUTS, concurrency: F6_CHECKOUTS, afterMs: 0 },
    );
    await neighbourBurst;
    const after = await emulatorRateStats();
    const limited = after.limited - before.limited;
    const admitted = after.admitted - before.admitted;
    const paymentsLimited = limited - neighbour.limited;
    const paymentsRequests = admitted + limited - neighbour.sent;
    const problems = [];
    if (limited < 1) problems.push('the emulator never answered 429: the burst did not reach the account limit');
    if (after.maxPerSecond > STRIPE_TEST_LIMIT)
      problems.push(`the emulator admitted ${after.maxPerSecond} requests within one second (limit ${STRIPE_TEST_LIMIT})`);
    const share = paymentsRequests > 0 ? paymentsLimited / paymentsRequests : 0;
    if (share > 0.1) {
      problems.push(
        `payments' own requests were refused with 429 ${paymentsLimited} times of ${paymentsRequests} (${Math.round(share * 100)}%): it did not stay under the limit`,
      );
    }
    const unretryable = (outcome.refusedResults ?? []).filter((r) => !RETRYABLE(r.status));
    for (const r of unretryable.slice(0, 5))
      problems.push(`checkout ${r.orderId} refused with an error a client cannot retry: ${r.reason}`);
    say(
      `   Stripe: ${admitted} requests admitted, ${limited} answered 429 (payments ${paymentsLimited} of ${paymentsRequests}, the neighbour ${neighbour.limited} of ${neighbour.sent}); at most ${after.maxPerSecond} in one second`,
    );
    for (const p of problems) say(`   ✗ ${p}`);
    return [{ ...outcome, pass: outcome.pass && problems.length === 0, problems: [...outcome.problems, ...problems] }];
  },
  // Issue 35: the database lost and restored with pgBackRest, then reconciled with Stripe.
  F7: () =>
    databaseLost({
      ...{ say, sleep, load, api, check, query, startCluster, stopCluster, setupCompany, freshDatabase, useDatabase, root },
      urls: () => ({ gatewayUrl, emulatorUrl, amqpUrl: AMQP_URL, webhookSecret: WEBHOOK_SECRET }),
      checkouts: CHECKOUTS,
      concurrency: CONCURRENCY,
      clusterAfter: WITH_PROMETHEUS || SELECTED.indexOf('F7') < SELECTED.length - 1,
    }),
  // Issue 35: a RabbitMQ node lost (infra/faults/f8-broker-node-lost.mjs), then the usual cluster if anything follows.
  F8: () =>
    brokerNodeLost({
      ...{ say, sleep, load, check, startCluster, stopCluster, freshDatabase, setupCompany, useBroker, signalProcesses },
      clusterLog: CLUSTER_LOG,
      restore: WITH_PROMETHEUS || SELECTED.indexOf('F8') < SELECTED.length - 1,
    }),
};

/** The emulator's own counts (GET /emulator/rate-limit): admitted, refused with 429, the most in one second. */
async function emulatorRateStats() {
  return (await fetchRetry(`${emulatorUrl}/emulator/rate-limit`)).json();
}

/**
 * Empties the dead-letter queues and sorts what was there. An RPC request (it has a reply-to) that expired is
 * explained: the caller's timeout passed while the broker or the service was away, so it was never executed, by
 * design (RpcClient sets the message's expiration). Anything else (an event, a rejected or over-delivered message)
 * is a finding.
 */
async function drainDeadLetters() {
  const connection = await amqp.connect(broker.url);
  const channel = await connection.createChannel();
  const unexplained = [];
  let explained = 0;
  for (const q of queueDepths().filter((x) => x.name.endsWith('.dlq'))) {
    for (;;) {
      const message = await channel.get(q.name, { noAck: true });
      if (!message) break;
      const death = message.properties.headers?.['x-death']?.[0] ?? {};
      const reason = String(death.reason ?? message.properties.headers?.['x-first-death-reason'] ?? 'unknown');
      if (message.properties.replyTo && reason === 'expired') {
        explained++;
        continue;
      }
      let what = message.fields.routingKey;
      try {
        what = JSON.parse(message.content.toString()).pattern ?? what;
      } catch {
        // not JSON
      }
      unexplained.push({ queue: q.name, what, reason });
    }
  }
  await connection.close();
  return { explained, unexplained };
}

/**
 * Publishes committed payment events a second time, as the outbox relay does when it dies between the broker's
 * confirm and marking the row sent. The consumers' inbox must make each effect happen once.
 */
async function republishEvents() {
  const rows = await query(
    `SELECT id, name, payload, correlation_id, occurred_at FROM payments.outbox WHERE name IN ('payment.succeeded', 'payment.pending', 'order.updated') ORDER BY random() LIMIT 200`,
  );
  const connection = await amqp.connect(broker.url);
  const channel = await connection.createConfirmChannel();
  for (const row of rows) {
    const envelope = {
      id: row.id,
      name: row.name,
      occurredAt: new Date(row.occurred_at).toISOString(),
      producer: 'payments',
      correlationId: row.correlation_id,
      data: row.payload,
    };
    channel.publish('paymarket', row.name, Buffer.from(JSON.stringify({ pattern: row.name, data: envelope })), { persistent: true });
  }
  await channel.waitForConfirms();
  await connection.close();
  return rows.length;
}

// ---- after the faults: a poison event, and the dashboard against the real Prometheus -----------------------------

/**
 * A malformed seller.registered (its id is not a uuid, so the consumer's inbox refuses it on every delivery) must be
 * dead-lettered, fire PayMarketMessagesDeadLettered, and be listed by the runbook's first command
 * (`npm run dead-letters`). Then every panel of the Grafana dashboard must return data from Prometheus (a panel with
 * several queries needs one with data: e.g. the embedded broker's dead-letter gauge never exists in cluster mode).
 * Some payment events are re-published first, so the inbox-duplicates panel has something to show whichever faults ran.
 */
async function observabilityChecks() {
  const results = [];
  const since = Date.now();
  const poisonId = `poison-${randomUUID().slice(0, 8)}`;
  const connection = await amqp.connect(AMQP_URL);
  const channel = await connection.createConfirmChannel();
  const envelope = {
    id: poisonId,
    name: 'seller.registered',
    occurredAt: new Date().toISOString(),
    producer: 'faults',
    correlationId: randomUUID(),
    data: {},
  };
  channel.publish('paymarket', 'seller.registered', Buffer.from(JSON.stringify({ pattern: 'seller.registered', data: envelope })), {
    persistent: true,
  });
  await channel.waitForConfirms();
  await connection.close();
  say(`published a poison seller.registered (${poisonId}); its consumer fails on every delivery (about 30 s of redeliveries)`);
  results.push(
    ...(await expectAlert('poison event: alert PayMarketMessagesDeadLettered fires', 'PayMarketMessagesDeadLettered', {
      since,
      resolve: false,
      timeoutMs: 120_000,
    })),
  );
  // The counter moves on the last failing delivery; the broker dead-letters the message when that delivery is
  // returned, up to 16 s later (the redelivery pause), so the listing is retried for a while.
  const listDeadLetters = () =>
    spawnSync(process.execPath, [join(root, 'infra/scripts/dead-letters.mjs')], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, AMQP_URL },
    });
  let listed = listDeadLetters();
  for (let i = 0; i < 15 && !(listed.status === 0 && listed.stdout.includes(poisonId)); i++) {
    await sleep(3_000);
    listed = listDeadLetters();
  }
  const listedOk = listed.status === 0 && listed.stdout.includes(poisonId);
  say(`${listedOk ? 'PASS' : 'FAIL'} runbook: npm run dead-letters lists the poison event`);
  if (listedOk)
    say(
      `   ${listed.stdout
        .split('\n')
        .find((line) => line.includes(poisonId))
        ?.trim()}`,
    );
  if (!listedOk) say(`   ${`${listed.stdout}${listed.stderr}`.trim().split('\n').slice(-6).join('\n   ')}`);
  results.push({
    label: 'runbook: npm run dead-letters lists the poison event',
    pass: listedOk,
    problems: listedOk ? [] : [`exit ${listed.status}: ${`${listed.stdout}${listed.stderr}`.trim().slice(-400)}`],
  });

  const republished = await republishEvents();
  say(`re-published ${republished} payment events (inbox duplicates for the dashboard)`);
  await sleep(8_000);
  const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8'));
  const panels = new Map();
  for (const { panel, expr } of dashboardQueries(dashboard, '5m')) {
    let series = 0;
    let error;
    try {
      series = (await instantQuery(prometheus.url, expr)).length;
    } catch (err) {
      error = String(err?.message ?? err);
    }
    const entry = panels.get(panel) ?? { series: 0, empty: [], errors: [] };
    entry.series += series;
    if (error) entry.errors.push(`${expr}: ${error}`);
    else if (series === 0) entry.empty.push(expr);
    panels.set(panel, entry);
  }
  const problems = [];
  for (const [panel, entry] of panels) {
    for (const e of entry.errors) problems.push(`panel "${panel}": query failed: ${e}`);
    if (entry.series === 0) problems.push(`panel "${panel}" has no data: ${entry.empty.join(' | ')}`);
  }
  const pass = problems.length === 0;
  say(`${pass ? 'PASS' : 'FAIL'} dashboard: ${panels.size} panels, ${[...panels.values()].filter((e) => e.series > 0).length} with data`);
  for (const p of problems) say(`   ✗ ${p}`);
  results.push({ label: `dashboard: every panel has data from Prometheus (${panels.size} panels)`, pass, problems });
  results.push(...(await runbookCommands()));
  return results;
}

/**
 * docs/runbook.md's "First three commands" of every alert, run as written against this cluster in the runbook's
 * conventions (a command marked `# Kubernetes only` is skipped and printed as such). One test per alert.
 */
async function runbookCommands() {
  let sections;
  try {
    sections = readRunbook();
  } catch (err) {
    say(`FAIL runbook: its commands do not parse: ${err.message}`);
    return [{ label: 'runbook: first three commands parse', pass: false, problems: [String(err.message)] }];
  }
  const env = {
    PROM: prometheus.url,
    DATABASE_URL,
    AMQP_URL,
    VHOST,
    API: gatewayUrl,
    KEY: apiKey,
    ENDPOINT: endpointId,
    // For `npm run ledger:verify`: this cluster's Stripe (the emulator).
    STRIPE_SECRET_KEY: 'sk_test_emulator',
    STRIPE_API_URL: emulatorUrl,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    LOG_LEVEL: 'warn',
    // The npm run tools use the build this run started with (a rebuild meanwhile would race them).
    PAYMARKET_SKIP_BUILD: '1',
  };
  say(`runbook: the first three commands of ${sections.length} alerts (docs/runbook.md), as written`);
  const results = [];
  for (const section of sections) {
    const started = Date.now();
    const run = await runSection(section, { env, ops: opsUrls, timeoutMs: 60_000 });
    const label = `runbook: ${section.alert}: first three commands run`;
    const failed = run.commands.filter((c) => c.outcome === 'fail');
    const ran = run.commands.length - run.skipped;
    say(
      `${run.pass ? 'PASS' : 'FAIL'} ${label} (${ran} run${run.skipped ? `, ${run.skipped} skipped` : ''}, ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
    for (const c of run.commands.filter((x) => x.outcome === 'skipped')) say(`   skipped (${c.reason}): ${c.command}`);
    for (const c of failed) say(`   ✗ ${describeFailure(c)}`);
    results.push({ label, pass: run.pass, problems: failed.map(describeFailure) });
  }
  return results;
}

function printAlertLog() {
  if (alertLog.size === 0) return;
  console.log('\nAlerts (Prometheus /api/v1/alerts):');
  for (const [key, a] of alertLog) console.log(`  ${key}: fired at ${clock(a.firedAt)}, resolved at ${clock(a.resolvedAt)}`);
}

// ---- main -----------------------------------------------------------------------------------------------------

/** Leaves PostgreSQL and RabbitMQ running, whatever a fault did to them. */
function restoreServices() {
  if (!rabbitReady()) sh('rabbitmqctl', ['-q', 'start_app'], { allowFail: true });
  if (spawnSync('pg_isready', ['-h', '127.0.0.1', '-p', '5432', '-q']).status !== 0) {
    const version = sh('ls', ['/etc/postgresql'], { allowFail: true }).trim().split('\n')[0];
    sh('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], { allowFail: true });
  }
}

// Stopped from outside (CI's timeout, Ctrl-C): the cluster goes down with us and the services are left running.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    say(`${signal}: stopping the cluster`);
    const pid = childrenOfLauncher().find((c) => c.name === 'stripe-emulator')?.pid;
    if (pid) process.kill(pid, 'SIGCONT');
    stopCluster()
      .catch(() => undefined)
      .finally(() => {
        restoreServices();
        process.exit(1);
      });
  });
}

const report = [];
let exitCode = 1;
const started = Date.now();
try {
  say(`faults ${SELECTED.join(',')}; ${CHECKOUTS} checkouts per fault at concurrency ${CONCURRENCY}`);
  if (WITH_PROMETHEUS && !prometheusInstalled())
    throw new Error('prometheus is not installed (apt-get install prometheus; FAULTS_PROMETHEUS=0 runs without it)');
  buildIfNeeded();
  await freshDatabase();
  await startReceiver();
  await startCluster();
  await setupCompany();
  say(`cluster ready at ${gatewayUrl}; receiver on :${receiverPort}`);
  // A warm-up checkout so the first fault does not measure cold starts.
  const warm = await load('warmup', 2, 2);
  if (warm.some((r) => r.outcome !== 'succeeded')) throw new Error(`warm-up checkout failed: ${warm.map((r) => r.reason).join('; ')}`);
  for (const id of SELECTED) {
    if (!FAULTS[id]) throw new Error(`unknown fault ${id}`);
    report.push(...(await FAULTS[id]()));
  }
  if (WITH_PROMETHEUS) report.push(...(await observabilityChecks()));
  exitCode = report.every((r) => r.pass) ? 0 : 1;
} catch (err) {
  say(`fault tier aborted: ${err?.stack ?? err}`);
  report.push({ label: 'fault tier setup', pass: false, problems: [String(err?.message ?? err)] });
} finally {
  await stopCluster().catch(() => undefined);
  await new Promise((r) => receiver?.close(() => r()) ?? r());
  await db?.end().catch(() => undefined);
  // Whatever happened, PostgreSQL and RabbitMQ are left running.
  restoreServices();
  if (!process.env.FAULTS_KEEP) await dropDatabase();
}
const passed = report.filter((r) => r.pass).length;
const failed = report.length - passed;
writeFileSync(
  join(outDir, 'faults.json'),
  JSON.stringify(
    {
      passed,
      failed,
      seconds: Math.round((Date.now() - started) / 1000),
      faults: report.map((r) => ({ ...r, refusedResults: undefined })),
    },
    null,
    2,
  ),
);
printAlertLog();
console.log(`\nPayMarket fault tier (${Math.round((Date.now() - started) / 1000)} s):`);
for (const r of report) {
  console.log(
    `  ${r.pass ? 'pass' : 'FAIL'}  ${r.label.padEnd(62)} attempts ${r.attempts ?? '-'}, succeeded ${r.succeeded ?? '-'}, refused ${r.refused ?? '-'}, lost ${r.lost ?? '-'}, duplicated ${r.duplicated ?? '-'}`,
  );
}
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(exitCode);
