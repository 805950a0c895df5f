import { connect } from 'node:net';
import type { describe } from '@jest/globals';

type Describe = typeof describe;

function reachable(target: string): Promise<boolean> {
  const { hostname, port } = new URL(target);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379), timeout: 1_000 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

/**
 * The machine's Redis for a spec (REDIS_URL, default 127.0.0.1:6379), as cluster mode uses it, and the `describe` to
 * run its suite with. Embedded mode never uses Redis, so `npm test` on a machine without one skips such a suite (saying
 * so); CI sets REDIS_REQUIRED=1, where a missing Redis is a failure instead. `suite` is jest's `describe` (passed in: this
 * module loads outside jest too).
 */
export async function testRedis(what: string, suite: Describe): Promise<{ url: string; describeWithRedis: Describe | Describe['skip'] }> {
  const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const up = await reachable(url);
  if (!up && process.env.REDIS_REQUIRED === '1') throw new Error(`REDIS_REQUIRED=1 but no Redis answers at ${url}`);
  if (!up) process.stdout.write(`\n  ${what} SKIPPED: no Redis at ${url} (set REDIS_URL, or start redis-server)\n\n`);
  return { url, describeWithRedis: up ? suite : suite.skip };
}
