import { describe, expect, it } from '@jest/globals';
import { InProcessBroker, type InProcessMessage } from './in-process-broker.js';

const tick = () => new Promise((r) => setImmediate(r));
const settle = async () => {
  for (let i = 0; i < 5; i++) await tick();
};

describe(InProcessBroker.name, () => {
  it('delivers a copy to every bound queue (topic fan-out) and nothing to unbound ones', async () => {
    const sut = new InProcessBroker();
    sut.bindQueue('a', 'buyer.*');
    sut.bindQueue('b', 'buyer.registered');
    sut.bindQueue('c', 'seller.*');
    const got: Record<string, string[]> = { a: [], b: [], c: [] };
    for (const q of ['a', 'b', 'c'])
      sut.consume(q, 10, (m) => {
        got[q]!.push(m.routingKey);
        sut.ack(q, m.messageId);
      });
    expect(sut.publish('buyer.registered', '{"x":1}')).toBe(2);
    await settle();
    expect(got).toEqual({ a: ['buyer.registered'], b: ['buyer.registered'], c: [] });
  });

  it('keeps messages for a queue whose consumer has not started yet', async () => {
    const sut = new InProcessBroker();
    sut.bindQueue('late', 'x.y');
    sut.publish('x.y', '1');
    sut.publish('x.y', '2');
    await settle();
    expect(sut.depth('late')).toBe(2);
    const got: string[] = [];
    sut.consume('late', 10, (m) => {
      got.push(m.content);
      sut.ack('late', m.messageId);
    });
    await settle();
    expect(got).toEqual(['1', '2']);
  });

  it('shares a queue between competing consumers and respects prefetch', async () => {
    const sut = new InProcessBroker();
    sut.bindQueue('q', 'e');
    const first: InProcessMessage[] = [];
    const second: InProcessMessage[] = [];
    sut.consume('q', 1, (m) => first.push(m));
    sut.consume('q', 1, (m) => second.push(m));
    for (let i = 0; i < 4; i++) sut.publish('e', String(i));
    await settle();
    // Prefetch 1 each: two in flight, two waiting.
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(1);
    expect(sut.depth('q')).toBe(2);
    sut.ack('q', first[0]!.messageId);
    await settle();
    expect(first.length + second.length).toBe(3);
  });

  it('redelivers a nacked message and dead-letters it after the delivery limit', async () => {
    const sut = new InProcessBroker({ deliveryLimit: 3 });
    sut.bindQueue('q', 'e');
    let deliveries = 0;
    sut.consume('q', 1, (m) => {
      deliveries++;
      sut.nack('q', m.messageId, true);
    });
    sut.publish('e', '"poison"');
    for (let i = 0; i < 10; i++) await settle();
    expect(deliveries).toBe(3);
    expect(sut.deadLetters('q').map((m) => m.content)).toEqual(['"poison"']);
  });

  it('returns unacked messages to the queue when a consumer goes away', async () => {
    const sut = new InProcessBroker();
    sut.bindQueue('q', 'e');
    const cancel = sut.consume('q', 5, () => undefined);
    sut.publish('e', '1');
    await settle();
    expect(sut.depth('q')).toBe(0);
    cancel();
    expect(sut.depth('q')).toBe(1);
  });

  it('drops expired messages instead of delivering them late', async () => {
    const sut = new InProcessBroker();
    sut.bindQueue('q', 'e');
    sut.publish('e', '"stale"', { expirationMs: -1 });
    const got: string[] = [];
    sut.consume('q', 5, (m) => got.push(m.content));
    await settle();
    expect(got).toEqual([]);
  });

  it('refuses a message that is not JSON, as the wire would', () => {
    const sut = new InProcessBroker();
    expect(() => sut.publish('e', 'not json')).toThrow();
  });
});
