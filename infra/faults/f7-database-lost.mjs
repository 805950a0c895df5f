// F7 of the fault tier (issue 35): the database is lost. The cluster runs on a private PostgreSQL that archives its
// WAL to a private pgBackRest repository (infra/scripts/pgbackrest-instance.mjs, as `npm run drill:restore` uses).
// After a full backup, a few checkouts are paid and partly refunded, then concurrent checkouts run and, mid-load, the
// postmaster is killed with kill -9 and its data folder deleted. pgBackRest restores to the latest archived point
// (the WAL segment being written is gone with the disk), the server starts, and payments reconciles with Stripe
// (`node infra/scripts/reconcile.mjs --since <backup time>`): Stripe is the record of what was charged, refunded and
// transferred since. Then the tier's usual checks, plus: every refund and transfer Stripe has is in the ledger.
// Prints the time from the loss to serving again.
//
// PAYMARKET_UNSAFE_SKIP_RECONCILE=1 skips the reconcile step, to show that the checks then report what the restore
// lost (the safety is the reconcile, as the inbox dedupe is F4's).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { clearTimeout, setTimeout } from 'node:timers';
import { createInstance } from '../scripts/pgbackrest-instance.mjs';

const RECONCILE_SCRIPT = 'infra/scripts/reconcile.mjs';
const UNSAFE_SKIP_RECONCILE = process.env.PAYMARKET_UNSAFE_SKIP_RECONCILE === '1';
/** Checkouts paid (and some refunded) between the backup and the loss: what only the archive and Stripe remember. */
const PAID_BEFORE_LOSS = 6;
const REFUND_MINOR = 1000;
/**
 * F7 restarts the cluster twice; the launcher would rebuild first when sources changed since the run began (someone
 * editing the tree), which can outlast the readiness wait. The tier built at its start, so the restarts use that build.
 */
const SAME_BUILD = { PAYMARKET_SKIP_BUILD: '1' };

/**
 * The reconcile step of docs/runbook.md's "Restore": `node infra/scripts/reconcile.mjs --since <time>` against the
 * restored database and this cluster's Stripe. Resolves with its output; rejects with it on a non-zero exit.
 */
export function reconcileWithStripe({ root, since, env }) {
  const script = join(root, RECONCILE_SCRIPT);
  if (!existsSync(script)) {
    return Promise.reject(new Error(`${RECONCILE_SCRIPT} does not exist (issue 35 item 2, Stripe reconciliation): nothing brought back`));
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, '--since', since.toISOString()], {
      cwd: root,
      env: { ...process.env, PAYMARKET_SKIP_BUILD: '1', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(output.trim());
      else reject(new Error(`reconcile exited ${code ?? signal}: ${output.trim().split('\n').slice(-8).join('\n')}`));
    });
  });
}

/** Every object of a Stripe list endpoint of the emulator (refunds, transfers), page by page. */
async function stripeList(emulatorUrl, resource) {
  const all = [];
  let after;
  for (;;) {
    const url = `${emulatorUrl}/v1/${resource}?limit=100${after ? `&starting_after=${after}` : ''}`;
    const response = await fetch(url, { headers: { authorization: 'Bearer sk_test_emulator' } });
    if (!response.ok) throw new Error(`GET /v1/${resource}: ${response.status}`);
    const page = await response.json();
    all.push(...page.data);
    if (!page.has_more || page.data.length === 0) return all;
    after = page.data.at(-1).id;
  }
}

/** Every succeeded refund and every transfer at Stripe has its ledger entry (the entry's source is the Stripe id). */
async function stripeMoneyInLedger({ query, emulatorUrl }) {
  const problems = [];
  const booked = new Set((await query(`SELECT kind || ':' || source AS key FROM payments.ledger_entries`)).map((r) => r.key));
  const refunds = (await stripeList(emulatorUrl, 'refunds')).filter((r) => r.status === 'succeeded');
  const transfers = await stripeList(emulatorUrl, 'transfers');
  for (const r of refunds) if (!booked.has(`refund:${r.id}`)) problems.push(`refund ${r.id} at Stripe is not in the ledger`);
  for (const t of transfers) if (!booked.has(`transfer:${t.id}`)) problems.push(`transfer ${t.id} at Stripe is not in the ledger`);
  return { refunds: refunds.length, transfers: transfers.length, problems };
}

/** Pays `count` checkouts and refunds part of every other one, so the loss takes refunds with it too. */
async function payAndRefund(h, count) {
  const results = await h.load('f7pre', count, count);
  let refunded = 0;
  for (const [i, r] of results.entries()) {
    if (r.outcome !== 'succeeded' || i % 2 === 1) continue;
    const refund = await h.api(
      'POST',
      '/api/v1/refunds',
      { order: r.orderUuid, amount: REFUND_MINOR },
      { idempotencyKey: `f7-refund-${r.orderId}` },
    );
    if (refund.status !== 201) throw new Error(`F7 refund of ${r.orderId}: ${refund.status} ${refund.text.slice(0, 120)}`);
    refunded++;
  }
  return { results, refunded };
}

