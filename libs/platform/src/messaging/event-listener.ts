import { randomUUID } from 'node:crypto';
import type amqp from 'amqplib';
import { WIRE } from '@paymarket/contracts';
import { createLogger } from '../logging/logger.js';
import { brokerUrls, connectToBroker, spreadUrls } from './broker-urls.js';
import type { MessagingRuntime } from './runtime.js';

const log = createLogger('event-listener');

/** A process's private subscription to some event names (e.g. the gateway's cache invalidation). */
export interface EventListener {
  /** True while the subscription is live: events published now will reach `onEvent`. */
  readonly connected: boolean;
  close(): Promise<void>;
}

export interface EventListenerOptions {
  /** Event names (routing keys) to receive. */
  events: readonly string[];
  /** Called with the event name of each delivery. Must not throw; nothing is acked or retried. */
  onEvent: (name: string) => void;
  /** Called when the subscription goes down (events may be missed from now on) and when it is back up. */
  onConnectionChange?: (connected: boolean) => void;
  /** Label of the private queue, for the broker's listings. */
  label: string;
  /** Delay before reconnecting to RabbitMQ. */
  reconnectMs?: number;
}

/**
 * Receives copies of events on a private queue: exclusive and auto-delete on RabbitMQ (gone with the connection,
 * so replicas never compete and nothing piles up), a per-process queue on the in-process broker. Delivery is
 * best effort (no ack, no inbox): the caller must treat a disconnect as "anything may have happened", which
 * `onConnectionChange(false)` signals; the RabbitMQ subscription reconnects by itself.
 */
export async function listenToEvents(runtime: MessagingRuntime, options: EventListenerOptions): Promise<EventListener> {
  if (runtime.kind === 'in-process') {
    const queue = `${options.label}.${randomUUID()}`;
    const broker = runtime.broker;
    broker.assertQueue(queue);
    for (const name of options.events) broker.bindQueue(queue, name);
    const cancel = broker.consume(queue, 100, (message) => {
      broker.ack(queue, message.messageId);
      options.onEvent(message.routingKey);
    });
    let open = true;
    return {
      get connected() {
        return open;
      },
      close: async () => {
        open = false;
        cancel();
        broker.deleteQueue(queue);
      },
    };
  }

  // Each (re)connect tries the nodes of AMQP_URL in turn (ADR 0070).
  const urls = spreadUrls(brokerUrls(runtime.url));
  let connection: amqp.ChannelModel | undefined;
  let closed = false;
  let connected = false;
  let timer: NodeJS.Timeout | undefined;
  const setConnected = (value: boolean) => {
    if (connected === value) return;
    connected = value;
    options.onConnectionChange?.(value);
  };
  const connect = async (): Promise<void> => {
    const { connection: conn } = await connectToBroker(urls);
    conn.on('error', (err: unknown) => log.warn({ err }, 'event listener connection error'));
    conn.on('close', () => {
      setConnected(false);
      if (!closed) timer = setTimeout(() => void reconnect(), options.reconnectMs ?? 1000);
    });
    const channel = await conn.createChannel();
    channel.on('error', (err: unknown) => log.warn({ err }, 'event listener channel error'));
    await channel.assertExchange(WIRE.EXCHANGE, 'topic', { durable: true });
    const { queue } = await channel.assertQueue(`${options.label}.${randomUUID()}`, { exclusive: true, autoDelete: true, durable: false });
    for (const name of options.events) await channel.bindQueue(queue, WIRE.EXCHANGE, name);
    await channel.consume(
      queue,
      (message) => {
        if (message) options.onEvent(message.fields.routingKey);
      },
      { noAck: true },
    );
    connection = conn;
    setConnected(true);
  };
  const reconnect = async (): Promise<void> => {
    if (closed) return;
    try {
      await connect();
    } catch (err) {
      log.warn({ err }, 'event listener cannot reach RabbitMQ; retrying');
      if (!closed) timer = setTimeout(() => void reconnect(), options.reconnectMs ?? 1000);
    }
  };
  await connect();
  return {
    get connected() {
      return connected;
    },
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      await connection?.close().catch(() => undefined);
    },
  };
}
