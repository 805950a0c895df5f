// Builds the workspace when a package has no dist yet or its sources are newer than its build. PAYMARKET_SKIP_BUILD=1:
// never (a caller that built already and runs the tools against its own running build, e.g. the fault tier running the
// runbook's `npm run ledger:verify`, where a rebuild meanwhile would race the check).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../', import.meta.url));
const packages = [
  'libs/contracts',
  'libs/platform',
  'libs/sdk',
  'services/onboarding',
  'services/catalog',
  'services/payments',
  'services/requests',
  'services/notifications',
  'gateway',
  'infra/stripe-emulator',
  'infra/embedded',
  'web',
];

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

function stale(pkg) {
  const dist = join(root, pkg, 'dist');
  if (!existsSync(dist)) return true;
  // web/widget is the source of /widget.js (built into web/dist/widget).
  const built = newest(dist);
  return ['src', 'widget'].map((dir) => join(root, pkg, dir)).some((src) => existsSync(src) && newest(src) > built);
}

export function buildIfNeeded() {
  if (process.env.PAYMARKET_SKIP_BUILD === '1' || !packages.some(stale)) return;
  console.log('Building PayMarket (first start or changed sources)…');
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
