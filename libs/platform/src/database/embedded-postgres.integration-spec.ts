import { describe, expect, it, jest } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { LOCK_FILE_NAME, readEmbeddedPostgresLock, startEmbeddedPostgres } from './embedded-postgres.js';

/** A stand-in for another live process (the running app) that owns the server. */
function otherProcess(): ChildProcess {
  return spawn(process.execPath, ['-e', 'setInterval(() => {}, 1e6)'], { stdio: 'ignore' });
}

async function query(url: string, sql: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

jest.setTimeout(60_000);

describe(startEmbeddedPostgres.name, () => {
  it('creates missing parent folders reachable, and uses the data folder asked for (PAYMARKET_DATA_DIR=/new/dir/pg)', async () => {
    const parent = join('/tmp', `pm-embedded-new-${process.pid}-${Date.now().toString(36)}`);
    const dataDir = join(parent, 'nested', 'pg');
    const server = await startEmbeddedPostgres({ dataDir });
    try {
      expect(server.dataDir).toBe(dataDir);
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      expect((await client.query('SELECT 1 AS ok')).rows).toEqual([{ ok: 1 }]);
      await client.end();
    } finally {
      await server.stop();
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('keeps data across restarts and takes over from a postmaster a killed run left behind', async () => {
    // A folder like mktemp -d (0700 under /tmp): as root the postgres account cannot reach it, which must be handled.
    const dataDir = join(mkdtempSync('/tmp/pm-embedded-'), 'pg');
    const first = await startEmbeddedPostgres({ dataDir });
    const client = new pg.Client({ connectionString: first.url });
    await client.connect();
    await client.query('CREATE TABLE kept (v text)');
    await client.query(`INSERT INTO kept VALUES ('survives')`);
    await client.end();
    // Not stopped: this is what a SIGKILLed parent leaves — a running postmaster holding the data folder.

    const second = await startEmbeddedPostgres({ dataDir });
    try {
      const again = new pg.Client({ connectionString: second.url });
      await again.connect();
      const { rows } = await again.query('SELECT v FROM kept');
      await again.end();
      expect(rows).toEqual([{ v: 'survives' }]);
      expect(second.dataDir).toBe(first.dataDir);
    } finally {
      await second.stop();
      await first.stop();
    }
  });

  it('records its owner in a lock file; a second process connects to the running server instead of stopping it', async () => {
    const dataDir = join(mkdtempSync('/tmp/pm-embedded-'), 'pg');
    const owner = await startEmbeddedPostgres({ dataDir });
    const app = otherProcess();
    try {
      const lock = readEmbeddedPostgresLock(owner.dataDir);
      expect(lock).toEqual({ pid: process.pid, port: Number(new URL(owner.url).port), startedAt: expect.any(String) });
      // Hand the server to another live process, as if the app (not this test) had started it.
      writeFileSync(join(owner.dataDir, LOCK_FILE_NAME), JSON.stringify({ ...lock, pid: app.pid }));
      await query(owner.url, 'CREATE TABLE shared (v text)');

      const cli = await startEmbeddedPostgres({ dataDir });
      expect(cli).toMatchObject({ url: owner.url, attached: true });
      await query(cli.url, `INSERT INTO shared VALUES ('from the CLI')`);
      await cli.stop();

      // The app's server is untouched: still up, same data, and its lock still names the app.
      expect(await query(owner.url, 'SELECT v FROM shared')).toEqual([{ v: 'from the CLI' }]);
      expect(readEmbeddedPostgresLock(owner.dataDir)?.pid).toBe(app.pid);
    } finally {
      app.kill('SIGKILL');
      await owner.stop();
    }
  });

  it('treats a postmaster whose owning process is dead as stale and takes the folder over', async () => {
    const dataDir = join(mkdtempSync('/tmp/pm-embedded-'), 'pg');
    const first = await startEmbeddedPostgres({ dataDir });
    await query(first.url, `CREATE TABLE kept (v text); INSERT INTO kept VALUES ('survives')`);
    const startedAt = 'SELECT pg_postmaster_start_time()::text AS t';
    const firstStart = await query(first.url, startedAt);
    const app = otherProcess();
    const lock = readEmbeddedPostgresLock(first.dataDir)!;
    writeFileSync(join(first.dataDir, LOCK_FILE_NAME), JSON.stringify({ ...lock, pid: app.pid }));
    app.kill('SIGKILL');
    await new Promise((resolve) => app.once('exit', resolve));

    const second = await startEmbeddedPostgres({ dataDir });
    try {
      expect(second.attached).toBe(false);
      // A server of its own, not the stale one: the port may be the same, since the stale server's was freed.
      expect(await query(second.url, startedAt)).not.toEqual(firstStart);
      expect(await query(second.url, 'SELECT v FROM kept')).toEqual([{ v: 'survives' }]);
      expect(readEmbeddedPostgresLock(second.dataDir)?.pid).toBe(process.pid);
    } finally {
      await second.stop();
      await first.stop();
    }
    // A clean stop removes the lock.
    expect(existsSync(join(second.dataDir, LOCK_FILE_NAME))).toBe(false);
    expect(readFileSync(join(second.dataDir, 'PG_VERSION'), 'utf8').trim()).toMatch(/^\d+$/);
  });
});
