import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

interface Corkable {
  cork?(): void;
  uncork?(): void;
}

interface MuxPrototype {
  _readIncoming(this: { out: Corkable }): void;
  __paymarketBatched?: boolean;
}

/**
 * amqplib's Mux writes every frame it has ready to the socket with its own `write` call, each a system call: one per
 * RPC request in the gateway, one per reply in a service. Under load several are ready at each turn of the event
 * loop; corking the socket while the Mux drains them sends them in one `writev` (ADR 0057). Same bytes, same
 * order, same back-pressure (`write` still answers false past the socket's high-water mark). Idempotent; does
 * nothing if amqplib's internals are not where this expects them.
 */
export function batchAmqpWrites(): boolean {
  let mux: { Mux?: { prototype: MuxPrototype } };
  try {
    const require = createRequire(import.meta.url);
    mux = require(join(dirname(require.resolve('amqplib')), 'lib', 'mux.js')) as typeof mux;
  } catch {
    return false;
  }
  const proto = mux.Mux?.prototype;
  if (!proto || typeof proto._readIncoming !== 'function') return false;
  if (proto.__paymarketBatched) return true;
  const drain = proto._readIncoming;
  proto._readIncoming = function readIncomingCorked(this: { out: Corkable }) {
    const out = this.out;
    if (typeof out?.cork !== 'function' || typeof out.uncork !== 'function') return drain.call(this);
    out.cork();
    try {
      drain.call(this);
    } finally {
      out.uncork();
    }
  };
  proto.__paymarketBatched = true;
  return true;
}
