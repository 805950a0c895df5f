import { ClientRMQ, ServerRMQ, type ClientProxy, type CustomTransportStrategy } from '@nestjs/microservices';
import amqp from 'amqplib';
import { EVENT_SUBSCRIPTIONS, SERVICE_NAMES, WIRE, queueOf, type ServiceName } from '@paymarket/contracts';
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

export function createServerStrategy(runtime: MessagingRuntime, service: ServiceName): CustomTransportStrategy {
  const queue = queueOf(service);
  if (runtime.kind === 'in-process') return new InProcessServer(runtime.broker, queue, runtime.prefetch);
  return new ServerRMQ({
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
  const client = new ClientRMQ({
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
