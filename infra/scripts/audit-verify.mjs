// `npm run audit:verify`: checks the audit trail's hash chain (ADR 0075) from seq 1: no seq missing, each row linked
// to its predecessor's hash, each hash matching its row. Cluster mode: DATABASE_URL (onboarding's database).
// Embedded mode: the embedded PostgreSQL of PAYMARKET_DATA_DIR (default .data/postgres; the running app's server when
// it is up). Prints the row count and the head hash (note it down: rows cut from the end leave no other trace), or
// each problem and exit 1.
import { join } from 'node:path';
import { refuseBadSettings } from '../../libs/platform/settings.mjs';
import { buildIfNeeded, root } from './build-if-needed.mjs';

// Before the build and the embedded PostgreSQL: a bad setting stops here with one line naming it.
refuseBadSettings('audit:verify');
process.env.LOG_LEVEL ??= 'warn';
buildIfNeeded();
const { startEmbeddedPostgres } = await import('../../libs/platform/dist/index.js');
const { verifyAuditLogAt, formatAuditReport } = await import('../../services/onboarding/dist/index.js');

let database;
try {
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    database = await startEmbeddedPostgres({ dataDir: process.env.PAYMARKET_DATA_DIR ?? join(root, '.data', 'postgres') });
    databaseUrl = database.url;
  }
  const report = await verifyAuditLogAt({ databaseUrl });
  process.stdout.write(formatAuditReport(report));
  process.exitCode = report.ok ? 0 : 1;
} catch (err) {
  process.stderr.write(`audit:verify failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
} finally {
  await database?.stop();
}
