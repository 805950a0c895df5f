import { ClientRMQ, ServerRMQ, type ClientProxy, type CustomTransportStrategy, type RmqContext } from '@nestjs/microservices';
import amqp from 'amqplib';
import { EVENT_SUBSCRIPTIONS, SERVICE_NAMES, WIRE, queueOf, type ServiceName } from '@paymarket/contracts';
import { createLogger } from '../logging/logger.js';
import type { InProcessBroker } from './in-process-broker.js';
import { InProcessClient, InProcessServer } from './in-process-transport.js';

/** How a process reaches the others: RabbitMQ (cluster mode) or the in-process broker (embedded mode). */
export type MessagingRuntime =
  { kind: 'rmq'; url: string; prefetch: number } | { kind: 'in-process'; broker: InProcessBroker; prefetch: number };

/** Redeliveries before a failing message is dead-lettered. */
export const DELIVERY_LIMIT = 5;

function queueArguments(queue: string): Record<string, unknown> {
  return {
    'x-queue-type': 'quorum',
    'x-delivery-limit': DELIVERY_LIMIT,
    'x-dead-letter-exchange': WIRE.DEAD_LETTER_EXCHANGE,
    'x-dead-letter-routing-key': `${queue}.dlq`,
  };
}

const log = createLogger('messaging');

interface EventSource {
  on(event: 'error', listener: (err: unknown) => void): unknown;
}
const watchedChannels = new WeakSet<object>();

/**
 * An amqp-connection-manager ChannelWrapper emits 'error' (e.g. amqplib's `channel closed` on a ConfirmChannel when
 * RabbitMQ goes away); with no listener Node turns that into an uncaught exception and the process exits. The
 * connection manager reconnects and re-creates the channel by itself, so the error is only logged.
 */
export function watchChannel(channel: EventSource | null | undefined, owner: string): void {
  if (!channel || watchedChannels.has(channel)) return;
  watchedChannels.add(channel);
  channel.on('error', (err) => log.warn({ err, owner }, 'broker channel error; the connection manager reconnects'));
}

/** Logs a rejected broker promise that nothing else waits for (a reply the caller will time out on). */
export function swallowBrokerClose(promise: unknown, owner: string): void {
  if (promise && typeof (promise as Promise<unknown>).catch === 'function') {
    (promise as Promise<unknown>).catch((err: unknown) =>
      log.warn({ err, owner }, 'broker publish failed; the caller retries or times out'),
    );
  }
}

/**
 * Nest's ServerRMQ leaves two promises unobserved: the reply `sendToQueue` (rejected with `channel closed` when the
 * broker goes away before confirming it) and the consumer's `consume`; either one ends the process as an
 * unhandled rejection. This subclass observes both and listens for channel errors.
 */
export class ResilientServerRMQ extends ServerRMQ {
  override async start(callback?: (err?: unknown, ...optionalParams: unknown[]) => void): Promise<void> {
    await super.start(callback);
    // Registered after ServerRMQ's own 'connect' listener, which creates the channel.
    (this.server as { on(event: string, fn: () => void): void } | null)?.on('connect', () =>
      watchChannel(this.channel as EventSource, 'server'),
    );
  }

  override async setupChannel(channel: { consume(...args: unknown[]): unknown }, callback: () => void): Promise<void> {
    const guarded = new Proxy(channel, {
      get(target, prop, receiver) {
        const value: unknown = Reflect.get(target, prop, receiver);
        if (prop !== 'consume' || typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const result: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
          swallowBrokerClose(result, 'server consume');
          return result;
        };
      },
    });
    return super.setupChannel(guarded, callback);
  }

