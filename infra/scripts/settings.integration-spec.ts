// The real launchers and CLIs, each given an empty and a malformed value for every variable it reads (ADR 0067):
// each must exit non-zero with one line on stderr naming the variable, before it builds, opens a database or a
// broker, or writes anything. Each process stops at its first lines, so the whole run takes seconds.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { fits, settingsOf, type Program, type Setting } from '../../libs/platform/settings.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

const ENTRIES: Array<{ program: Program; script: string; args?: string[] }> = [
  {
    program: 'admin:create',
    script: 'infra/scripts/admin-create.mjs',
    args: ['--email', 'admin@example.com', '--password', 'a-long-password-1'],
  },
  { program: 'ledger:verify', script: 'infra/scripts/ledger-verify.mjs', args: ['--no-stripe'] },
  { program: 'audit:verify', script: 'infra/scripts/audit-verify.mjs' },
  { program: 'dead-letters', script: 'infra/scripts/dead-letters.mjs' },
  { program: 'start', script: 'infra/embedded/start.mjs' },
  { program: 'start:cluster', script: 'infra/cluster/start.mjs' },
];

// Values that fit no declaration of their kind; the first that the variable refuses is used.
const MALFORMED: Record<Setting['kind'], string[]> = {
  url: ['not a url', 'ftp://example.com'],
  port: ['70000', 'http'],
  int: ['many', '99999999999'],
  enum: ['maybe'],
  path: ['relative/folder'],
  secret: ['x'],
  text: ['x', ' bad value ', 'not/valid=,,'],
};

function malformedValueOf(setting: Setting): string {
  const value = MALFORMED[setting.kind].find((candidate) => !fits(setting, candidate));
  if (value === undefined) throw new Error(`no malformed ${setting.kind} value for ${setting.name}: add one to MALFORMED`);
  return value;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

// Valid values for what a program requires, pointing nowhere reachable: a check that let a bad value through would
// fail to connect rather than touch the shared PostgreSQL or RabbitMQ. PAYMARKET_SKIP_BUILD: never build here.
function baseEnv(dataDir: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PAYMARKET_SKIP_BUILD: '1',
    PAYMARKET_DATA_DIR: dataDir,
    DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    AMQP_URL: 'amqp://nobody:nobody@127.0.0.1:1',
    PORT: '0',
  };
}

function runScript(script: string, args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    // Its own process group, so a launcher that got through is stopped with every child it spawned.
    const child = spawn(process.execPath, [join(root, script), ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // A check that let the value through would go on to start things: stop it and fail loudly.
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone between the timer and 'close'
      }
    }, 10_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

// A few at a time: the machine has two cores and other work.
async function inBatches<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) results.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return results;
}

function snapshot(dir: string): { uid: number; gid: number; mode: number; entries: string[] } {
  const stat = statSync(dir);
  return { uid: stat.uid, gid: stat.gid, mode: stat.mode, entries: readdirSync(dir).sort() };
}

describe('settings refused at start by the launchers and CLIs', () => {
  let work: string;
  let dataDir: string;

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'pm-settings-cwd-'));
    dataDir = mkdtempSync(join(tmpdir(), 'pm-settings-data-'));
  });
  afterAll(() => {
    rmSync(work, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('PAYMARKET_DATA_DIR= npm run admin:create: one line, and the current folder is left as it was (issue 35)', async () => {
    const before = snapshot(work);
    const env: NodeJS.ProcessEnv = { ...baseEnv(dataDir), PAYMARKET_DATA_DIR: '' };
    delete env.DATABASE_URL;
    const run = await runScript('infra/scripts/admin-create.mjs', ENTRIES[0]!.args!, env, work);
    expect(run).toEqual({
      code: 1,
      stdout: '',
      stderr: 'PAYMARKET_DATA_DIR: expected an absolute folder path, got an empty value\n',
    });
    expect(snapshot(work)).toEqual(before);
  });

  for (const { program, script, args = [] } of ENTRIES) {
    it(`${program}: an empty and a malformed value of each of its variables`, async () => {
      // STRIPE_API_URL= is docker-compose's way to say api.stripe.com (emptyMeansUnset): only its malformed value.
      const cases = settingsOf(program).flatMap((setting) => [
        ...(setting.emptyMeansUnset ? [] : [{ setting, value: '' }]),
        { setting, value: malformedValueOf(setting) },
      ]);
      const beforeWork = snapshot(work);
      const beforeData = snapshot(dataDir);
      const runs = await inBatches(cases, 4, async ({ setting, value }) => {
        const run = await runScript(script, args, { ...baseEnv(dataDir), [setting.name]: value }, work);
        return { variable: setting.name, value, ...run };
      });
      const wrong = runs.filter(
        (run) =>
          run.code === 0 ||
          run.code === null ||
          run.stdout !== '' ||
          !/^[^\n]+\n$/.test(run.stderr) ||
          !run.stderr.startsWith(`${run.variable}: expected `),
      );
      // Listed whole so a failure says which variable and what the process printed.
      expect(wrong).toEqual([]);
      expect(runs.length).toBe(cases.length);
      expect(snapshot(work)).toEqual(beforeWork);
      expect(snapshot(dataDir)).toEqual(beforeData);
    });
  }
});
