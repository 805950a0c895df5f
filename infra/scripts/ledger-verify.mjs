// `npm run ledger:verify [-- --no-stripe]`: checks that every ledger posting balances and reconciles orders, ledger
// and Stripe. Cluster mode: DATABASE_URL and the STRIPE_* settings (a running emulator or Stripe itself).
// Embedded mode: the embedded PostgreSQL of PAYMARKET_DATA_DIR (default .data/postgres; the running app's server
// when it is up) and a private copy of the emulated Stripe account the app saved beside it. Exit 1 on any problem.
import { copyFileSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { refuseBadSettings } from '../../libs/platform/settings.mjs';
import { buildIfNeeded, root } from './build-if-needed.mjs';

// Before the build and the embedded PostgreSQL: a bad setting stops here with one line naming it.
refuseBadSettings('ledger:verify');
process.env.LOG_LEVEL ??= 'warn';
buildIfNeeded();
const { startEmbeddedPostgres } = await import('../../libs/platform/dist/index.js');
const { verifyLedgerAt, formatLedgerReport, stripeConfigFromEnv } = await import('../../services/payments/dist/index.js');

const withStripe = !process.argv.includes('--no-stripe');
let database;
let emulator;
try {
  let databaseUrl = process.env.DATABASE_URL;
  let stripe;
  if (databaseUrl) {
    if (withStripe) stripe = stripeConfigFromEnv();
  } else {
    const dataDir = process.env.PAYMARKET_DATA_DIR ?? join(root, '.data', 'postgres');
    database = await startEmbeddedPostgres({ dataDir });
    databaseUrl = database.url;
    const saved = `${dataDir}.stripe.json`;
    if (withStripe && existsSync(saved)) {
      // A copy, so this check never writes to the running app's state.
      const copy = join(mkdtempSync(join(tmpdir(), 'pm-ledger-')), 'stripe.json');
      copyFileSync(saved, copy);
      const { startStripeEmulator } = await import('../../infra/stripe-emulator/dist/index.js');
      emulator = await startStripeEmulator({ port: 0, stateFile: copy });
      stripe = { secretKey: 'sk_test_emulator', apiUrl: emulator.url };
    }
  }
  const report = await verifyLedgerAt({ databaseUrl, stripe });
  process.stdout.write(formatLedgerReport(report));
  process.exitCode = report.ok ? 0 : 1;
} catch (err) {
  process.stderr.write(`ledger:verify failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
} finally {
  await emulator?.close();
  await database?.stop();
}
