// `npm run test:e2e`: Playwright in Debian's Chromium against the product started here — embedded mode by default,
// cluster mode (separate processes) when DATABASE_URL and AMQP_URL are set. Without Chromium the tier is skipped
// with a notice, unless E2E_REQUIRED=1 (CI), where that is a failure.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildIfNeeded } from '../infra/scripts/build-if-needed.mjs';
import { freePort, isClusterMode, root, run, waitForOk } from './lib.mjs';

/** Generous per-IP limits for the one-IP e2e suite (`perIp,perIdentity,windowSeconds`; per-identity unchanged). */
export const E2E_RATE_LIMITS = {
  RATE_LIMIT_PUBLIC_FORM: '1000,10,900',
  RATE_LIMIT_REGISTER_BUYER: '1000,10,900',
  RATE_LIMIT_SIGN_IN_CODE: '1000,5,900',
  RATE_LIMIT_SIGN_IN_VERIFY: '1000,10,900',
  RATE_LIMIT_ADMIN_LOGIN: '1000,10,900',
};

const CHROMIUM = '/usr/bin/chromium';

export async function runE2E(playwrightArgs = []) {
  if (!existsSync(CHROMIUM)) {
    if (process.env.E2E_REQUIRED === '1') {
      console.error(`e2e: Chromium is required (E2E_REQUIRED=1) but ${CHROMIUM} is missing; install it with: apt-get install -y chromium`);
      return { passed: 0, failed: 1 };
    }
    console.log(`\n  e2e tests SKIPPED: ${CHROMIUM} not found. Install it with \`apt-get install -y chromium\` to run them.\n`);
    return { passed: 0, failed: 0, skipped: true };
  }
  buildIfNeeded();

  // A fresh product each run: a mailbox, database and saved Stripe state left by an earlier (or killed) run would be
  // read by the specs as their own (an older sign-in code to a demo address, a half-written emulator state).
  const dataDir = process.env.PAYMARKET_E2E_DATA_DIR ?? '/tmp/paymarket-e2e-data';
  if (!process.env.PAYMARKET_E2E_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const cluster = isClusterMode();
  const entry = cluster ? 'infra/cluster/start.mjs' : 'infra/embedded/start.mjs';
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'development',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    PAYMARKET_DATA_DIR: dataDir,
    // The specs walk through the demo marketplace (sellers, the Demo Print Co. provider); cluster mode seeds only on request.
    PAYMARKET_SEED: 'true',
    // Every spec's browser speaks from 127.0.0.1, so the per-IP allowances (20 public forms per 15 minutes) would be
    // shared by the whole suite and refuse it part-way. Per-identity limits stay as in production; the limiter itself
    // is proven by the integration tier (gateway/src/auth/auth-routes.integration-spec.ts).
    ...E2E_RATE_LIMITS,
  };
  console.log(`e2e: starting PayMarket in ${cluster ? 'cluster' : 'embedded'} mode at ${baseUrl}`);
  const server = spawn(process.execPath, [entry], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const stopServer = () =>
    new Promise((resolve) => {
      if (server.exitCode !== null) return resolve();
      server.once('exit', resolve);
      server.kill('SIGTERM');
    });

  try {
    if (!(await waitForOk(`${baseUrl}/api/health/ready`, 120_000))) {
      console.error('e2e: PayMarket did not become ready within 120 s');
      return { passed: 0, failed: 1 };
    }
    const resultsFile = join(root, 'e2e', 'test-results', 'results.json');
    rmSync(resultsFile, { force: true });
    const code = await run(process.execPath, [join(root, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', ...playwrightArgs], {
      cwd: join(root, 'e2e'),
      env: { ...process.env, E2E_NO_SERVER: '1', E2E_BASE_URL: baseUrl },
    });
    if (!existsSync(resultsFile)) return { passed: 0, failed: 1 };
    const { stats } = JSON.parse(readFileSync(resultsFile, 'utf8'));
    const result = { passed: stats.expected + stats.flaky, failed: stats.unexpected };
    if (code !== 0 && result.failed === 0) result.failed = 1;
    return result;
  } finally {
    await stopServer();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // `npm run test:e2e -- tests/white-label.spec.ts` runs only the specs named (any Playwright arguments pass through).
  const result = await runE2E(process.argv.slice(2));
  console.log(`e2e: ${result.passed} passed, ${result.failed} failed`);
  process.exit(result.failed > 0 ? 1 : 0);
}
