// `npm run infra:up` / `npm run infra:down`: docker-compose.yml (the cluster topology in containers) via the
// `docker-compose` npm package, which drives the `docker compose` CLI. Without a reachable Docker engine it says so
// and points at `npm run start:cluster`, which runs the same processes against a local PostgreSQL and RabbitMQ.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const USAGE = 'usage: node infra/docker/compose.mjs up|down   (npm run infra:up / npm run infra:down)';

const action = process.argv[2];
if (action !== 'up' && action !== 'down') {
  console.error(action ? `unknown action "${action}"\n${USAGE}` : USAGE);
  process.exit(2);
}

/** True when `docker info` reaches an engine within a few seconds (the CLI alone is not enough). */
function dockerEngineReachable() {
  const result = spawnSync('docker', ['info', '--format', '{{.ServerVersion}}'], {
    encoding: 'utf8',
    timeout: 8000,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return !result.error && result.status === 0 && result.stdout.trim() !== '';
}

if (!dockerEngineReachable()) {
  console.error(
    [
      'Docker is not available on this machine (no reachable Docker engine: `docker info` failed), so docker-compose.yml cannot run here.',
      'The same topology (the gateway and each service as separate processes) runs without Docker against a local PostgreSQL and RabbitMQ:',
      '',
      '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/paymarket AMQP_URL=amqp://guest:guest@127.0.0.1:5672 npm run start:cluster',
      '',
      'or, with no services at all, `npm start` (embedded PostgreSQL and an in-process broker).',
    ].join('\n'),
  );
  process.exit(1);
}

let compose;
try {
  const mod = await import('docker-compose');
  compose = typeof mod.upAll === 'function' ? mod : mod.default;
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
  console.error(
    'The `docker-compose` npm package is not installed: npm install --save-dev docker-compose@^1\n(or run `docker compose up --build -d` directly).',
  );
  process.exit(1);
}

const options = { cwd: root, log: true };
try {
  if (action === 'up') {
    // --build: the app image is built from the working tree, so a changed source is picked up on the next `up`.
    await compose.upAll({ ...options, commandOptions: ['--build', '--wait'] });
    console.log('PayMarket is up: http://localhost:3000 (RabbitMQ management: http://localhost:15672). Stop with `npm run infra:down`.');
  } else {
    await compose.down(options);
    console.log('PayMarket containers removed. Data volumes are kept; `docker compose down -v` deletes them too.');
  }
} catch (error) {
  // docker-compose rejects with { exitCode, out, err } rather than an Error; the output was already streamed (log: true).
  const code = typeof error?.exitCode === 'number' && error.exitCode !== 0 ? error.exitCode : 1;
  console.error(`docker compose ${action} failed${error?.message ? `: ${error.message}` : ''}`);
  process.exit(code);
}
