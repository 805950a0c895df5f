import { randomUUID } from 'node:crypto';
import {
  BaseRpcContext,
  ClientProxy,
  RmqRecord,
  Server,
  type CustomTransportStrategy,
  type ReadPacket,
  type WritePacket,
} from '@nestjs/microservices';
import type { InProcessBroker, InProcessMessage } from './in-process-broker.js';

/** The context handed to handlers in embedded mode; `ack`/`nack` mirror the RabbitMQ channel's. */
export class InProcessContext extends BaseRpcContext<[InProcessMessage, InProcessBroker, string, string]> {
  getMessage(): InProcessMessage {
    return this.args[0];
  }
  getPattern(): string {
    return this.args[3];
  }
  isRequest(): boolean {
    return this.args[0].replyTo !== undefined;
  }
  ack(): void {
    this.args[1].ack(this.args[2], this.args[0].messageId);
  }
  nack(requeue: boolean): void {
    this.args[1].nack(this.args[2], this.args[0].messageId, requeue);
  }
}

interface WirePacket {
  id?: string;
  pattern: string;
  data: unknown;
}

export class InProcessServer extends Server implements CustomTransportStrategy {
  private cancel?: () => void;

  constructor(
    private readonly broker: InProcessBroker,
    private readonly queue: string,
    private readonly prefetch = 20,
  ) {
    super();
  }

  listen(callback: (...optionalParams: unknown[]) => void): void {
    this.broker.assertQueue(this.queue);
    for (const pattern of this.getHandlers().keys()) this.broker.bindQueue(this.queue, pattern);
    this.cancel = this.broker.consume(this.queue, this.prefetch, (message) => {
      this.handleMessage(message).catch((err: unknown) => this.logger.error(err));
    });
    callback();
  }

  close(): void {
    this.cancel?.();
    this.cancel = undefined;
  }

  on(): void {
    // No connection events in-process.
  }

  unwrap<T>(): T {
    return this.broker as T;
  }

  private async handleMessage(message: InProcessMessage): Promise<void> {
    const packet = JSON.parse(message.content) as WirePacket;
    const context = new InProcessContext([message, this.broker, this.queue, packet.pattern]);
    if (packet.id === undefined) {
      const handler = this.getHandlerByPattern(packet.pattern);
      if (!handler) {
        context.nack(false);
        this.logger.warn(`No event handler for ${packet.pattern}`);
        return;
      }
      await this.handleEvent(packet.pattern, packet, context);
      return;
    }
    const replyTo = message.replyTo!;
    const respond = (data: WritePacket): void =>
      this.broker.sendToReplyQueue(replyTo, message.correlationId, JSON.stringify({ ...data, id: packet.id }));
    const handler = this.getHandlerByPattern(packet.pattern);
    if (!handler) {
      context.nack(false);
      respond({ err: `There is no matching message handler defined in the remote service.`, isDisposed: true });
      return;
    }
    this.handleRequest(context, async () => this.transformToObservable(await handler(packet.data, context)), respond);
  }
}

export class InProcessClient extends ClientProxy {
  private replyQueue?: string;

  constructor(private readonly broker: InProcessBroker) {
    super();
  }

  async connect(): Promise<void> {
    this.replyQueue ??= this.broker.registerReplyQueue((message) => {
      const reply = JSON.parse(message.content) as WritePacket & { id: string };
      const callback = this.routingMap.get(reply.id);
      if (!callback) return;
      if (reply.isDisposed || reply.err) this.routingMap.delete(reply.id);
      callback({ err: reply.err, response: reply.response, isDisposed: reply.isDisposed });
    });
  }

  close(): void {
    if (this.replyQueue) this.broker.removeReplyQueue(this.replyQueue);
    this.replyQueue = undefined;
    this.routingMap.clear();
  }

  unwrap<T>(): T {
    return this.broker as T;
  }

  protected publish(packet: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    const id = randomUUID();
    const { data, expirationMs, headers } = unwrapRecord(packet.data);
    this.routingMap.set(id, callback);
    try {
      const routed = this.broker.publish(String(packet.pattern), JSON.stringify({ id, pattern: packet.pattern, data }), {
        replyTo: this.replyQueue,
        correlationId: id,
        expirationMs,
        headers,
      });
      if (routed === 0) callback({ err: `No queue is bound to ${String(packet.pattern)}`, isDisposed: true });
    } catch (err) {
      callback({ err });
    }
    return () => this.routingMap.delete(id);
  }

  protected async dispatchEvent<T = unknown>(packet: ReadPacket): Promise<T> {
    const { data, headers } = unwrapRecord(packet.data);
    this.broker.publish(String(packet.pattern), JSON.stringify({ pattern: packet.pattern, data }), { headers });
    return undefined as T;
  }
}

function unwrapRecord(data: unknown): { data: unknown; expirationMs?: number; headers?: Record<string, string> } {
  if (data instanceof RmqRecord) {
    const options = data.options as { expiration?: string | number; headers?: Record<string, string> } | undefined;
    const expiration = options?.expiration;
    return { data: data.data, expirationMs: expiration === undefined ? undefined : Number(expiration), headers: options?.headers };
  }
  return { data };
}
