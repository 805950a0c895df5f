// Where the CPU goes while a scenario runs: every process's user + system time from /proc, summed by role
// (gateway, each service, RabbitMQ, PostgreSQL, the load generator, the anchor). Linux only; elsewhere it reports nothing.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** The role of a process, from its command line; null for processes that take no part. */
export function roleOf(cmdline, pid, selfPid = process.pid) {
  if (pid === selfPid) return 'load generator (bench)';
  const service = /\/(gateway|services\/(\w+)|stripe-emulator)\/dist\/main\.js/.exec(cmdline);
  if (service) return service[2] ?? (service[1] === 'gateway' ? 'gateway' : 'stripe emulator');
  if (/\/infra\/embedded\/dist\/main\.js/.test(cmdline)) return 'paymarket (embedded, one process)';
  if (/nest-json\.mjs/.test(cmdline)) return 'anchor nest-json';
  if (/rmq-echo-(server|http)\.mjs/.test(cmdline)) return `anchor ${/rmq-echo-(server|http)/.exec(cmdline)[1]}`;
  if (/beam\.smp/.test(cmdline)) return 'rabbitmq';
  if (/^postgres|\/postgres\b|postgres:/.test(cmdline)) return 'postgresql';
  return null;
}

/**
 * CPU ticks used so far by every process that takes part, keyed `<role>\t<pid>`. Per process, not per role: a
 * process that exits between two snapshots (a pooled PostgreSQL backend, say) must not make its role's sum shrink.
 */
export function cpuSnapshot() {
  const byProcess = new Map();
  let pids;
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return byProcess;
  }
  for (const pid of pids) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      const role = roleOf(cmdline, Number(pid));
      if (!role) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces) start at "state"; utime and stime are the 12th and 13th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      byProcess.set(`${role}\t${pid}`, Number(fields[11]) + Number(fields[12]));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return byProcess;
}

/** Adds what each role used between two snapshots to `into` (ticks by role); a process new since `before` counts whole. */
export function addCpu(into, before, after) {
  for (const [key, ticks] of after) {
    const used = ticks - (before.get(key) ?? 0);
    const role = key.split('\t')[0];
    if (used > 0) into.set(role, (into.get(role) ?? 0) + used);
  }
  return into;
}

/** "rabbitmq 0.62, gateway 0.41, …" in cores (CPU seconds per second of wall time), largest first. */
export function formatCpu(ticksByRole, seconds) {
  if (ticksByRole.size === 0 || seconds <= 0) return 'not measured';
  return [...ticksByRole]
    .map(([role, ticks]) => [role, ticks / TICKS_PER_SECOND / seconds])
    .filter(([, cores]) => cores >= 0.01)
    .sort((a, b) => b[1] - a[1])
    .map(([role, cores]) => `${role} ${cores.toFixed(2)}`)
    .join(', ');
}
