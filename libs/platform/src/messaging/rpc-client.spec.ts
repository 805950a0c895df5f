import { describe, expect, it } from '@jest/globals';
import { ClientProxy, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import { RpcCallError, RpcClient } from './rpc-client.js';

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
