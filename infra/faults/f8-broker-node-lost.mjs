// F8 of the fault tier (issue 35): a RabbitMQ node is lost. A three-node cluster of its own (rabbit-cluster.mjs)
// beside the system broker; the services get AMQP_URL with the three addresses and a vhost of their own; under load
// one node is killed (kill -9 of its VM) and started again, then the node that leads the payments queue is killed
// and started again. Quorum queues (three replicas each) keep every message through both losses; the processes move
// to another address by themselves. The harness's checks then run as for any fault (nothing lost, nothing doubled,
// no process exit), plus: every quorum queue had a replica on each node, and each process's time to reconnect after
// each kill, read from its "broker reconnected" log lines (downMs), is printed.
//
// Then a node's disk is lost: with the notifications service paused (SIGSTOP) so its queue holds a backlog, the node
// that leads paymarket.notifications is killed, its data folder deleted and the node forgotten by the cluster
// (`forget_cluster_node`); notifications resumes; a new, empty node joins in its place and `rabbitmq-queues grow` gives
// every quorum queue its third replica back (checked).
//
// PAYMARKET_UNSAFE_CLASSIC_QUEUES=1 declares the queues classic (one node each, nothing replicated): F8 then shows
// what the quorum queues prevent. Restarted with its disk, a classic queue's node brings its messages back; with its
// disk lost they are gone, and the check reports the payment events that never reached the integrator.
import { readFileSync } from 'node:fs';
import { startRabbitCluster } from './rabbit-cluster.mjs';

const VHOST = 'paymarket-faults-f8';
/** How long each killed node stays down before it is started again. */
const DOWN_S = Number(process.env.F8_DOWN_S ?? 10);
const PAYMENTS_QUEUE = 'paymarket.payments';
const NOTIFICATIONS_QUEUE = 'paymarket.notifications';
/** Messages not yet delivered in the notifications queue when its node's disk is lost (or what 20 s of paused consumers give). */
const BACKLOG = 5;
/** Concurrent checkouts while the nodes are killed (lower than the other faults': four Erlang VMs share the cores). */
const CONCURRENCY = Number(process.env.F8_CONCURRENCY ?? 8);

/**
 * Runs F8 with the harness's functions (run-faults.mjs): `say`, `sleep`, `load`, `check`, `startCluster`,
 * `stopCluster`, `freshDatabase`, `setupCompany`, `useBroker`, `signalProcesses`, `clusterLog` (the path of the cluster's log) and
 * `restore` (true when something runs after F8 on the system broker). Returns the harness's results.
 */
export async function brokerNodeLost(h) {
  const { say } = h;
  const started = Date.now();
  let rabbit;
  try {
    rabbit = await startRabbitCluster({ log: (line) => say(`   rabbit: ${line}`) });
    rabbit.addVhost(VHOST);
    const urls = rabbit.urls(VHOST);
    await h.stopCluster();
    await h.freshDatabase();
    h.useBroker({ url: urls[0], queueDepths: () => depths(rabbit) });
    await h.startCluster({ AMQP_URL: urls.join(',') });
    await h.setupCompany();
    const warm = await h.load('f8warm', 2, 2);
    if (warm.some((r) => r.outcome !== 'succeeded')) throw new Error(`F8 warm-up failed: ${warm.map((r) => r.reason).join('; ')}`);
    say(
      `F8 services on ${urls.length} nodes (AMQP_URL lists all three), ready ${((Date.now() - started) / 1000).toFixed(0)} s after the start`,
    );

    const placement = queuePlacement(rabbit);
    for (const line of placement.lines) say(`   ${line}`);

    const label = `F8 RabbitMQ node lost: kill -9 of a node, of the ${PAYMENTS_QUEUE} leader, a node's disk`;
    const faultStarted = Date.now();
    const kills = [];
    const results = await underLoad(h, async () => {
      await killTwoNodes(h, rabbit, kills);
      await loseNodeDisk(h, rabbit, kills);
    });
    const outcome = await h.check(label, results, { noExitsSince: { allowed: [] }, faultStarted });
    const reconnects = reconnectTimes(h.clusterLog, kills);
    for (const line of reconnects.lines) say(`   ${line}`);
    // After the lost disk: the new node holds a replica of every quorum queue again.
    const regrown = queuePlacement(rabbit);
    const problems = [...placement.problems, ...regrown.problems.filter((p) => !placement.problems.includes(p)), ...reconnects.problems];
    for (const p of problems) say(`   ✗ ${p}`);
    say(`F8 took ${((Date.now() - started) / 1000).toFixed(0)} s, the cluster's start included`);
    return [{ ...outcome, pass: outcome.pass && problems.length === 0, problems: [...outcome.problems, ...problems] }];
  } finally {
    await h.stopCluster().catch(() => undefined);
    rabbit?.stop();
    h.useBroker(undefined);
    if (h.restore) {
      // What runs next expects the usual cluster on the system broker, with a Stripe emulator and ledger that agree.
      await h.freshDatabase();
      await h.startCluster();
      await h.setupCompany();
    }
  }
}

