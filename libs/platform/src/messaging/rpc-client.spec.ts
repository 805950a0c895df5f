import { EventEmitter } from 'node:events';
import { describe, expect, it } from '@jest/globals';
import { ClientProxy, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import { RpcCallError, RpcClient } from './rpc-client.js';
import { ResilientClientRMQ } from './runtime.js';

class ScriptedClient extends ClientProxy {
  constructor(private readonly answer: (packet: ReadPacket) => WritePacket | undefined) {
    super();
  }
  async connect(): Promise<void> {}
  close(): void {}
  unwrap<T>(): T {
    return undefined as T;
  }
  protected publish(packet: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    const reply = this.answer(packet);
    if (reply) setImmediate(() => callback(reply));
    return () => undefined;
  }
  protected async dispatchEvent<T>(): Promise<T> {
    return undefined as T;
  }
}

describe(RpcClient.name, () => {
  it('returns the response and sends the correlation id in the envelope', async () => {
    let sent: unknown;
    const sut = new RpcClient(new ScriptedClient((p) => ((sent = p.data), { response: { ok: 1 }, isDisposed: true })), 1000);
    await expect(sut.call('onboarding.health', {})).resolves.toEqual({ ok: 1 });
    expect(sent).toMatchObject({ data: { meta: { correlationId: expect.any(String) }, data: {} } });
  });

  it('turns a typed service error into a service RpcCallError with its payload', async () => {
    const payload = { code: 'conflict', message: 'An account with this email already exists.' };
    const sut = new RpcClient(new ScriptedClient(() => ({ err: payload, isDisposed: true })), 1000);
    const error = await sut.call('onboarding.health', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcCallError);
    expect(error).toMatchObject({ kind: 'service', payload });
  });

  it('gives up after the timeout with a message naming the service', async () => {
    const sut = new RpcClient(new ScriptedClient(() => undefined), 30);
    const error = await sut.call('notifications.health', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({
      kind: 'timeout',
      message: 'The notifications service did not answer in time. Please try again in a moment.',
    });
  });

  it('reports an unreachable service as unavailable, not as its own error', async () => {
    const sut = new RpcClient(new ScriptedClient(() => ({ err: new Error('socket closed'), isDisposed: true })), 1000);
    await expect(sut.call('catalog.health', {})).rejects.toMatchObject({ kind: 'unavailable' });
  });
});

/** A RabbitMQ client whose channel records publishes; `reply` answers one on the direct reply-to consumer's emitter. */
class DirectClient extends ResilientClientRMQ {
  readonly published: Array<{
    exchange: string;
    key: string;
    packet: { pattern: string; data: unknown; id: string };
    options: Record<string, unknown>;
  }> = [];
  constructor(private readonly answer: (packet: { pattern: string; data: unknown; id: string }) => object | undefined | 'refuse') {
    super({ urls: ['amqp://127.0.0.1:1'], exchange: 'paymarket.events', exchangeType: 'topic', wildcards: true });
    const self = this as unknown as { channel: unknown; replyQueue: string; responseEmitter: EventEmitter };
    self.replyQueue = 'amq.rabbitmq.reply-to';
    // Nest makes it on connect().
    self.responseEmitter = new EventEmitter();
    self.channel = {
      publish: async (exchange: string, key: string, content: Buffer, options: Record<string, unknown>) => {
        const packet = JSON.parse(content.toString()) as { pattern: string; data: unknown; id: string };
        this.published.push({ exchange, key, packet, options });
        const reply = this.answer(packet);
        if (reply === 'refuse') throw new Error('channel closed');
        if (reply)
          setImmediate(() => this.responseEmitter.emit(String(options.correlationId), { content: Buffer.from(JSON.stringify(reply)) }));
        return true;
      },
    };
  }
  override async connect(): Promise<never> {
    return undefined as never;
  }
}

describe('RpcClient on RabbitMQ: straight to the RPC queue (ADR 0057)', () => {
  it("publishes through the default exchange to the service's RPC queue and answers the reply", async () => {
    const client = new DirectClient(() => ({ response: { ok: 1 }, isDisposed: true }));
    const sut = new RpcClient(client as unknown as ClientProxy, 1000);
    await expect(sut.call('catalog.get_seller', { sellerId: 's1' }, { correlationId: 'corr-12345678' })).resolves.toEqual({ ok: 1 });
    const [sent] = client.published;
    expect(sent).toMatchObject({
      exchange: '',
      key: 'paymarket.catalog.rpc',
      packet: {
        pattern: 'catalog.get_seller',
        data: { meta: { correlationId: 'corr-12345678', deadline: expect.any(Number) }, data: { sellerId: 's1' } },
      },
      options: { replyTo: 'amq.rabbitmq.reply-to', persistent: false, expiration: '1000' },
    });
    expect(sent!.options.correlationId).toBe(sent!.packet.id);
  });

  it('maps errors, silence, refusals and empty answers as Nest’s client did', async () => {
    const payload = { code: 'not_found', message: 'Seller not found' };
    await expect(
      new RpcClient(new DirectClient(() => ({ err: payload, isDisposed: true })) as never, 1000).call('catalog.get_seller', {
        sellerId: 'x',
      }),
    ).rejects.toMatchObject({
      kind: 'service',
      payload,
    });
    await expect(
      new RpcClient(new DirectClient(() => undefined) as never, 30).call('catalog.get_seller', { sellerId: 'x' }),
    ).rejects.toMatchObject({
      kind: 'timeout',
    });
    await expect(
      new RpcClient(new DirectClient(() => 'refuse') as never, 1000).call('catalog.get_seller', { sellerId: 'x' }),
    ).rejects.toMatchObject({
      kind: 'unavailable',
    });
    await expect(
      new RpcClient(new DirectClient(() => ({ isDisposed: true })) as never, 1000).call('catalog.health', {}),
    ).rejects.toMatchObject({
      kind: 'unavailable',
    });
  });

  it('leaves no reply listener behind', async () => {
    const client = new DirectClient(() => ({ response: 1, isDisposed: true }));
    await new RpcClient(client as unknown as ClientProxy, 1000).call('catalog.health', {});
    await new RpcClient(new DirectClient(() => undefined) as never, 10).call('catalog.health', {}).catch(() => undefined);
    expect((client as unknown as { responseEmitter: { eventNames(): unknown[] } }).responseEmitter.eventNames()).toEqual([]);
  });
});
