// A private PostgreSQL with WAL archiving to a private pgBackRest repository, for the restore drill
// (infra/scripts/drill-restore.mjs) and fault F7 (infra/faults/f7-database-lost.mjs). No Docker: Debian's binaries
// (/usr/lib/postgresql/<version>/bin, /usr/bin/pgbackrest), a free port, and everything else (data folder, repository,
// sockets, logs, pgBackRest's lock and spool) under one /tmp/paymarket-drill-XXXX folder (mode 755, so the postgres OS
// user can traverse it). As root, PostgreSQL and pgBackRest run as the `postgres` OS user (initdb refuses root).
//
// The folder holds owner.json ({pid}); a later run removes any folder whose owner is dead, stopping its postmaster
// first, so an instance left by a killed run never blocks the next. The machine's shared PostgreSQL is never touched.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { clearTimeout, setTimeout } from 'node:timers';

export const STANZA = 'paymarket';
const FOLDER_PREFIX = 'paymarket-drill-';
const TMP = '/tmp';
const PGBACKREST = process.env.PGBACKREST_BIN ?? '/usr/bin/pgbackrest';

/** Thrown when a tool the drill needs is not installed; `message` says what to install. */
export class MissingToolError extends Error {}

/** The newest PostgreSQL server binaries Debian installed (initdb, pg_ctl, postgres), or a MissingToolError. */
export function postgresBin() {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(join(base, v, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0)
    throw new MissingToolError(`no PostgreSQL server binaries in ${base}/<version>/bin: apt-get install postgresql`);
  return join(base, versions[0], 'bin');
}

/** pgBackRest's binary, or a MissingToolError naming the package. */
export function pgbackrestBin() {
  if (spawnSync(PGBACKREST, ['version'], { encoding: 'utf8' }).status !== 0) {
    throw new MissingToolError(`pgbackrest is not installed (${PGBACKREST} missing): apt-get install pgbackrest`);
  }
  return PGBACKREST;
}

/** Instances of this process not cleaned up yet (a Ctrl-C during createInstance still finds its folder here). */
const live = new Set();

/** Stops and removes every instance this process created: for signal handlers. */
export function cleanupAll() {
  return Promise.all([...live].map((instance) => instance.cleanup()));
}

const asRoot = () => process.getuid?.() === 0;

/** The command line that runs `command args` as the postgres OS user when we are root, else as ourselves. */
function asPostgres(command, args) {
  return asRoot() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

/** Runs a command to its end without blocking the event loop (F7 drives its load meanwhile). Rejects on non-zero. */
function run(command, args, { timeoutMs = 120_000 } = {}) {
  const [cmd, argv] = asPostgres(command, args);
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`${command} ${args.join(' ')} failed (${code ?? signal}):\n${out.trim().split('\n').slice(-12).join('\n')}`));
    });
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
};