/** Checkouts in rounds until `inject` is done, so both kills happen while payments are under way. */
async function underLoad(h, inject) {
  const results = [];
  let injecting = true;
  let round = 0;
  const driver = (async () => {
    while (injecting) results.push(...(await h.load(`f8_${round++}`, CONCURRENCY * 2, CONCURRENCY)));
  })();
  try {
    await h.sleep(1500);
    await inject();
  } finally {
    injecting = false;
    await driver;
  }
  return results;
}

async function killTwoNodes(h, rabbit, kills) {
  const leader = rabbit.queues(VHOST).get(PAYMENTS_QUEUE)?.leader;
  // First a node that does not lead the payments queue, so the second kill is a different case: the leader itself.
  const first = rabbit.nodes.map((n) => n.name).find((name) => name !== leader) ?? rabbit.nodes[0].name;
  await killAndRestart(h, rabbit, first, 'a node', kills);
  const paymentsLeader = rabbit.queues(VHOST).get(PAYMENTS_QUEUE)?.leader;
  if (!paymentsLeader || !rabbit.nodes.some((n) => n.name === paymentsLeader))
    throw new Error(`no leader found for ${PAYMENTS_QUEUE} (rabbitmqctl list_queues said ${paymentsLeader ?? 'nothing'})`);
  await killAndRestart(h, rabbit, paymentsLeader, `the ${PAYMENTS_QUEUE} leader`, kills);
}

async function killAndRestart(h, rabbit, name, what, kills) {
  const pid = rabbit.kill(name);
  const at = Date.now();
  kills.push({ name, what, at });
  h.say(`kill -9 ${name} (${what}, beam pid ${pid}); down for ${DOWN_S} s`);
  await h.sleep(DOWN_S * 1000);
  // Its data folder is intact: the node rejoins the cluster and its replicas catch up from the leaders.
  await rabbit.startNode(name);
  h.say(`${name} started again and rejoined (${((Date.now() - at) / 1000).toFixed(1)} s after the kill)`);
}

/**
 * A node's disk lost: the node that leads the notifications queue is killed while that queue holds a backlog (its
 * consumers paused), its data deleted and the node forgotten; a new, empty node joins in its place and every quorum
 * queue grows a replica on it. A quorum queue keeps the backlog on its two other replicas; a classic one is deleted
 * with it by `forget_cluster_node`.
 */
