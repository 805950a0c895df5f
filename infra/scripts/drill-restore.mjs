// `npm run drill:restore [-- --latest]`: the restore drill of docs/runbook.md ("Restore"), on this machine, no Docker.
// A private PostgreSQL (own port, own data folder) archiving its WAL to a private pgBackRest repository
// (infra/scripts/pgbackrest-instance.mjs), a full backup, rows written in three batches with WAL switched between
// them, then the disaster: kill -9 of the postmaster and its data folder deleted. pgBackRest restores to the time
// noted between the first two batches (default; --latest: to the end of the archive) and the server starts again.
// Passes when exactly the rows committed up to the target are back. Prints the time from the loss to serving again.
// Cleans up on success, failure and Ctrl-C; a folder left by a killed run is removed by the next.
import pg from 'pg';
import { MissingToolError, cleanupAll, createInstance } from './pgbackrest-instance.mjs';

const toLatest = process.argv.includes('--latest');
const unknown = process.argv.slice(2).filter((a) => a !== '--latest');
if (unknown.length > 0) {
  console.error(`drill:restore: unknown argument ${unknown.join(' ')} (the only option is --latest)`);
  process.exit(2);
}

const started = Date.now();
const say = (line) => console.log(`[drill +${((Date.now() - started) / 1000).toFixed(1)} s] ${line}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

let instance;
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    stopping = true;
    say(`${signal}: stopping the private PostgreSQL and removing its folder`);
    void cleanupAll().finally(() => process.exit(130));
  });
}

async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Inserts `count` rows labelled `batch` in one transaction (one commit: recovery keeps or drops it whole). */
function writeBatch(batch, count) {
  return withClient(instance.url, (c) =>
    c.query(`INSERT INTO drill.orders (batch, amount) SELECT $1, 100 + g FROM generate_series(1, $2::int) g`, [batch, count]),
  );
}

async function countsByBatch() {
  const rows = await withClient(instance.url, (c) => c.query(`SELECT batch, count(*)::int AS n FROM drill.orders GROUP BY 1`));
  return Object.fromEntries(rows.rows.map((r) => [r.batch, r.n]));
}

async function drill() {
  say('creating a private PostgreSQL with WAL archiving and a pgBackRest stanza');
  instance = await createInstance({ log: say });
  say(`PostgreSQL on 127.0.0.1:${instance.port}, folder ${instance.root}`);
  await withClient(instance.url, (c) =>
    c.query(`CREATE SCHEMA drill; CREATE TABLE drill.orders (id serial PRIMARY KEY, batch text NOT NULL, amount bigint NOT NULL)`),
  );
  const backupAt = await instance.backup('full');
  say(`full backup done at ${backupAt.toISOString()}`);

  await writeBatch('before-target', 50);
  await instance.archiveNow();
  await sleep(1_000);
  const target = new Date();
  await sleep(1_000);
  say(`50 rows written and archived; restore target ${target.toISOString()}`);
  await writeBatch('after-target', 30);
  await instance.archiveNow();
  await writeBatch('never-archived', 20);
  say('30 more rows written and archived, then 20 whose WAL segment was never archived');

  const lostAt = await instance.lose();
  say('kill -9 of the postmaster; its data folder deleted');
  await instance.restore(toLatest ? { type: 'latest' } : { type: 'time', target });
  const servingAt = new Date();
  const counts = await countsByBatch();
  const expected = { 'before-target': 50, 'after-target': toLatest ? 30 : 0, 'never-archived': 0 };
  const problems = Object.entries(expected)
    .filter(([batch, n]) => (counts[batch] ?? 0) !== n)
    .map(([batch, n]) => `batch ${batch}: ${counts[batch] ?? 0} rows back, expected ${n}`);
  say(`restored (${toLatest ? 'latest' : `to ${target.toISOString()}`}): ${JSON.stringify(counts)}`);
  say(`from the loss to serving again: ${((servingAt - lostAt) / 1000).toFixed(1)} s`);
  return problems;
}

let exitCode = 1;
try {
  const problems = await drill();
  if (problems.length === 0) {
    say('PASS: exactly the committed and archived rows up to the target are back');
    exitCode = 0;
  } else {
    for (const p of problems) say(`FAIL: ${p}`);
  }
} catch (err) {
  if (!stopping) {
    if (err instanceof MissingToolError) console.error(`drill:restore: ${err.message}`);
    else {
      say(`FAIL: ${err?.message ?? err}`);
      if (instance) console.error(`PostgreSQL's log, last lines:\n${instance.tail()}`);
    }
  }
} finally {
  if (!stopping) await instance?.cleanup();
}
if (!stopping) process.exit(exitCode);
