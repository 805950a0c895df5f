// `npm run openapi:lint`: Redocly CLI's recommended rules (redocly.yaml) on the OpenAPI document; exits non-zero on
// any error (ADR 0053).
//   npm run openapi:lint                                   the generated libs/sdk/openapi.json
//   npm run openapi:lint -- --url http://localhost:3000    the document a running PayMarket serves (/api/openapi.json)
// Without --url it needs no build and no server (CI runs it with the linters): libs/sdk/openapi.json is the document
// the gateway builds (scripts/openapi-generate.mjs starts it in-process and writes what /api/openapi.json answers;
// gateway/src/openapi/openapi.spec.ts fails when the two differ). The served one differs only in `servers`, which
// names PUBLIC_URL; gateway/src/openapi/openapi-lint.spec.ts lints that one, built with a PUBLIC_URL.
// Offline: the rules ship with the CLI; telemetry and the update check are off.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './lib.mjs';

const urlIndex = process.argv.indexOf('--url');
let target = join(root, 'libs/sdk/openapi.json');
let temp;
if (urlIndex > 0) {
  const origin = (process.argv[urlIndex + 1] ?? '').replace(/\/+$/, '');
  const response = await fetch(`${origin}/api/openapi.json`);
  if (!response.ok) {
    console.error(`GET ${origin}/api/openapi.json answered ${response.status}`);
    process.exit(1);
  }
  temp = mkdtempSync(join(tmpdir(), 'paymarket-openapi-'));
  target = join(temp, 'openapi.json');
  writeFileSync(target, await response.text());
}

const cli = join(root, 'node_modules/@redocly/cli/bin/cli.js');
const result = spawnSync(process.execPath, [cli, 'lint', target, '--config', join(root, 'redocly.yaml')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
});
if (temp) rmSync(temp, { recursive: true, force: true });
process.exit(result.status ?? 1);
