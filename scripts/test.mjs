// `npm test`: every tier, then one closing line `tests: N passed, N failed`.
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
const tiers = [];
tiers.push(['unit + web', await jest('unit', ['unit', 'web'])]);
await freshRateLimits();
tiers.push(['integration', await jest('integration', ['integration'], ['--runInBand'])]);
if (cluster) {
  buildIfNeeded();
  await freshRateLimits();
  tiers.push(['cluster', await jest('cluster', ['cluster'], ['--runInBand'])]);
}
await freshRateLimits();
tiers.push(['e2e', await runE2E()]);

const passed = tiers.reduce((n, [, r]) => n + r.passed, 0);
const failed = tiers.reduce((n, [, r]) => n + r.failed, 0);
console.log(`\nPayMarket tests (${cluster ? 'cluster mode: PostgreSQL + RabbitMQ' : 'embedded mode'}):`);
for (const [name, r] of tiers) console.log(`  ${name.padEnd(12)} ${r.skipped ? 'skipped' : `${r.passed} passed, ${r.failed} failed`}`);
writeFileSync(join(outDir, 'summary.json'), JSON.stringify({ passed, failed, tiers: Object.fromEntries(tiers) }, null, 2));
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
