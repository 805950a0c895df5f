// I/O helpers of `npm run bench:all`: child processes, free ports, readiness, and autocannon as a library.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { clearTimeout, setTimeout } from 'node:timers';
import autocannon from 'autocannon';
import { addCpu, cpuSnapshot, formatCpu } from './cpu.mjs';
import { latencySummary } from './report.mjs';

export function log(message) {
  process.stdout.write(`[${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const started = new Set();

/** Spawns a node child; its stderr is kept (last 4 KB) for error messages. Every child is stopped on exit. */
export function spawnNode(args, { env = process.env, cwd, quiet = true } = {}) {
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'pipe'], detached: false });
  let tail = '';
  child.stderr.on('data', (chunk) => {
    tail = (tail + chunk.toString()).slice(-4096);
  });
  child.stderrTail = () => tail;
  started.add(child);
  child.once('exit', () => started.delete(child));
  return child;
}

export function stopChild(child, signal = 'SIGTERM', timeoutMs = 20_000) {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

export async function stopAll() {
  await Promise.all([...started].map((child) => stopChild(child)));
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `url` until it answers 200; rejects after `timeoutMs` or when `child` exits. */
export async function waitForHttp(url, { timeoutMs = 120_000, child, intervalMs = 25 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null)
      throw new Error(`process exited with ${child.exitCode} before ${url} was ready:\n${child.stderrTail?.() ?? ''}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(intervalMs);
  }
  throw new Error(`${url} was not ready within ${timeoutMs} ms`);
}

/**
 * Runs autocannon (as a library) against `url` and answers throughput, our own p50/p95/p99 (autocannon's summary
 * has no p95, so every response time is recorded) and the error counts.
 */
export async function load({ url, requests, connections = 50, duration = 10, warmup = 2, headers }) {
  if (warmup > 0) await runCannon({ url, requests, connections, duration: warmup, headers });
  return runCannon({ url, requests, connections, duration, headers });
}

/**
 * PayMarket and its anchor in alternating slices (warm-up, then `rounds` × (figure, anchor)), so load from anything
 * else on a shared machine falls on both alike; answers the two runs aggregated.
 */
export async function loadSideBySide({ figure, anchor, connections = 50, duration = 10, warmup = 2, rounds = 4 }) {
  await runCannon({ ...figure, connections, duration: warmup });
  await runCannon({ ...anchor, connections, duration: warmup });
  const slice = Math.max(1, Math.round(duration / rounds));
  const runs = { figure: [], anchor: [] };
  // Where the CPU went during each side's slices, by process role (bench/lib/cpu.mjs).
  const cpu = { figure: new Map(), anchor: new Map() };
  const measured = async (side, options) => {
    const before = cpuSnapshot();
    const run = await runCannon(options);
    addCpu(cpu[side], before, cpuSnapshot());
    return run;
  };
  for (let i = 0; i < rounds; i++) {
    runs.figure.push(await measured('figure', { ...figure, connections, duration: slice, keepTimes: true }));
    runs.anchor.push(await measured('anchor', { ...anchor, connections, duration: slice, keepTimes: true }));
  }
  const merge = (list) => ({
    rps: list.reduce((sum, r) => sum + r.total, 0) / list.reduce((sum, r) => sum + r.seconds, 0),
    total: list.reduce((sum, r) => sum + r.total, 0),
    non2xx: list.reduce((sum, r) => sum + r.non2xx, 0),
    errors: list.reduce((sum, r) => sum + r.errors, 0),
    latency: latencySummary(list.flatMap((r) => r.times)),
    slices: list.map((r) => Math.round(r.rps)),
  });
  const seconds = (list) => list.reduce((sum, r) => sum + r.seconds, 0);
  return {
    figure: { ...merge(runs.figure), cpu: formatCpu(cpu.figure, seconds(runs.figure)) },
    anchor: { ...merge(runs.anchor), cpu: formatCpu(cpu.anchor, seconds(runs.anchor)) },
  };
}

function runCannon({ url, requests, connections, duration, headers, keepTimes = false }) {
  return new Promise((resolve, reject) => {
    const times = [];
    const instance = autocannon({ url, requests, connections, duration, headers, pipelining: 1 }, (err, result) => {
      if (err) return reject(err);
      const latency = latencySummary(times);
      resolve({
        seconds: result.duration || duration,
        times: keepTimes ? times : [],
        rps: result.requests.total / (result.duration || duration),
        total: result.requests.total,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
        latency,
      });
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}
