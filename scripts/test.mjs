// `npm test`: every tier, then one closing line `tests: N passed, N failed`.
// PAYMARKET_TEST_TIERS=unit,integration runs only those (of unit, integration, cluster, e2e); `unit` includes the web
// project. .ci/run's Node 24 tier runs this script with Node 24's binary and those two, so the same jest arguments
// run under the other runtime (jest's workers are process.execPath).
//   unit + web (jest, parallel) → integration (jest, real PostgreSQL: embedded, or DATABASE_URL; broker: in-process,
//   or AMQP_URL) → cluster (separate processes; only with DATABASE_URL and AMQP_URL) → e2e (Playwright, Chromium).
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildIfNeeded } from '../infra/scripts/build-if-needed.mjs';
import { runE2E } from './e2e.mjs';
import { isClusterMode, root, run } from './lib.mjs';

const outDir = join(root, 'test-results');
mkdirSync(outDir, { recursive: true });

async function jest(name, projects, extra = []) {
  const outputFile = join(outDir, `jest-${name}.json`);
  rmSync(outputFile, { force: true });
  const code = await run(
    process.execPath,
    [
      '--experimental-vm-modules',
      join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
      '--selectProjects',
      ...projects,
      '--json',
      '--outputFile',
      outputFile,
      // A handle a test forgot to close must never hang the run (CI has a hard time limit); the results are written
      // by then. Such handles are still bugs: `npx jest --detectOpenHandles` finds them.
      '--forceExit',
      ...extra,
    ],
    { env: { ...process.env, NODE_NO_WARNINGS: '1' } },
  );
  if (!existsSync(outputFile)) return { passed: 0, failed: 1 };
  const report = JSON.parse(readFileSync(outputFile, 'utf8'));
  // A suite that failed to load counts as a failure even though none of its tests ran.
  const failed = report.numFailedTests + report.numRuntimeErrorTestSuites;
  return { passed: report.numPassedTests, failed: failed === 0 && code !== 0 ? 1 : failed };
}

/**
 * In cluster mode rate-limit counters live in Redis and every request of a run comes from 127.0.0.1, so one tier's
 * traffic would eat the next tier's allowance. CI (PAYMARKET_TEST_FLUSH_REDIS=1, with a Redis database of its own)
 * starts each tier from empty counters. Never done otherwise: it deletes what that Redis database holds.
 */
async function freshRateLimits() {
  if (process.env.PAYMARKET_TEST_FLUSH_REDIS !== '1' || !process.env.REDIS_URL) return;
  const { Redis } = await import('ioredis');
  const redis = new Redis(process.env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  await redis.flushdb();
  await redis.quit();
}

const cluster = isClusterMode();
const ALL_TIERS = ['unit', 'integration', 'cluster', 'e2e'];
const selected = (process.env.PAYMARKET_TEST_TIERS ?? ALL_TIERS.join(',')).split(',').map((t) => t.trim());
const unknownTiers = selected.filter((t) => !ALL_TIERS.includes(t));
if (unknownTiers.length > 0) {
  console.error(`PAYMARKET_TEST_TIERS: unknown tier ${unknownTiers.join(', ')}; choose from ${ALL_TIERS.join(', ')}`);
  process.exit(2);
}
const tiers = [];
if (selected.includes('unit')) tiers.push(['unit + web', await jest('unit', ['unit', 'web'])]);
if (selected.includes('integration')) {
  await freshRateLimits();
  tiers.push(['integration', await jest('integration', ['integration'], ['--runInBand'])]);
}
if (cluster && selected.includes('cluster')) {
  buildIfNeeded();
  await freshRateLimits();
  tiers.push(['cluster', await jest('cluster', ['cluster'], ['--runInBand'])]);
}
if (selected.includes('e2e')) {
  await freshRateLimits();
  tiers.push(['e2e', await runE2E()]);
}

const passed = tiers.reduce((n, [, r]) => n + r.passed, 0);
const failed = tiers.reduce((n, [, r]) => n + r.failed, 0);
console.log(`\nPayMarket tests (${cluster ? 'cluster mode: PostgreSQL + RabbitMQ' : 'embedded mode'}, Node ${process.versions.node}):`);
for (const [name, r] of tiers) console.log(`  ${name.padEnd(12)} ${r.skipped ? 'skipped' : `${r.passed} passed, ${r.failed} failed`}`);
writeFileSync(join(outDir, 'summary.json'), JSON.stringify({ passed, failed, tiers: Object.fromEntries(tiers) }, null, 2));
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
