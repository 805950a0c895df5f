// `npm run start:cluster [-- name ...]`: the gateway and each service as separate processes on DATABASE_URL and
// AMQP_URL. Names pick which to run (default: all); PAYMARKET_REPLICAS="notifications=2,payments=3" runs
// competing replicas. A process that dies is restarted; SIGINT/SIGTERM stop them all gracefully. `--prometheus` also
// starts a real Prometheus (the `prometheus` binary on PATH; Debian's package) scraping every process's ops port with
// the repo's scrape config and alert rules, on PROMETHEUS_PORT (default: a free port; printed at start).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { refuseBadSettings } from '../../libs/platform/settings.mjs';
import { buildIfNeeded, root } from '../scripts/build-if-needed.mjs';

// What this launcher and every process it spawns reads, checked once before anything is built or started: a bad
// value would otherwise make each child fail and be restarted every second (ADR 0067).
refuseBadSettings('start:cluster');

const ENTRY = {
  gateway: 'gateway/dist/main.js',
  onboarding: 'services/onboarding/dist/main.js',
  catalog: 'services/catalog/dist/main.js',
  payments: 'services/payments/dist/main.js',
  requests: 'services/requests/dist/main.js',
  notifications: 'services/notifications/dist/main.js',
  'stripe-emulator': 'infra/stripe-emulator/dist/main.js',
};

// Each service may have a database of its own (issue 22): <SERVICE>_DATABASE_URL, else DATABASE_URL_TEMPLATE with
// {service} replaced by its name (the databases must exist), else the one DATABASE_URL every service shares.
const SERVICES_WITH_DATABASE = ['onboarding', 'catalog', 'payments', 'requests', 'notifications'];
function databaseUrlOf(name) {
  return (
    process.env[`${name.toUpperCase()}_DATABASE_URL`] ||
    process.env.DATABASE_URL_TEMPLATE?.replaceAll('{service}', name) ||
    process.env.DATABASE_URL
  );
}

const missing = [
  ...(SERVICES_WITH_DATABASE.every((name) => databaseUrlOf(name)) ? [] : ['DATABASE_URL']),
  ...(process.env.AMQP_URL ? [] : ['AMQP_URL']),
];
if (missing.length > 0) {
  console.error(
    `cluster mode needs ${missing.join(' and ')} (e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/paymarket AMQP_URL=amqp://guest:guest@127.0.0.1:5672; a database per service: PAYMENTS_DATABASE_URL=… or DATABASE_URL_TEMPLATE=postgres://…/paymarket_{service})`,
  );
  process.exit(1);
}
process.env.PUBLIC_URL ??= `http://localhost:${process.env.PORT || 3000}`;
if (!process.env.STRIPE_SECRET_KEY) {
  process.env.STRIPE_SECRET_KEY = 'sk_test_emulator';
  process.env.STRIPE_API_URL ??= `http://127.0.0.1:${process.env.STRIPE_EMULATOR_PORT || 12111}`;
  process.env.STRIPE_WEBHOOK_SECRET ??= `whsec_${randomBytes(24).toString('hex')}`;
  process.env.STRIPE_WEBHOOK_URL ??= `http://127.0.0.1:${process.env.PORT || 3000}/api/stripe/webhook`;
}
const names = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = names.filter((n) => !(n in ENTRY));
if (unknown.length > 0) {
  console.error(`unknown process ${unknown.join(', ')}; choose from ${Object.keys(ENTRY).join(', ')}`);
  process.exit(1);
}
const replicas = Object.fromEntries(
  (process.env.PAYMARKET_REPLICAS ?? '')
    .split(',')
    .filter(Boolean)
    .map((pair) => {
      const [name, count] = pair.split('=');
      if (!(name in ENTRY) || !/^[1-9]\d*$/.test(count ?? '')) {
        console.error(`PAYMARKET_REPLICAS: "${pair}" is not name=count`);
        process.exit(1);
      }
      return [name, Number(count)];
    }),
);

buildIfNeeded();

const children = new Set();
let stopping = false;

// Each process gets its own ops port (/metrics, /health/live, /health/ready): the first free port from METRICS_PORT
// (default 9464) up, one per process in start order, kept across restarts; its replica name (PAYMARKET_REPLICA)
// labels its metrics. METRICS_PORT=0: every process picks a free port and logs it. The stripe emulator has none.
const metricsBase = Number(process.env.METRICS_PORT || 9464);
const opsPorts = new Map();

function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(false))
      .listen(port, '0.0.0.0', () => probe.close(() => resolve(true)));
  });
}

async function assignOpsPorts(processes) {
  let next = metricsBase;
  for (const replica of processes) {
    if (metricsBase === 0) {
      opsPorts.set(replica, 0);
      continue;
    }
    while (!(await portIsFree(next))) next++;
    opsPorts.set(replica, next++);
  }
}

function run(name, index) {
  const label = `[${name}${(replicas[name] ?? 1) > 1 ? `#${index}` : ''}]`;
  const replica = `${name}-${index}`;
  const env = { ...process.env, PAYMARKET_REPLICA: replica };
  if (SERVICES_WITH_DATABASE.includes(name)) env.DATABASE_URL = databaseUrlOf(name);
  // Without Redis, each payments replica takes an even share of the Stripe rate (issue 22).
  if (name === 'payments') env.STRIPE_RATE_LIMIT_REPLICAS ??= String(replicas.payments ?? 1);
  if (opsPorts.has(replica)) env.METRICS_PORT = String(opsPorts.get(replica));
  else delete env.METRICS_PORT;
  const child = spawn(process.execPath, [join(root, ENTRY[name])], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env });
  children.add(child);
  const prefix = (stream, out) => {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) out.write(`${label} ${line}\n`);
    });
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (stopping) {
      if (children.size === 0) process.exit(0);
      return;
    }
    console.error(`${label} exited (${signal ?? code}); restarting in 1 s`);
    setTimeout(() => run(name, index), 1000);
  });
}

const started = (names.length > 0 ? names : Object.keys(ENTRY)).flatMap((name) =>
  Array.from({ length: replicas[name] ?? 1 }, (_, i) => [name, i + 1]),
);
await assignOpsPorts(started.filter(([name]) => name !== 'stripe-emulator').map(([name, index]) => `${name}-${index}`));
console.log(`metrics: ${[...opsPorts].map(([replica, port]) => `${replica}=:${port}`).join(' ')}`);
for (const [name, index] of started) run(name, index);

let prometheus;
if (process.argv.includes('--prometheus')) {
  const targets = [...opsPorts.values()].filter((port) => port > 0).map((port) => `127.0.0.1:${port}`);
  const { prometheusInstalled, startPrometheus } = await import('../scripts/prometheus.mjs');
  if (metricsBase === 0 || targets.length === 0) {
    console.error('--prometheus needs fixed ops ports (METRICS_PORT other than 0)');
  } else if (!prometheusInstalled()) {
    console.error('--prometheus: no prometheus binary on PATH (e.g. apt-get install prometheus)');
  } else {
    prometheus = await startPrometheus({
      targets,
      port: process.env.PROMETHEUS_PORT ? Number(process.env.PROMETHEUS_PORT) : undefined,
      log: (line) => console.error(`[prometheus] ${line}`),
    });
    console.log(`prometheus: ${prometheus.url} (alerts: ${prometheus.url}/alerts) scraping ${targets.join(' ')}`);
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    void prometheus?.stop();
    if (children.size === 0) process.exit(0);
    for (const child of children) child.kill('SIGTERM');
  });
}
