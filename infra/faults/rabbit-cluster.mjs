// A three-node RabbitMQ cluster on this machine for the fault tier's F8 (issue 35), beside the system broker, which it
// never touches: Debian's rabbitmq-server run as three more Erlang nodes (pm1@localhost, pm2@localhost,
// pm3@localhost by default) on free ports, with their data, logs and pid files under one folder of their own and an
// empty plugin list (no management or Prometheus port to clash with the system node's). They share the machine's
// epmd and the system node's Erlang cookie (copied into the folder's HOME, so nothing is written to root's home).
//
// Speed: the three nodes boot in parallel; pm2 and pm3 then join pm1 (`stop_app; join_cluster; start_app`) in
// parallel. Cleanup kills every process it started (each node runs in a process group of its own), also when the
// start fails; a cluster left behind by a killed earlier run is found through the pid files in its folder and killed
// before the next one starts, so its node names and folder never block a new run.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The package's own scripts, not /usr/sbin's wrappers: those switch to the rabbitmq account and write the system
// node's startup log.
const SBIN = process.env.RABBITMQ_SBIN ?? '/usr/lib/rabbitmq/bin';
const SYSTEM_COOKIE = process.env.RABBITMQ_COOKIE_FILE ?? '/var/lib/rabbitmq/.erlang.cookie';
const DEFAULT_BASE = join(tmpdir(), 'paymarket-rabbit-cluster');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function portOpen(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Kills the process group `pid` leads (a node and its port helpers), if it is one of ours (its environment names `base`). */
function killGroupIfOurs(pid, base) {
  if (!pid || !alive(pid)) return false;
  let environ;
  try {
    environ = readFileSync(`/proc/${pid}/environ`, 'utf8');
  } catch {
    return false;
  }
  // A recycled pid belongs to someone else: only a process started with our folder in its environment is ours.
  if (!environ.includes(`RABBITMQ_MNESIA_BASE=${base}/`)) return false;
  for (const target of [-pid, pid]) {
    try {
      process.kill(target, 'SIGKILL');
    } catch {
      // no such group, or gone already
    }
  }
  return true;
}

/** Kills what a killed earlier run left in `base` (its pid files) and empties the folder. */
export function cleanStaleCluster(base = DEFAULT_BASE) {
  if (!existsSync(base)) return 0;
  let killed = 0;
  for (const entry of readdirSync(base, { withFileTypes: true }).filter((e) => e.isDirectory())) {
    for (const file of ['launcher.pid', 'beam.pid']) {
      const path = join(base, entry.name, file);
      if (!existsSync(path)) continue;
      if (killGroupIfOurs(Number(readFileSync(path, 'utf8').trim()), base)) killed++;
    }
  }
  rmSync(base, { recursive: true, force: true });
  return killed;
}

/**
 * Starts `size` nodes and clusters them; returns the handle F8 uses. `log(line)` receives progress lines. Throws
 * (after killing whatever it started) when a node does not come up within `timeoutMs`.
 */
export async function startRabbitCluster({
  size = 3,
  prefix = 'pm',
  base = DEFAULT_BASE,
  timeoutMs = 120_000,
  log = () => undefined,
} = {}) {
  const stale = cleanStaleCluster(base);
  if (stale > 0) log(`killed ${stale} process(es) of a cluster an earlier run left behind`);
  const home = join(base, 'home');
  mkdirSync(home, { recursive: true });
  copyFileSync(SYSTEM_COOKIE, join(home, '.erlang.cookie'));
  chmodSync(join(home, '.erlang.cookie'), 0o400);
  const plugins = join(base, 'enabled_plugins');
  writeFileSync(plugins, '[].\n');

  const nodes = [];
  for (let i = 1; i <= size; i++) {
    const name = `${prefix}${i}@localhost`;
    const dir = join(base, `${prefix}${i}`);
    mkdirSync(dir, { recursive: true });
    nodes.push({ name, dir, port: await freePort(), distPort: await freePort(), process: undefined });
  }
  const cluster = new RabbitCluster(nodes, { base, home, plugins, log });
  try {
    const started = Date.now();
    await Promise.all(nodes.map((node) => cluster.startNode(node.name, timeoutMs)));
    log(`${size} nodes up in ${((Date.now() - started) / 1000).toFixed(1)} s; joining ${nodes[0].name}`);
    await Promise.all(nodes.slice(1).map((node) => cluster.join(node.name, nodes[0].name)));
    const members = cluster.runningNodes();
    if (members.length !== size) throw new Error(`the cluster runs ${members.join(', ') || 'no node'}, expected ${size} nodes`);
    log(`cluster of ${size} formed in ${((Date.now() - started) / 1000).toFixed(1)} s: ${members.join(', ')}`);
    return cluster;
  } catch (err) {
    cluster.stop();
    throw err;
  }
}

export class RabbitCluster {
  constructor(nodes, { base, home, plugins, log }) {
    this.nodes = nodes;
    this.base = base;
    this.home = home;
    this.plugins = plugins;
    this.log = log;
  }

  node(name) {
    const node = this.nodes.find((n) => n.name === name);
    if (!node) throw new Error(`no node ${name} in this cluster (${this.nodes.map((n) => n.name).join(', ')})`);
    return node;
  }

  /** `amqp://guest:guest@127.0.0.1:<port>/<vhost>` of every node, in node order. */
  urls(vhost) {
    return this.nodes.map((n) => `amqp://guest:guest@127.0.0.1:${n.port}/${encodeURIComponent(vhost)}`);
  }

  env(node) {
    return {
      ...process.env,
      HOME: this.home,
      RABBITMQ_NODENAME: node.name,
      RABBITMQ_NODE_IP_ADDRESS: '127.0.0.1',
      RABBITMQ_NODE_PORT: String(node.port),
      RABBITMQ_DIST_PORT: String(node.distPort),
      RABBITMQ_MNESIA_BASE: join(node.dir, 'mnesia'),
      RABBITMQ_LOG_BASE: join(node.dir, 'log'),
      RABBITMQ_PID_FILE: join(node.dir, 'beam.pid'),
      RABBITMQ_ENABLED_PLUGINS_FILE: this.plugins,
      RABBITMQ_PLUGINS_EXPAND_DIR: join(node.dir, 'plugins-expand'),
      // The node's own config and advanced config files do not exist: defaults, not the system node's /etc files.
      RABBITMQ_CONFIG_FILE: join(node.dir, 'rabbitmq'),
      RABBITMQ_ADVANCED_CONFIG_FILE: join(node.dir, 'advanced.config'),
      RABBITMQ_CONF_ENV_FILE: join(node.dir, 'rabbitmq-env.conf'),
      // exec the VM in place of the script, so the spawned pid is the node's (kill -9 hits the broker itself).
      RUNNING_UNDER_SYSTEMD: 'true',
      // Schedulers that sleep when idle: three idle nodes must not busy-wait on a shared 2-core machine.
      RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS: '+sbwt none +sbwtdcpu none +sbwtdio none',
    };
  }

  /** Runs a CLI tool (rabbitmqctl, rabbitmq-diagnostics, rabbitmq-queues) against `node`; returns {status, stdout, stderr}. */
  cli(tool, node, args, timeoutMs = 60_000) {
    const result = spawnSync(join(SBIN, tool), ['-n', node, ...args], {
      encoding: 'utf8',
      timeout: timeoutMs,
      env: { ...process.env, HOME: this.home },
    });
    return {
      status: result.status,
      stdout: result.stdout ?? '',
      stderr: `${result.stderr ?? ''}${result.error ? String(result.error) : ''}`,
    };
  }

  /** rabbitmqctl against `node`; throws with the tool's output when it fails. */
  ctl(node, args, timeoutMs) {
    const result = this.cli('rabbitmqctl', node, args, timeoutMs);
    if (result.status !== 0)
      throw new Error(`rabbitmqctl -n ${node} ${args.join(' ')} failed (${result.status}): ${result.stderr || result.stdout}`);
    return result.stdout;
  }

  /** Starts (or restarts, on its data folder: it rejoins the cluster) one node; resolves once it has booted. */
  async startNode(name, timeoutMs = 120_000) {
    const node = this.node(name);
    mkdirSync(join(node.dir, 'log'), { recursive: true });
    const out = openSync(join(node.dir, 'log', 'stdout.log'), 'a');
    node.process = spawn(join(SBIN, 'rabbitmq-server'), [], {
      env: this.env(node),
      cwd: node.dir,
      detached: true,
      stdio: ['ignore', out, out],
    });
    writeFileSync(join(node.dir, 'launcher.pid'), String(node.process.pid));
    node.process.unref();
    await this.awaitBoot(node, timeoutMs);
  }

  async awaitBoot(node, timeoutMs) {
    const deadline = Date.now() + timeoutMs;
    const failed = () => node.process.exitCode !== null || node.process.signalCode !== null;
    // The AMQP listener opens at the end of the broker's boot: polling it costs nothing, while every CLI call starts an
    // Erlang VM (about a second of CPU), which slowed three parallel boots down by half.
    while (!(await portOpen(node.port))) {
      if (failed()) throw new Error(`${node.name} exited while starting; see ${join(node.dir, 'log')}`);
      if (Date.now() > deadline)
        throw new Error(`${node.name} did not open port ${node.port} within ${timeoutMs / 1000} s; see ${join(node.dir, 'log')}`);
      await sleep(100);
    }
    // Then the CLI's view: the node is registered with epmd and the cookie is right.
    while (this.cli('rabbitmq-diagnostics', node.name, ['-q', 'ping'], 15_000).status !== 0) {
      if (failed() || Date.now() > deadline)
        throw new Error(`${node.name} does not answer rabbitmq-diagnostics ping; see ${join(node.dir, 'log')}`);
      await sleep(250);
    }
  }

  join(name, seed) {
    this.ctl(name, ['-q', 'stop_app']);
    this.ctl(name, ['-q', 'join_cluster', seed]);
    this.ctl(name, ['-q', 'start_app']);
  }

  /** The pid of a node's VM (beam.smp), as it wrote it. */
  beamPid(name) {
    const file = join(this.node(name).dir, 'beam.pid');
    return existsSync(file) ? Number(readFileSync(file, 'utf8').trim()) : this.node(name).process?.pid;
  }

  /** `kill -9` of a node's VM: no shutdown, no goodbye to its peers. */
  kill(name) {
    const pid = this.beamPid(name);
    if (!pid || !alive(pid)) throw new Error(`${name} is not running`);
    process.kill(pid, 'SIGKILL');
    return pid;
  }

  /** Deletes a (killed) node's data folder: the node's disk is lost; started again, it is a new, empty node. */
  async wipe(name) {
    const node = this.node(name);
    // The VM is our child (the script execs it): it has gone once its exit is reaped.
    const deadline = Date.now() + 15_000;
    while (node.process && node.process.exitCode === null && node.process.signalCode === null) {
      if (Date.now() > deadline) throw new Error(`${name} is still running: kill it before its disk is lost`);
      await sleep(100);
    }
    rmSync(join(node.dir, 'mnesia'), { recursive: true, force: true });
    rmSync(join(node.dir, 'beam.pid'), { force: true });
  }

  /**
   * Removes a lost node from the cluster (run on a live node): its quorum queue replicas are dropped (the others keep
   * a majority and the messages), and any classic queue that lived on it is deleted with what it held.
   */
  forget(name) {
    this.ctl(this.liveNode([name]), ['-q', 'forget_cluster_node', name]);
  }

  /** Adds a replica on `name` to every quorum queue of every vhost (after a new node joined in a lost one's place). */
  grow(name) {
    const result = this.cli('rabbitmq-queues', this.liveNode([name]), ['-q', 'grow', name, 'all']);
    if (result.status !== 0)
      throw new Error(`rabbitmq-queues grow ${name} all failed (${result.status}): ${result.stderr || result.stdout}`);
    return result.stdout;
  }

  /** A node that answers (for the CLI calls while another is down). */
  liveNode(except = []) {
    const node = this.nodes.find(
      (n) => !except.includes(n.name) && n.process && n.process.exitCode === null && n.process.signalCode === null,
    );
    if (!node) throw new Error('no node of the cluster is running');
    return node.name;
  }

  runningNodes() {
    const out = this.ctl(this.liveNode(), ['-q', 'eval', 'rabbit_nodes:all_running().']);
    return [...out.matchAll(/'?([\w-]+@[\w.-]+)'?/g)].map((m) => m[1]);
  }

  addVhost(vhost) {
    const node = this.liveNode();
    this.ctl(node, ['-q', 'add_vhost', vhost]);
    this.ctl(node, ['-q', 'set_permissions', '-p', vhost, 'guest', '.*', '.*', '.*']);
  }

  /** name → { type, leader, members, messages, ready } of every queue in `vhost`. */
  queues(vhost) {
    const out = this.ctl(this.liveNode(), [
      '-q',
      'list_queues',
      '-p',
      vhost,
      'name',
      'type',
      'leader',
      'members',
      'messages',
      'messages_ready',
      'pid',
      '--no-table-headers',
    ]);
    const queues = new Map();
    // Tab-separated columns; a classic queue has empty leader and members columns: the node it lives on is the one
    // in its process id (`<pm1@localhost.1700000000.123.0>`).
    for (const line of out.split('\n').filter((l) => l.trim())) {
      const [name, type, leader, members, messages, ready, pid] = line.split('\t').map((c) => c.trim());
      queues.set(name, {
        type,
        leader: leader || /^<([^@<>]+@[^.<>]+)\./.exec(pid ?? '')?.[1] || '',
        members: (members ?? '')
          .replace(/[[\]]/g, '')
          .split(/[,\s]+/)
          .filter(Boolean),
        messages: Number(messages),
        // Not yet delivered to a consumer (the rest sit in consumers' prefetch windows, already on their sockets).
        ready: Number(ready),
      });
    }
    return queues;
  }

  /** Kills every node (and its port helpers) this handle started, and removes the folder. */
  stop() {
    for (const node of this.nodes) {
      for (const pid of [this.beamPidIfAny(node), node.process?.pid]) killGroupIfOurs(pid, this.base);
    }
    rmSync(this.base, { recursive: true, force: true });
  }

  beamPidIfAny(node) {
    const file = join(node.dir, 'beam.pid');
    return existsSync(file) ? Number(readFileSync(file, 'utf8').trim()) : undefined;
  }
}