async function loseNodeDisk(h, rabbit, kills) {
  const leader = rabbit.queues(VHOST).get(NOTIFICATIONS_QUEUE)?.leader;
  if (!leader || !rabbit.nodes.some((n) => n.name === leader))
    throw new Error(`no leader found for ${NOTIFICATIONS_QUEUE} (rabbitmqctl list_queues said ${leader ?? 'nothing'})`);
  const paused = h.signalProcesses('notifications', 'SIGSTOP');
  let backlog = 0;
  try {
    // The payments under way keep publishing: wait until the paused consumers' queue holds some of their events
    // beyond the consumers' prefetch windows (those are already on their sockets and would be handled on SIGCONT).
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      backlog = rabbit.queues(VHOST).get(NOTIFICATIONS_QUEUE)?.ready ?? 0;
      if (backlog >= BACKLOG) break;
      await h.sleep(250);
    }
    const pid = rabbit.kill(leader);
    const at = Date.now();
    kills.push({ name: leader, what: `the ${NOTIFICATIONS_QUEUE} leader, its disk lost`, at });
    h.say(
      `kill -9 ${leader} (beam pid ${pid}), the ${NOTIFICATIONS_QUEUE} leader, with ${backlog} message(s) not yet delivered in it (notifications paused in ${paused} process(es)); its data folder deleted`,
    );
    await rabbit.wipe(leader);
    rabbit.forget(leader);
    h.say(`${leader} forgotten by the cluster (forget_cluster_node)`);
  } finally {
    h.signalProcesses('notifications', 'SIGCONT');
  }
  await h.sleep(DOWN_S * 1000);
  const at = Date.now();
  await rabbit.startNode(leader);
  rabbit.join(leader, rabbit.liveNode([leader]));
  rabbit.grow(leader);
  h.say(
    `${leader} joined again as a new, empty node and every quorum queue grew a replica on it (${((Date.now() - at) / 1000).toFixed(1)} s)`,
  );
}

/** The harness's queue depths (`waitForQuiet`, dead letters) read from the F8 cluster. */
function depths(rabbit) {
  try {
    return [...rabbit.queues(VHOST)].map(([name, q]) => ({ name, messages: q.messages }));
  } catch {
    // A CLI call while a node restarts: nothing known, so not quiet yet.
    return [{ name: 'unknown', messages: 1 }];
  }
}

/** Every queue's type, leader and replicas; a quorum queue without a replica on each node is a finding. */
function queuePlacement(rabbit) {
  const lines = [];
  const problems = [];
  const size = rabbit.nodes.length;
  // The services' queues; the gateway's private listener queues (exclusive, gone with their connection) are not kept.
  const kept = [...rabbit.queues(VHOST)].filter(([name]) => /^paymarket\.[a-z]+(\.rpc|\.dlq)?$/.test(name));
  for (const [name, q] of kept.sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(`${name}: ${q.type}, leader ${q.leader}, ${q.members.length} replica(s)`);
    if (q.type !== 'quorum') problems.push(`${name} is a ${q.type} queue: it lives on one node and is lost with it`);
    else if (q.members.length < size) problems.push(`${name} has ${q.members.length} replicas, not ${size}`);
  }
  return { lines, problems };
}

/**
 * Per kill, per process: how long its broker connections were down (the largest `downMs` of its "broker reconnected"
 * lines logged after the kill and before the next one). A process with no connection on the killed node has none.
 */
function reconnectTimes(logPath, kills) {
  const lines = [];
  const problems = [];
  let text;
  try {
    text = readFileSync(logPath, 'utf8');
  } catch (err) {
    return { lines, problems: [`cannot read the cluster log ${logPath}: ${err.message}`] };
  }
  const events = [];
  for (const match of text.matchAll(/^\[([\w-]+(?:#\d+)?)\] (\{.*"broker reconnected".*\})$/gm)) {
    try {
      const entry = JSON.parse(match[2]);
      events.push({ process: match[1], at: Date.parse(entry.time), downMs: Number(entry.downMs), owner: entry.owner });
    } catch {
      // not one of ours
    }
  }
  kills.forEach((kill, i) => {
    const until = kills[i + 1]?.at ?? Infinity;
    const byProcess = new Map();
    for (const e of events.filter((x) => x.at >= kill.at && x.at < until)) {
      const worst = byProcess.get(e.process);
      if (!worst || e.downMs > worst.downMs) byProcess.set(e.process, { ...e, connections: (worst?.connections ?? 0) + 1 });
      else worst.connections += 1;
    }
    const parts = [...byProcess]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([p, e]) => `${p} ${(e.downMs / 1000).toFixed(1)} s (${e.connections})`);
    lines.push(
      `reconnected after killing ${kill.name} (${kill.what}): ${parts.join(', ') || 'no process had a connection on it'} — seconds until its last connection was back (connections that moved)`,
    );
  });
  return { lines, problems };
}
