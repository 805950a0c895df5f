import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { approvedCompany, ipsFrom, overrideEnv, startTestApp, type TestApp } from './support/integrator-test-app.js';

jest.setTimeout(420_000);

const exec = promisify(execFile);
const root = fileURLToPath(new URL('../../../', import.meta.url));
const tsc = join(root, 'node_modules/typescript/bin/tsc');
const PROVIDER = 'acct_1PMDemoPrintCo00001';

/** The environment of a command run as an integrator would: no npm_* variables of the `npm test` this runs under. */
function integratorEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
  return { ...env, NO_UPDATE_NOTIFIER: '1', ...extra };
}

async function run(command: string, args: string[], cwd: string, timeout: number, env = integratorEnv()) {
  try {
    return await exec(command, args, { cwd, env, timeout, maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    const failed = err as Error & { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}: ${failed.message}\n${failed.stdout ?? ''}\n${failed.stderr ?? ''}`, {
      cause: err,
    });
  }
}

/** The integrator's tsconfig: strict, Node's own module resolution, the installed package's own types. */
const TSCONFIG = {
  compilerOptions: {
    strict: true,
    target: 'ES2022',
    module: 'node16',
    moduleResolution: 'node16',
    types: ['node'],
    rootDir: 'src',
    outDir: 'out',
    // The package's .d.ts are checked too (not skipped), as strictly as the program.
    skipLibCheck: false,
  },
  include: ['src'],
};

// ADR 0053, issue 21: the SDK as an integrator gets it. The build packs libs/sdk; the running app serves the
// tarball; `npm install <served URL>` into a folder outside the workspace; a strict TypeScript program type-checks
// against the installed package and, compiled, pays an order, verifies its webhook and refunds part of it.
describe('@paymarket/sdk installed from the tarball the app serves', () => {
  let work: string;
  let t: TestApp;
  let restoreEnv: () => void;
  const runId = Date.now().toString(36);
  const nextIp = ipsFrom('10.94');

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'paymarket-sdk-package-'));
    // The package's own build: dist/ compiled by tsc, then `npm pack` into a folder of this test.
    await run(process.execPath, [join(root, 'libs/sdk/scripts/build.mjs'), '--pack-dir', join(work, 'pack')], root, 120_000);
    restoreEnv = overrideEnv({ WEBHOOK_POLL_MS: '100' });
    t = await startTestApp({ sdkPackDir: join(work, 'pack') });
  });

  afterAll(async () => {
    await t?.close();
    restoreEnv?.();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('is served at /sdk/: latest.json names the tarball, other names are 404', async () => {
    const latest = await fetch(`${t.app.url}/sdk/latest.json`);
    expect(latest.status).toBe(200);
    const release = (await latest.json()) as {
      name: string;
      version: string;
      apiVersion: string;
      file: string;
      url: string;
      install: string;
    };
    const { version } = JSON.parse(readFileSync(join(root, 'libs/sdk/package.json'), 'utf8')) as { version: string };
    const { info } = JSON.parse(readFileSync(join(root, 'libs/sdk/openapi.json'), 'utf8')) as { info: { version: string } };
    expect(release).toMatchObject({
      name: '@paymarket/sdk',
      version,
      apiVersion: info.version,
      file: `paymarket-sdk-${version}.tgz`,
      url: `${t.app.url}/sdk/paymarket-sdk-${version}.tgz`,
      install: `npm install ${t.app.url}/sdk/paymarket-sdk-${version}.tgz`,
    });

    const tarball = await fetch(release.url);
    expect(tarball.status).toBe(200);
    expect(tarball.headers.get('content-type')).toBe('application/gzip');
    expect(tarball.headers.get('cache-control')).toBe('public, max-age=86400');
    const bytes = Buffer.from(await tarball.arrayBuffer());
    const integrity = `sha512-${createHash('sha512').update(bytes).digest('base64')}`;
    expect(integrity).toBe((release as unknown as { integrity: string }).integrity);
    const again = await fetch(release.url, { headers: { 'if-none-match': tarball.headers.get('etag')! } });
    expect(again.status).toBe(304);

    for (const name of [`paymarket-sdk-0.0.0.tgz`, 'latest.tgz', '..%2Flatest.json', 'paymarket-sdk.tgz']) {
      const other = await fetch(`${t.app.url}/sdk/${name}`);
      expect({ name, status: other.status }).toEqual({ name, status: 404 });
    }
  });

  it('installs with npm from that URL outside the workspace, type-checks a strict program and runs it against the app', async () => {
    const company = await approvedCompany(t.app.url, 'SDK Package Prints', nextIp(), runId);
    const release = (await (await fetch(`${t.app.url}/sdk/latest.json`)).json()) as { url: string; integrity: string; version: string };

    const project = join(work, 'integrator');
    mkdirSync(join(project, 'src'), { recursive: true });
    expect(project.startsWith(root)).toBe(false);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'paymarket-integrator', private: true, type: 'module' }, null, 2));
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
    copyFileSync(fileURLToPath(new URL('./fixtures/sdk-integrator/main.ts', import.meta.url)), join(project, 'src/main.ts'));

    // The SDK from the app; its two dependencies and @types/node (for the program's own http server) from the
    // registry, preferring npm's cache.
    const typesNode = (JSON.parse(readFileSync(join(root, 'node_modules/@types/node/package.json'), 'utf8')) as { version: string })
      .version;
    await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', release.url, `@types/node@${typesNode}`], project, 240_000);

    const installed = join(project, 'node_modules/@paymarket/sdk');
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest).toMatchObject({ name: '@paymarket/sdk', version: release.version, types: './dist/index.d.ts' });
    expect(manifest.private).toBeUndefined();
    expect(readdirSync(installed).sort()).toEqual(['README.md', 'dist', 'openapi.json', 'package.json']);
    expect(readdirSync(join(installed, 'dist')).sort()).toEqual(['index.d.ts', 'index.js', 'schema.d.ts', 'schema.js']);
    const lock = JSON.parse(readFileSync(join(project, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { resolved?: string; integrity?: string }>;
    };
    expect(lock.packages['node_modules/@paymarket/sdk']).toMatchObject({ resolved: release.url, integrity: release.integrity });

    // Type-check (strict), then a program with a wrong body must not compile: the types are real, not `any`.
    await run(process.execPath, [tsc, '-p', 'tsconfig.json', '--noEmit'], project, 120_000);
    writeFileSync(
      join(project, 'src/wrong.ts'),
      [
        "import { createPayMarketClient } from '@paymarket/sdk';",
        "const paymarket = createPayMarketClient({ baseUrl: 'http://localhost:3000' });",
        "await paymarket.POST('/api/v1/orders', { body: { orderId: 'o', amount: '1.00', currency: 'eur', recipient: 'acct_1' } });",
        "await paymarket.POST('/api/v1/refunds', { body: { order: 'o', amount: 100 } });",
      ].join('\n'),
    );
    // (The libraries' .d.ts were checked above; skipping them here and below saves the slow part of tsc.)
    const refused = await exec(process.execPath, [tsc, '-p', 'tsconfig.json', '--noEmit', '--skipLibCheck'], {
      cwd: project,
      env: integratorEnv(),
    }).then(
      () => undefined,
      (err: { stdout?: string }) => err.stdout ?? '',
    );
    expect(refused).toMatch(/src\/wrong\.ts\(3,.*'"eur"' is not assignable/);
    expect(refused).toMatch(/src\/wrong\.ts\(4,.*Idempotency-Key/);
    expect(refused).not.toMatch(/src\/main\.ts/);
    rmSync(join(project, 'src/wrong.ts'));

    // Compile (Node 20 has no type stripping) and run against the app.
    await run(process.execPath, [tsc, '-p', 'tsconfig.json', '--skipLibCheck'], project, 120_000);
    expect(existsSync(join(project, 'out/main.js'))).toBe(true);
    const { stdout } = await run(
      process.execPath,
      ['out/main.js'],
      project,
      120_000,
      integratorEnv({ PAYMARKET_URL: t.app.url, PAYMARKET_SECRET_KEY: company.secretKey, PAYMARKET_RECIPIENT: PROVIDER, RUN_ID: runId }),
    );
    const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
    const { info } = JSON.parse(readFileSync(join(root, 'libs/sdk/openapi.json'), 'utf8')) as { info: { version: string } };
    expect(result).toEqual({
      apiVersion: info.version,
      order: { id: expect.any(String), orderId: `integrator_${runId}`, status: 'pending', total: '100.00' },
      intent: { developmentMode: true },
      payment: { paymentStatus: 'succeeded', orderStatus: 'completed' },
      webhook: { type: 'payment.succeeded', orderId: `integrator_${runId}`, totalMinor: '10000', tamperedRefused: true },
      refund: { status: 'succeeded', amount: 1000, id: expect.any(String), retriedId: (result.refund as { id: string }).id },
      refundedWebhook: { refundedMinor: '1000' },
      afterRefund: { status: 'partially_refunded', refunded: '10.00' },
      refusedDeliveries: 0,
    });

    // What the program did is what the app recorded.
    const order = await fetch(`${t.app.url}/api/v1/orders/${(result.order as { id: string }).id}`, {
      headers: { authorization: `Bearer ${company.secretKey}` },
    });
    expect(await order.json()).toMatchObject({ orderId: `integrator_${runId}`, status: 'partially_refunded', refunded: '10.00' });
  });
});