/** The postmaster's pid from its data folder's postmaster.pid, if the file exists. */
function postmasterPid(dataDir) {
  const file = join(dataDir, 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

function killQuietly(pid) {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // gone already
  }
}

/**
 * Removes the folders of earlier runs whose owner process is dead (a run killed with kill -9 never cleaned up),
 * killing the postmaster still running in each. Folders of live runs (a drill and F7 at once) are left alone.
 */
export function removeStaleInstances() {
  const removed = [];
  for (const name of readdirSync(TMP).filter((n) => n.startsWith(FOLDER_PREFIX))) {
    const dir = join(TMP, name);
    let owner;
    try {
      owner = JSON.parse(readFileSync(join(dir, 'owner.json'), 'utf8')).pid;
    } catch {
      owner = undefined; // a folder whose run died before writing owner.json
    }
    if (owner && alive(owner)) continue;
    const pid = postmasterPid(join(dir, 'data'));
    if (pid && alive(pid)) killQuietly(pid);
    rmSync(dir, { recursive: true, force: true });
    removed.push(dir);
  }
  return removed;
}

/** pgbackrest.conf for this instance: production's settings (retention, compression), paths of its own. */
function pgbackrestConf({ root, dataDir, port }) {
  return [
    '[global]',
    `repo1-path=${join(root, 'repo')}`,
    'repo1-retention-full=2',
    'repo1-retention-diff=7',
    'compress-type=zst',
    'compress-level=3',
    // A checkpoint at once instead of waiting for the next one: the drill's backup starts now.
    'start-fast=y',
    `lock-path=${join(root, 'lock')}`,
    `log-path=${join(root, 'log')}`,
    `spool-path=${join(root, 'spool')}`,
    'log-level-console=warn',
    'log-level-file=info',
    '',
    `[${STANZA}]`,
    `pg1-path=${dataDir}`,
    `pg1-port=${port}`,
    `pg1-socket-path=${join(root, 'run')}`,
    'pg1-user=postgres',
    '',
  ].join('\n');
}

/** postgresql.conf additions: a private port and socket folder, WAL archived to this instance's repository. */
function postgresConf({ root, port, config }) {
  return [
    `port = ${port}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${join(root, 'run')}'`,
    'wal_level = replica',
    'archive_mode = on',
    `archive_command = '${PGBACKREST} --config=${config} --stanza=${STANZA} archive-push %p'`,
    // Small and quick: the drill's data fit in a few segments and nothing here needs durability across a crash
    // of the machine (the point is the loss of the data folder).
    'max_wal_size = 256MB',
    'shared_buffers = 32MB',
    'max_connections = 100',
    'fsync = off',
    '',
  ].join('\n');
}

/**
 * Creates and starts a private PostgreSQL with archiving on and a stanza in its own repository. Returns its handle:
 * `url` (database `paymarket`), `backup(type)`, `lose()` (kill -9 of the postmaster, data folder deleted),
 * `restore({ type, target })`, `start()`, `stop()`, `cleanup()`, `info()`.
 */
export async function createInstance({ log = () => undefined } = {}) {
  const bin = postgresBin();
  pgbackrestBin();
  removeStaleInstances().forEach((dir) => log(`removed a stale drill folder ${dir}`));
  const root = mkdtempSync(join(TMP, FOLDER_PREFIX));
  chmodSync(root, 0o755);
  writeFileSync(join(root, 'owner.json'), JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString() }));
  const dataDir = join(root, 'data');
  const config = join(root, 'pgbackrest.conf');
  const port = await freePort();
  const instance = new Instance({ bin, root, dataDir, config, port, log });
  live.add(instance);
  try {
    for (const dir of ['repo', 'run', 'log', 'lock', 'spool', 'data']) instance.ownedFolder(join(root, dir));
    writeFileSync(config, pgbackrestConf({ root, dataDir, port }));
    chmodSync(config, 0o644);
    await run(join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync']);
    writeFileSync(join(dataDir, 'postgresql.auto.conf'), postgresConf({ root, port, config }), { flag: 'a' });
    await instance.start();
    await instance.psql('CREATE DATABASE paymarket');
    await run(PGBACKREST, [`--config=${config}`, `--stanza=${STANZA}`, 'stanza-create']);
    return instance;
  } catch (err) {
    await instance.cleanup();
    throw err;
  }
}

class Instance {
  constructor({ bin, root, dataDir, config, port, log }) {
    Object.assign(this, { bin, root, dataDir, config, port, log });
    this.url = `postgres://postgres@127.0.0.1:${port}/paymarket`;
    this.logFile = join(root, 'log', 'postgres.log');
  }

