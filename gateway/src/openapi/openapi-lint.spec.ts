import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { InProcessBroker } from '@paymarket/platform';
import { DEFAULT_BODY_LIMIT } from '../gateway.config.js';
import { createGatewayApp } from '../start-gateway.js';
import { OpenApiDocumentHolder } from './openapi.controller.js';

jest.setTimeout(120_000);

const exec = promisify(execFile);
const root = fileURLToPath(new URL('../../../', import.meta.url));

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: Array<{ ruleId: string; severity: 'error' | 'warn'; message: string; location: Array<{ pointer: string }> }>;
}

/** Redocly CLI's recommended rules (redocly.yaml), as `npm run openapi:lint` runs them, on one document. */
async function lint(folder: string, document: unknown): Promise<LintReport> {
  const file = join(folder, `openapi-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(document));
  // Non-zero exit when it reports an error: the report is on stdout either way.
  const { stdout } = await exec(
    process.execPath,
    [join(root, 'node_modules/@redocly/cli/bin/cli.js'), 'lint', file, '--format=json', '--config', join(root, 'redocly.yaml')],
    { cwd: root, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' }, maxBuffer: 64 * 1024 * 1024 },
  ).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
  return JSON.parse(stdout) as LintReport;
}

// Issue 21 / ADR 0053: the document the gateway serves passes a real linter, built as it is served (with a PUBLIC_URL).
describe('the served OpenAPI document under @redocly/cli lint (recommended rules)', () => {
  let app: NestFastifyApplication;
  let document: { paths: Record<string, Record<string, { security?: unknown }>>; servers?: unknown };
  let folder: string;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'paymarket-openapi-lint-'));
    app = await createGatewayApp({
      port: 0,
      host: '127.0.0.1',
      production: false,
      publicUrl: 'https://paymarket.acme.test',
      rpcTimeoutMs: 1000,
      bodyLimitBytes: DEFAULT_BODY_LIMIT,
      messaging: { kind: 'in-process', broker: new InProcessBroker(), prefetch: 1 },
    });
    document = JSON.parse(app.get(OpenApiDocumentHolder).get()) as typeof document;
  });

  afterAll(async () => {
    await app?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('reports no error', async () => {
    expect(document.servers).toEqual([{ url: 'https://paymarket.acme.test', description: expect.any(String) }]);
    const report = await lint(folder, document);
    const errors = report.problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
  });

  it('would fail on an operation without security or a document without servers', async () => {
    const broken = structuredClone(document);
    delete broken.paths['/api/health/live']!.get!.security;
    broken.servers = [];
    const report = await lint(folder, broken);
    expect(report.problems.filter((p) => p.severity === 'error').map((p) => p.ruleId)).toEqual(
      expect.arrayContaining(['security-defined', 'no-empty-servers']),
    );
    expect(report.totals.errors).toBeGreaterThanOrEqual(2);
  });
});
