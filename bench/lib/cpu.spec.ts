import { describe, expect, it } from '@jest/globals';
// The harness is plain ESM JavaScript; its pure parts are tested here.
import { addCpu, cpuSnapshot, formatCpu, roleOf } from './cpu.mjs';

describe('where the CPU goes during a scenario', () => {
  it('names each process by its role in the run', () => {
    expect(roleOf('/usr/bin/node /w/gateway/dist/main.js', 10, 1)).toBe('gateway');
    expect(roleOf('/usr/bin/node /w/services/catalog/dist/main.js', 10, 1)).toBe('catalog');
    expect(roleOf('/usr/bin/node /w/infra/stripe-emulator/dist/main.js', 10, 1)).toBe('stripe emulator');
    expect(roleOf('node /w/bench/anchors/rmq-echo-server.mjs amqp://x q', 10, 1)).toBe('anchor server');
    expect(roleOf('/usr/lib/erlang/erts-13.1.5/bin/beam.smp -W w', 10, 1)).toBe('rabbitmq');
    expect(roleOf('postgres: 17/main: postgres paymarket 127.0.0.1(5000) SELECT', 10, 1)).toBe('postgresql');
    expect(roleOf('node bench/all.mjs', 1, 1)).toBe('load generator (bench)');
    expect(roleOf('/usr/bin/node /w/infra/embedded/dist/main.js', 10, 1)).toBe('paymarket (embedded, one process)');
    expect(roleOf('node /w/bench/anchors/nest-json.mjs 4000 /tmp/x.json', 10, 1)).toBe('anchor nest-json');
    expect(roleOf('/usr/sbin/sshd', 10, 1)).toBeNull();
  });

  it('sums what each role used between snapshots, per process, in cores, largest first', () => {
    const into = new Map<string, number>();
    addCpu(
      into,
      new Map([
        ['gateway\t10', 100],
        ['postgresql\t20', 500],
      ]),
      new Map([
        ['gateway\t10', 300],
        ['rabbitmq\t30', 150],
        // postgresql 20 exited (a pooled backend closed), 21 is new: the role still counts 21's ticks.
        ['postgresql\t21', 40],
      ]),
    );
    addCpu(into, new Map([['gateway\t10', 300]]), new Map([['gateway\t10', 400]]));
    expect(formatCpu(into, 2)).toBe('gateway 1.50, rabbitmq 0.75, postgresql 0.20');
    expect(formatCpu(new Map(), 2)).toBe('not measured');
  });

  it('sees this very process as the load generator', () => {
    expect([...cpuSnapshot().keys()]).toContain(`load generator (bench)\t${process.pid}`);
  });
});
