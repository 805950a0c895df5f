// `npm run reconcile -- --since <time>` (or `node infra/scripts/reconcile.mjs --since <time>`): after a database
// restore, brings back from Stripe what the payments database lacks since <time> (an ISO 8601 time such as
// 2026-12-01T10:00:00Z, or Unix seconds): orders, their status, transfers, refunds, disputes and their ledger entries,
// through payments' own use cases (ADR 0069). Safe to run again: a second run changes nothing.
// Cluster mode: DATABASE_URL and the STRIPE_* settings the payments service uses (its rate limiter's too).
// Embedded mode: the embedded PostgreSQL of PAYMARKET_DATA_DIR (default .data/postgres) and the emulated Stripe account
// the app saved beside it (read only). Prints one summary line; exit 0 when nothing failed, 1 otherwise, 2 on bad input.
import { copyFileSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const USAGE = 'usage: npm run reconcile -- --since <ISO 8601 time, e.g. 2026-12-01T10:00:00Z, or Unix seconds>';

function fail(message, code = 2) {
  process.stderr.write(`reconcile: ${message}\n`);
  process.exit(code);
}

function sinceArgument() {
  let values;
  try {
    ({ values } = parseArgs({ options: { since: { type: 'string' } }, strict: true }));
  } catch (err) {
    fail(`${err instanceof Error ? err.message : String(err)}; ${USAGE}`);
  }
  if (values.since === undefined) fail(`--since is required; ${USAGE}`);
  return values.since;
}

// Before anything is built or opened: a bad --since stops here with one line naming it.
const sinceText = sinceArgument();
const { root, buildIfNeeded } = await import('./build-if-needed.mjs');
process.env.LOG_LEVEL ??= 'warn';
buildIfNeeded();
const payments = await import('../../services/payments/dist/index.js');
const since = payments.parseSince(sinceText);
if (!since) fail(`--since must be an ISO 8601 time (2026-12-01T10:00:00Z) or Unix seconds, not in the future; got "${sinceText}"`);

let database;
let emulator;
try {
  let databaseUrl = process.env.DATABASE_URL;
  let stripe;
  if (databaseUrl) {
    stripe = payments.stripeConfigFromEnv();
  } else {
    const { startEmbeddedPostgres } = await import('../../libs/platform/dist/index.js');
    const dataDir = process.env.PAYMARKET_DATA_DIR ?? join(root, '.data', 'postgres');
    database = await startEmbeddedPostgres({ dataDir });
    databaseUrl = database.url;
    const saved = `${dataDir}.stripe.json`;
    if (!existsSync(saved)) throw new Error(`no emulated Stripe account saved at ${saved}: nothing to reconcile with`);
    // A copy: the reconciliation only reads Stripe, and never writes to the running app's state.
    const copy = join(mkdtempSync(join(tmpdir(), 'pm-reconcile-')), 'stripe.json');
    copyFileSync(saved, copy);
    const { startStripeEmulator } = await import('../../infra/stripe-emulator/dist/index.js');
    emulator = await startStripeEmulator({ port: 0, stateFile: copy });
    stripe = { secretKey: 'sk_test_emulator', apiUrl: emulator.url };
  }
  const report = await payments.reconcileAt({ databaseUrl, stripe, since });
  process.stdout.write(`${payments.formatReconcileReport(report)}\n`);
  for (const item of report.failed) process.stderr.write(`  failed ${item.id}: ${item.reason}\n`);
  process.exitCode = report.failed.length === 0 ? 0 : 1;
} catch (err) {
  process.stderr.write(`reconcile failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
} finally {
  await emulator?.close();
  await database?.stop();
}