  override sendMessage<T = unknown>(message: T, replyTo: string, correlationId: string, _context: RmqContext): void {
    const channel = this.channel as { sendToQueue(q: string, b: Buffer, o: object): Promise<unknown> } | null;
    watchChannel(this.channel as EventSource | null, 'server');
    if (!channel) return;
    const outgoing = this.serializer.serialize(message as never) as Record<string, unknown> & { options?: Record<string, unknown> };
    const { options, ...packet } = outgoing;
    try {
      swallowBrokerClose(channel.sendToQueue(replyTo, Buffer.from(JSON.stringify(packet)), { correlationId, ...options }), 'rpc reply');
    } catch (err) {
      log.warn({ err }, 'rpc reply not sent; the caller times out');
    }
  }
}

/** ClientRMQ whose channel's 'error' events are logged instead of ending the process. */
export class ResilientClientRMQ extends ClientRMQ {
  override createChannel(): Promise<void> {
    const created = super.createChannel();
    watchChannel(this.channel as EventSource | null, 'client');
    return created;
  }
}

export function createServerStrategy(runtime: MessagingRuntime, service: ServiceName): CustomTransportStrategy {
  const queue = queueOf(service);
  if (runtime.kind === 'in-process') return new InProcessServer(runtime.broker, queue, runtime.prefetch);
  return new ResilientServerRMQ({
    urls: [runtime.url],
    queue,
    queueOptions: { durable: true, arguments: queueArguments(queue) },
    // Manual ack: the message interceptor acks only after the handler's transaction committed.
    noAck: false,
    prefetchCount: runtime.prefetch,
    exchange: WIRE.EXCHANGE,
    exchangeType: 'topic',
    wildcards: true,
    socketOptions: { heartbeatIntervalInSeconds: 5, reconnectTimeInSeconds: 1 },
  });
}

export function createMessagingClient(runtime: MessagingRuntime): ClientProxy {
  if (runtime.kind === 'in-process') return new InProcessClient(runtime.broker);
  // Never set noAck on a client: the reply consumer must stay in auto-ack mode.
  const client = new ResilientClientRMQ({
    urls: [runtime.url],
    exchange: WIRE.EXCHANGE,
    exchangeType: 'topic',
    wildcards: true,
    persistent: true,
    socketOptions: { heartbeatIntervalInSeconds: 5, reconnectTimeInSeconds: 1 },
  });
  return client as unknown as ClientProxy;
}

/**
 * Declares the exchange, every service queue with its event bindings, and the dead-letter queues. Idempotent;
 * every process runs it at start so no event is published into a queue that does not exist yet.
 */
export async function declareTopology(runtime: MessagingRuntime): Promise<void> {
  if (runtime.kind === 'in-process') {
    for (const service of SERVICE_NAMES) {
      runtime.broker.assertQueue(queueOf(service));
      for (const event of EVENT_SUBSCRIPTIONS[service]) runtime.broker.bindQueue(queueOf(service), event);
    }
    return;
  }
  const connection = await amqp.connect(runtime.url);
  // An 'error' event with no listener would end the process if the broker went away while declaring.
  connection.on('error', (err: unknown) => log.warn({ err }, 'broker connection error while declaring the topology'));
  try {
    const channel = await connection.createChannel();
    await channel.assertExchange(WIRE.EXCHANGE, 'topic', { durable: true });
    await channel.assertExchange(WIRE.DEAD_LETTER_EXCHANGE, 'direct', { durable: true });
    for (const service of SERVICE_NAMES) {
      const queue = queueOf(service);
      await channel.assertQueue(`${queue}.dlq`, { durable: true, arguments: { 'x-queue-type': 'quorum' } });
      await channel.bindQueue(`${queue}.dlq`, WIRE.DEAD_LETTER_EXCHANGE, `${queue}.dlq`);
      await channel.assertQueue(queue, { durable: true, arguments: queueArguments(queue) });
      for (const event of EVENT_SUBSCRIPTIONS[service]) await channel.bindQueue(queue, WIRE.EXCHANGE, event);
    }
    await channel.close();
  } finally {
    await connection.close();
  }
}
