import { EventEmitter } from 'node:events';
import { describe, expect, it } from '@jest/globals';
import { RmqContext } from '@nestjs/microservices';
import { redeliveryDelayMs } from './message.interceptor.js';
import { ResilientServerRMQ, ROUTE_CACHE_SIZE, watchChannel } from './runtime.js';

/** A ChannelWrapper whose confirm-channel publishes fail the way amqplib's do when RabbitMQ goes away. */
class ClosingChannelWrapper extends EventEmitter {
  sent = 0;
  sendToQueue(): Promise<boolean> {
    this.sent++;
    return Promise.reject(new Error('channel closed'));
  }
}

async function unhandledDuring(action: () => void): Promise<unknown[]> {
  const seen: unknown[] = [];
  const listener = (reason: unknown) => seen.push(reason);
  process.on('unhandledRejection', listener);
  try {
    action();
    await new Promise((resolve) => setTimeout(resolve, 20));
  } finally {
    process.off('unhandledRejection', listener);
  }
  return seen;
}

describe(ResilientServerRMQ.name, () => {
  it('routes a pattern as Nest does, working it out once per pattern and remembering a bounded number of them', () => {
    const sut = new ResilientServerRMQ({ urls: ['amqp://127.0.0.1:1'], queue: 'test' });
    const nest = new ResilientServerRMQ({ urls: ['amqp://127.0.0.1:1'], queue: 'test' });
    let worked = 0;
    const parent = Object.getPrototypeOf(ResilientServerRMQ.prototype) as { getRouteFromPattern(p: string): string };
    const original = parent.getRouteFromPattern;
    parent.getRouteFromPattern = function (this: unknown, p: string) {
      worked++;
      return original.call(this, p);
    };
    try {
      for (const pattern of ['catalog.get_seller', '{"cmd":"sum"}', 'catalog.get_seller', '{"cmd":"sum"}'])
        expect(sut.getRouteFromPattern(pattern)).toBe(original.call(nest, pattern));
      expect(worked).toBe(2);
      for (let i = 0; i < ROUTE_CACHE_SIZE + 50; i++) sut.getRouteFromPattern(`hostile.${i}`);
      expect((sut as unknown as { routes: Map<string, string> }).routes.size).toBe(ROUTE_CACHE_SIZE);
      expect(sut.getRouteFromPattern(`hostile.${ROUTE_CACHE_SIZE + 10}`)).toBe(`hostile.${ROUTE_CACHE_SIZE + 10}`);
    } finally {
      parent.getRouteFromPattern = original;
    }
  });

  it('does not leave a rejected reply (amqplib `channel closed`) unhandled', async () => {
    const sut = new ResilientServerRMQ({ urls: ['amqp://127.0.0.1:1'], queue: 'test' });
    const channel = new ClosingChannelWrapper();
    (sut as unknown as { channel: unknown }).channel = channel;
    const seen = await unhandledDuring(() =>
      sut.sendMessage({ id: '1', response: { ok: true } }, 'amq.rabbitmq.reply-to', 'c1', new RmqContext([{}, {}, 'p'])),
    );
    expect(channel.sent).toBe(1);
    expect(seen).toEqual([]);
  });

  it('guards the consumer promise it does not await', async () => {
    const sut = new ResilientServerRMQ({ urls: ['amqp://127.0.0.1:1'], queue: 'test', noAssert: true });
    const raw = {
      assertQueue: () => Promise.resolve({ queue: 'test' }),
      prefetch: () => Promise.resolve(),
      consume: () => Promise.reject(new Error('Channel closed')),
    };
    const seen = await unhandledDuring(() => void sut.setupChannel(raw, () => undefined));
    expect(seen).toEqual([]);
  });
});

describe(watchChannel.name, () => {
  it("listens for a channel's 'error' events so they cannot end the process", () => {
    const channel = new EventEmitter();
    watchChannel(channel, 'test');
    watchChannel(channel, 'test');
    expect(channel.listenerCount('error')).toBe(1);
    expect(() => channel.emit('error', new Error('channel closed'))).not.toThrow();
  });
});

describe(redeliveryDelayMs.name, () => {
  it('waits longer after each redelivery, so an outage of seconds does not use up the delivery limit', () => {
    const delays = [undefined, 1, 2, 3, 4, 9].map((n) => redeliveryDelayMs(n === undefined ? undefined : { 'x-delivery-count': n }));
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, 16_000]);
    // Before the limit (5 deliveries) dead-letters a message, about half a minute has passed.
    expect(delays.slice(0, 5).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(30_000);
  });
});
