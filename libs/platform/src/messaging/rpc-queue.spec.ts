import { describe, expect, it } from '@jest/globals';
import { RmqContext } from '@nestjs/microservices';
import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { lastValueFrom, of } from 'rxjs';
import { queueOf, rpcQueueOf, WIRE } from '@paymarket/contracts';
import { isAutoAcked, markAutoAcked } from './auto-ack.js';
import { ServiceError } from '../errors/service-error.js';
import { callerGaveUp, DEADLINE_GRACE_MS, MessageInterceptor } from './message.interceptor.js';
import { RPC_QUEUE_OPTIONS, routeRpcToOwnQueue, SplitServerRMQ, type TopologyChannel } from './runtime.js';

/** Records what a channel was asked to do, in order. */
class RecordingChannel implements TopologyChannel {
  readonly calls: string[] = [];
  readonly asserted: Array<{ queue: string; options: unknown }> = [];
  readonly consumed: Array<{ queue: string; options: { noAck?: boolean } }> = [];
  async assertQueue(queue: string, options: object) {
    this.asserted.push({ queue, options });
    this.calls.push(`assert ${queue}`);
    return { queue };
  }
  async assertExchange() {
    return {};
  }
  async bindQueue(queue: string, exchange: string, pattern: string) {
    this.calls.push(`bind ${queue} ${exchange} ${pattern}`);
    return {};
  }
  async unbindQueue(queue: string, exchange: string, pattern: string) {
    this.calls.push(`unbind ${queue} ${exchange} ${pattern}`);
    return {};
  }
  async prefetch() {
    return {};
  }
  consume(queue: string, _fn: unknown, options: { noAck?: boolean }) {
    this.consumed.push({ queue, options });
    return Promise.resolve({ consumerTag: 't' });
  }
  bindings(queue: string): string[] {
    return this.calls.filter((c) => c.startsWith(`bind ${queue} `)).map((c) => c.split(' ')[3]!);
  }
}

const rpcHandler = Object.assign(async () => 'answer', {});
const eventHandler = Object.assign(async () => undefined, {});

function catalogServer(): SplitServerRMQ {
  const server = new SplitServerRMQ('amqp://127.0.0.1:1', 'catalog', 20);
  server.addHandler('catalog.get_seller', rpcHandler, false);
  server.addHandler('catalog.health', rpcHandler, false);
  server.addHandler('seller.registered', eventHandler, true);
  return server;
}

describe(routeRpcToOwnQueue.name, () => {
  it('binds the RPC patterns to <queue>.rpc, then unbinds them from the quorum queue', async () => {
    const channel = new RecordingChannel();
    await routeRpcToOwnQueue(channel, 'catalog', ['catalog.get_seller', 'catalog.health']);
    expect(channel.asserted).toEqual([{ queue: 'paymarket.catalog.rpc', options: RPC_QUEUE_OPTIONS }]);
    expect(channel.calls).toEqual([
      'assert paymarket.catalog.rpc',
      `bind paymarket.catalog.rpc ${WIRE.EXCHANGE} catalog.get_seller`,
      `bind paymarket.catalog.rpc ${WIRE.EXCHANGE} catalog.health`,
      // Bind first: at an ordinary start both steps are no-ops and no request is ever unroutable.
      `unbind paymarket.catalog ${WIRE.EXCHANGE} catalog.get_seller`,
      `unbind paymarket.catalog ${WIRE.EXCHANGE} catalog.health`,
    ]);
  });

  it('never unbinds an event the service subscribes to from its quorum queue', async () => {
    const channel = new RecordingChannel();
    await routeRpcToOwnQueue(channel, 'requests', ['requests.list', 'payment.succeeded']);
    expect(channel.calls).not.toContain(`unbind paymarket.requests ${WIRE.EXCHANGE} payment.succeeded`);
    expect(channel.calls).toContain(`unbind paymarket.requests ${WIRE.EXCHANGE} requests.list`);
  });

  it('is idempotent: a second run asks for the same bindings', async () => {
    const first = new RecordingChannel();
    const second = new RecordingChannel();
    await routeRpcToOwnQueue(first, 'payments', ['checkout.create_order']);
    await routeRpcToOwnQueue(second, 'payments', ['checkout.create_order']);
    expect(second.calls).toEqual(first.calls);
  });
});