  /** A folder the postgres OS user owns (mode 700, as PostgreSQL wants its data folder). */
  ownedFolder(dir) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (asRoot()) {
      const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
      const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
      if (!Number.isInteger(uid) || !Number.isInteger(gid)) throw new Error('running as root, but there is no `postgres` OS user');
      chownSync(dir, uid, gid);
    }
  }

  pgbackrest(args, options) {
    return run(PGBACKREST, [`--config=${this.config}`, `--stanza=${STANZA}`, ...args], options);
  }

  /** Runs SQL with psql over the instance's socket (as the postgres role). */
  psql(sql, database = 'postgres', extra = []) {
    const socket = join(this.root, 'run');
    return run(join(this.bin, 'psql'), [
      ...extra,
      '-X',
      '-q',
      '-v',
      'ON_ERROR_STOP=1',
      '-h',
      socket,
      '-p',
      String(this.port),
      '-U',
      'postgres',
      '-d',
      database,
      '-c',
      sql,
    ]);
  }

  /** pg_ctl start, waiting until it accepts connections (recovery included, up to 2 minutes). */
  async start() {
    await run(join(this.bin, 'pg_ctl'), ['-D', this.dataDir, '-l', this.logFile, '-w', '-t', '120', 'start']);
  }

  /** A backup of `type` (full, diff, incr); resolves with the time it finished. */
  async backup(type = 'full') {
    await this.pgbackrest([`--type=${type}`, 'backup']);
    return new Date();
  }

  /** Forces the current WAL segment out and waits until pgBackRest has archived it (what `latest` reaches). */
  async archiveNow() {
    await this.pgbackrest(['check']);
  }

  /** The disaster: kill -9 of the postmaster, then its data folder deleted. Resolves with the time of the loss. */
  async lose() {
    const pid = postmasterPid(this.dataDir);
    if (!pid) throw new Error(`no postmaster.pid in ${this.dataDir}: the instance is not running`);
    const lostAt = new Date();
    process.kill(pid, 'SIGKILL');
    // Its backends notice the postmaster's death and exit; the port is free once they have.
    for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 50));
    rmSync(this.dataDir, { recursive: true, force: true });
    return lostAt;
  }

  /**
   * `pgbackrest restore` into an empty data folder: `latest` (the end of the archive) or `time` with `target` (a
   * Date), promoting at the target so the server accepts writes. Then starts it.
   */
  async restore({ type = 'latest', target } = {}) {
    rmSync(this.dataDir, { recursive: true, force: true });
    this.ownedFolder(this.dataDir);
    const args = ['restore'];
    if (type === 'time') {
      if (!(target instanceof Date) || Number.isNaN(target.getTime())) throw new Error('restore: type "time" needs `target`, a valid Date');
      args.push('--type=time', `--target=${target.toISOString().replace('T', ' ').replace('Z', '+00')}`, '--target-action=promote');
    } else if (type !== 'latest') {
      throw new Error(`restore: type must be "latest" or "time", not ${JSON.stringify(type)}`);
    }
    await this.pgbackrest(args, { timeoutMs: 300_000 });
    await this.start();
    await this.waitUntilPromoted();
  }

  /**
   * pg_ctl -w returns once the server accepts read-only connections, which it does during recovery: the restore is
   * done only when recovery has ended and the server accepts writes.
   */
  async waitUntilPromoted(timeoutMs = 120_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const inRecovery = (await this.psql('SELECT pg_is_in_recovery()', 'postgres', ['-t', '-A'])).trim();
      if (inRecovery === 'f') return;
      if (Date.now() > deadline) throw new Error(`the restored server was still in recovery after ${timeoutMs / 1000} s:\n${this.tail()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  info() {
    return this.pgbackrest(['info']);
  }

  /** Stops the server at once (no checkpoint: it is thrown away). */
  async stop() {
    const pid = postmasterPid(this.dataDir);
    if (!pid || !alive(pid)) return;
    await run(join(this.bin, 'pg_ctl'), ['-D', this.dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => killQuietly(pid));
  }

  /** Stops the server and removes the whole folder (data, repository, logs). Safe to call twice. */
  async cleanup() {
    await this.stop().catch(() => undefined);
    rmSync(this.root, { recursive: true, force: true });
    live.delete(this);
  }

  /** The last lines of PostgreSQL's log, for an error message. */
  tail(lines = 15) {
    return existsSync(this.logFile) ? readFileSync(this.logFile, 'utf8').trim().split('\n').slice(-lines).join('\n') : '(no log)';
  }
}