/** Polls the gateway's readiness until every service answers with its database (after the restore). */
async function waitUntilServing(h, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ready = await fetch(`${h.urls().gatewayUrl}/api/health/ready`).catch(() => undefined);
    if (ready?.ok) return new Date();
    await h.sleep(250);
  }
  throw new Error(`the cluster was not ready ${timeoutMs / 1000} s after the restore`);
}

/**
 * F7. `h` is the fault tier's harness: say, sleep, load, api, check, query, startCluster, stopCluster, setupCompany,
 * freshDatabase, useDatabase(url | undefined), urls() → { gatewayUrl, emulatorUrl, amqpUrl, webhookSecret }, root,
 * checkouts, concurrency, clusterAfter (start the tier's usual cluster on its shared database again when F7 is done).
 */
export async function databaseLost(h) {
  const label = `F7 database lost mid-load (kill -9, data folder deleted), restored with pgBackRest${UNSAFE_SKIP_RECONCILE ? ', UNSAFE: no reconcile' : ''}`;
  await h.stopCluster();
  const instance = await createInstance({ log: h.say });
  try {
    h.useDatabase(instance.url);
    await h.startCluster({ ...SAME_BUILD, DATABASE_URL: instance.url });
    await h.setupCompany();
    const warm = await h.load('f7warm', 2, 2);
    if (warm.some((r) => r.outcome !== 'succeeded')) throw new Error(`F7 warm-up failed: ${warm.map((r) => r.reason).join('; ')}`);
    const backupAt = await instance.backup('full');
    h.say(`F7: private PostgreSQL on :${instance.port} archiving to pgBackRest; full backup done at ${backupAt.toISOString()}`);

    const faultStarted = Date.now();
    const before = await payAndRefund(h, PAID_BEFORE_LOSS);
    h.say(
      `F7: ${before.results.filter((r) => r.outcome === 'succeeded').length} checkouts paid and ${before.refunded} refunded since the backup`,
    );
    const running = h.load('f7', h.checkouts, h.concurrency);
    await h.sleep(1_500);
    const lostAt = await instance.lose();
    h.say('F7: kill -9 of the postmaster, its data folder deleted');
    await instance.restore({ type: 'latest' });
    const servingAt = await waitUntilServing(h);
    const serving = `${((servingAt - lostAt) / 1000).toFixed(1)} s`;
    h.say(`F7: restored to the latest archived point; serving again ${serving} after the loss`);

    const problems = [];
    if (UNSAFE_SKIP_RECONCILE) h.say('F7: UNSAFE: PAYMARKET_UNSAFE_SKIP_RECONCILE=1, the reconcile step is skipped');
    else {
      const { emulatorUrl, amqpUrl, webhookSecret } = h.urls();
      const output = await reconcileWithStripe({
        root: h.root,
        since: backupAt,
        env: {
          DATABASE_URL: instance.url,
          AMQP_URL: amqpUrl,
          STRIPE_SECRET_KEY: 'sk_test_emulator',
          STRIPE_API_URL: emulatorUrl,
          STRIPE_WEBHOOK_SECRET: webhookSecret,
        },
      }).catch((err) => {
        problems.push(String(err.message));
        return undefined;
      });
      if (output !== undefined) h.say(`F7: reconcile --since ${backupAt.toISOString()}: ${output.split('\n').slice(-3).join(' | ')}`);
    }

    const results = [...before.results, ...(await running)];
    const outcome = await h.check(label, results, { noExitsSince: { allowed: [] }, faultStarted });
    const money = await stripeMoneyInLedger({ query: h.query, emulatorUrl: h.urls().emulatorUrl });
    problems.push(...money.problems);
    h.say(`   Stripe has ${money.refunds} refunds and ${money.transfers} transfers; ${money.problems.length} missing from the ledger`);
    for (const p of problems.slice(0, 15)) h.say(`   ✗ ${p}`);
    h.say(`   time from the loss to serving again: ${serving}`);
    return [
      {
        ...outcome,
        label: `${outcome.label} (serving again after ${serving})`,
        pass: outcome.pass && problems.length === 0,
        lost: outcome.lost + money.problems.length,
        problems: [...outcome.problems, ...problems],
      },
    ];
  } finally {
    // Back to the tier's own database, and a fresh cluster on it when faults or checks follow F7.
    await h.stopCluster();
    await instance.cleanup();
    h.useDatabase(undefined);
    if (h.clusterAfter) {
      await h.freshDatabase();
      await h.startCluster(SAME_BUILD);
      await h.setupCompany();
    }
  }
}