describe(SplitServerRMQ.name, () => {
  it('lists the RPC patterns only', () => {
    expect(catalogServer().rpcPatterns().sort()).toEqual(['catalog.get_seller', 'catalog.health']);
  });

  it('binds RPC patterns only to the auto-ack RPC queue, and events only to the quorum queue with manual ack', async () => {
    const server = catalogServer();
    server.shareHandlers();
    const rpcChannel = new RecordingChannel();
    const eventChannel = new RecordingChannel();
    await server.rpc.setupChannel(rpcChannel, () => undefined);
    await server.events.setupChannel(eventChannel, () => undefined);

    expect(rpcChannel.bindings(rpcQueueOf('catalog')).sort()).toEqual(['catalog.get_seller', 'catalog.health']);
    expect(rpcChannel.asserted[0]).toEqual({ queue: 'paymarket.catalog.rpc', options: RPC_QUEUE_OPTIONS });
    expect(rpcChannel.consumed).toEqual([{ queue: 'paymarket.catalog.rpc', options: expect.objectContaining({ noAck: true }) }]);

    expect(eventChannel.bindings(queueOf('catalog'))).toEqual(['seller.registered']);
    expect(eventChannel.asserted[0]?.options).toMatchObject({ durable: true, arguments: { 'x-queue-type': 'quorum' } });
    expect(eventChannel.consumed).toEqual([{ queue: 'paymarket.catalog', options: expect.objectContaining({ noAck: false }) }]);
  });

  it('still answers a request left in the quorum queue from before the split (every handler is registered on both)', () => {
    const server = catalogServer();
    server.shareHandlers();
    expect(server.events.getHandlerByPattern('catalog.get_seller')).toBe(rpcHandler);
    expect(server.rpc.getHandlerByPattern('seller.registered')).toBe(eventHandler);
    // Sharing twice (a second listen) does not chain an event handler behind itself.
    server.shareHandlers();
    expect(server.events.getHandlerByPattern('seller.registered')?.next).toBeUndefined();
  });

  it('marks what the RPC consumer receives as settled by the broker, not what the event consumer receives', async () => {
    const server = catalogServer();
    server.shareHandlers();
    const fromRpcQueue = { content: Buffer.from(JSON.stringify({ pattern: 'nothing.here', data: {} })), properties: {} };
    const fromEventQueue = { content: Buffer.from(JSON.stringify({ pattern: 'nothing.here', data: {} })), properties: {} };
    (server.events as unknown as { channel: unknown }).channel = { nack: () => undefined };
    await server.rpc.handleMessage(fromRpcQueue, {});
    await server.events.handleMessage(fromEventQueue, {});
    expect(isAutoAcked(fromRpcQueue)).toBe(true);
    expect(isAutoAcked(fromEventQueue)).toBe(false);
  });
});

describe('MessageInterceptor on the RPC queue', () => {
  function run(message: object, meta: Record<string, unknown> = { correlationId: 'c1' }) {
    const settled: string[] = [];
    let handled = 0;
    const channel = { ack: () => settled.push('ack'), nack: () => settled.push('nack') };
    const rmq = new RmqContext([message, channel, 'catalog.get_seller']);
    const context = {
      getType: () => 'rpc',
      switchToRpc: () => ({ getContext: () => rmq, getData: () => ({ meta }) }),
      getHandler: () => rpcHandler,
    } as unknown as ExecutionContext;
    const next: CallHandler = {
      handle: () => {
        handled++;
        return of('answer');
      },
    };
    return { settled, handled: () => handled, done: lastValueFrom(new MessageInterceptor().intercept(context, next)) };
  }

  it('does not ack a request the broker already settled (acking it again would close the channel)', async () => {
    const message = { properties: { replyTo: 'amq.rabbitmq.reply-to', headers: {} } };
    markAutoAcked(message);
    const { settled, done } = run(message);
    await done;
    expect(settled).toEqual([]);
  });

  it('acks a request that came through the manual-ack quorum queue', async () => {
    const { settled, done } = run({ properties: { replyTo: 'amq.rabbitmq.reply-to', headers: {} } });
    await done;
    expect(settled).toEqual(['ack']);
  });

  it('does not execute a request whose caller stopped waiting (deadline passed), and settles it', async () => {
    const message = { properties: { replyTo: 'amq.rabbitmq.reply-to', headers: {} } };
    const late = run(message, { correlationId: 'c1', deadline: Date.now() - DEADLINE_GRACE_MS - 1_000 });
    await expect(late.done).rejects.toBeInstanceOf(ServiceError);
    expect(late.handled()).toBe(0);
    expect(late.settled).toEqual(['ack']);

    const inTime = run(message, { correlationId: 'c1', deadline: Date.now() + 5_000 });
    await expect(inTime.done).resolves.toBe('answer');
    expect(inTime.handled()).toBe(1);
  });

  it('tolerates a clock difference between hosts of up to the grace period', () => {
    const now = 1_000_000;
    expect(callerGaveUp({ meta: { deadline: now - DEADLINE_GRACE_MS + 1 } }, now)).toBe(false);
    expect(callerGaveUp({ meta: { deadline: now - DEADLINE_GRACE_MS - 1 } }, now)).toBe(true);
    expect(callerGaveUp({ meta: { correlationId: 'no deadline' } }, now)).toBe(false);
    expect(callerGaveUp('not an envelope', now)).toBe(false);
  });
});
