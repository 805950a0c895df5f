import { describe, expect, it } from '@jest/globals';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { batchAmqpWrites } from './amqp-write-batching.js';

const require = createRequire(import.meta.url);
const { Mux } = require(join(dirname(require.resolve('amqplib')), 'lib', 'mux.js')) as {
  Mux: new (out: Writable) => { pipeFrom(stream: PassThrough): void };
};

describe(batchAmqpWrites.name, () => {
  it("sends the frames amqplib's Mux has ready in one write, in order", async () => {
    expect(batchAmqpWrites()).toBe(true);
    expect(batchAmqpWrites()).toBe(true);
    const writes: Buffer[][] = [];
    const out = new Writable({
      write(chunk: Buffer, _enc, done) {
        writes.push([chunk]);
        done();
      },
      writev(chunks, done) {
        writes.push(chunks.map((c) => c.chunk as Buffer));
        done();
      },
    });
    const mux = new Mux(out);
    const a = new PassThrough({ objectMode: true });
    const b = new PassThrough({ objectMode: true });
    mux.pipeFrom(a);
    mux.pipeFrom(b);
    a.write(Buffer.from('a1'));
    b.write(Buffer.from('b1'));
    a.write(Buffer.from('a2'));
    // The Mux drains on setImmediate; a timer alone can fire first when the loop was busy.
    for (let i = 0; i < 100 && writes.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes.flat().map(String).sort()).toEqual(['a1', 'a2', 'b1']);
    expect(writes.length).toBe(1);
  });
});
