import { randomUUID } from 'node:crypto';
import { topicMatches } from './topic.js';
import { createLogger } from '../logging/logger.js';

export interface InProcessMessage {
  /** Broker-assigned id of this delivery's message. */
  readonly messageId: string;
  readonly routingKey: string;
  /** Always a JSON string: every message is round-tripped through JSON exactly as over the wire. */
  readonly content: string;
  readonly replyTo?: string;
  readonly correlationId?: string;
  /** Message headers, as AMQP carries them beside the body (the W3C trace context). */
  readonly headers?: Readonly<Record<string, string>>;
  deliveryCount: number;
  expiresAt?: number;
}

type Consumer = {
  id: string;
  prefetch: number;
  inFlight: Set<string>;
  deliver: (message: InProcessMessage) => void;
};

interface QueueState {
  bindings: Set<string>;
  ready: InProcessMessage[];
  consumers: Consumer[];
  next: number;
  deadLetters: InProcessMessage[];
  unacked: Map<string, { message: InProcessMessage; consumer: Consumer }>;
}

export interface InProcessBrokerOptions {
  /** How many times a message may be delivered before it is dead-lettered (like a quorum queue's delivery-limit). */
  deliveryLimit?: number;
}

const log = createLogger('in-process-broker');

/**
 * The embedded-mode stand-in for RabbitMQ: one topic exchange, durable-for-the-process queues with bindings,
 * competing consumers with prefetch, manual ack/nack with a delivery limit and a dead-letter list, direct reply
 * queues and per-message expiry. It keeps RabbitMQ's contract so code paths are the same in both modes.
 */
export class InProcessBroker {
  private readonly queues = new Map<string, QueueState>();
  private readonly replyHandlers = new Map<string, (message: InProcessMessage) => void>();
  private readonly deliveryLimit: number;

  constructor(options: InProcessBrokerOptions = {}) {
    this.deliveryLimit = options.deliveryLimit ?? 5;
  }

  assertQueue(queue: string): void {
    if (!this.queues.has(queue)) {
      this.queues.set(queue, { bindings: new Set(), ready: [], consumers: [], next: 0, deadLetters: [], unacked: new Map() });
    }
  }

  bindQueue(queue: string, pattern: string): void {
    this.assertQueue(queue);
    this.queues.get(queue)!.bindings.add(pattern);
  }

  /** Removes a queue and whatever it held (a process's private, auto-delete queue when its consumer leaves). */
  deleteQueue(queue: string): void {
    this.queues.delete(queue);
  }

  /** Publishes to the topic exchange; returns how many queues received a copy. */
  publish(
    routingKey: string,
    content: string,
    props: { replyTo?: string; correlationId?: string; expirationMs?: number; headers?: Record<string, string> } = {},
  ): number {
    JSON.parse(content); // a message that is not JSON would fail on the wire too
    let routed = 0;
    for (const [name, queue] of this.queues) {
      if (![...queue.bindings].some((pattern) => topicMatches(pattern, routingKey))) continue;
      routed++;
      queue.ready.push({
        messageId: randomUUID(),
        routingKey,
        content,
        replyTo: props.replyTo,
        correlationId: props.correlationId,
        headers: props.headers,
        deliveryCount: 0,
        expiresAt: props.expirationMs === undefined ? undefined : Date.now() + props.expirationMs,
      });
      this.schedule(name);
    }
    return routed;
  }

  consume(queue: string, prefetch: number, deliver: (message: InProcessMessage) => void): () => void {
    this.assertQueue(queue);
    const state = this.queues.get(queue)!;
    const consumer: Consumer = { id: randomUUID(), prefetch, inFlight: new Set(), deliver };
    state.consumers.push(consumer);
    this.schedule(queue);
    return () => {
      state.consumers = state.consumers.filter((c) => c !== consumer);
      // Like a closed channel: whatever this consumer had not acked goes back to the queue.
      for (const [id, entry] of state.unacked) {
        if (entry.consumer === consumer) {
          state.unacked.delete(id);
          state.ready.unshift(entry.message);
        }
      }
      this.schedule(queue);
    };
  }

  ack(queue: string, messageId: string): void {
    const state = this.queues.get(queue);
    const entry = state?.unacked.get(messageId);
    if (!state || !entry) return;
    state.unacked.delete(messageId);
    entry.consumer.inFlight.delete(messageId);
    this.schedule(queue);
  }

  nack(queue: string, messageId: string, requeue: boolean): void {
    const state = this.queues.get(queue);
    const entry = state?.unacked.get(messageId);
    if (!state || !entry) return;
    state.unacked.delete(messageId);
    entry.consumer.inFlight.delete(messageId);
    if (requeue && entry.message.deliveryCount < this.deliveryLimit) {
      state.ready.push(entry.message);
    } else {
      state.deadLetters.push(entry.message);
      log.error({ queue, routingKey: entry.message.routingKey, deliveries: entry.message.deliveryCount }, 'message dead-lettered');
    }
    this.schedule(queue);
  }

  registerReplyQueue(handler: (message: InProcessMessage) => void): string {
    const name = `amq.gen-${randomUUID()}`;
    this.replyHandlers.set(name, handler);
    return name;
  }

  removeReplyQueue(name: string): void {
    this.replyHandlers.delete(name);
  }

  sendToReplyQueue(replyTo: string, correlationId: string | undefined, content: string): void {
    const handler = this.replyHandlers.get(replyTo);
    if (!handler) return; // the caller went away; RabbitMQ drops such replies too
    JSON.parse(content);
    setImmediate(() => handler({ messageId: randomUUID(), routingKey: replyTo, content, correlationId, deliveryCount: 1 }));
  }

  deadLetters(queue: string): readonly InProcessMessage[] {
    return this.queues.get(queue)?.deadLetters ?? [];
  }

  depth(queue: string): number {
    return this.queues.get(queue)?.ready.length ?? 0;
  }

  private readonly scheduled = new Set<string>();

  private schedule(queue: string): void {
    if (this.scheduled.has(queue)) return;
    this.scheduled.add(queue);
    setImmediate(() => {
      this.scheduled.delete(queue);
      this.dispatch(queue);
    });
  }

  private dispatch(queueName: string): void {
    const state = this.queues.get(queueName);
    if (!state) return;
    while (state.ready.length > 0) {
      const available = state.consumers.filter((c) => c.inFlight.size < c.prefetch);
      if (available.length === 0) return;
      const consumer = available[state.next++ % available.length]!;
      const message = state.ready.shift()!;
      if (message.expiresAt !== undefined && message.expiresAt < Date.now()) continue;
      message.deliveryCount++;
      consumer.inFlight.add(message.messageId);
      state.unacked.set(message.messageId, { message, consumer });
      try {
        consumer.deliver(message);
      } catch (err) {
        log.error({ err, queue: queueName }, 'consumer threw while receiving a message');
        this.nack(queueName, message.messageId, true);
      }
    }
  }
}

let shared: InProcessBroker | undefined;

/** The broker every in-process server and client of this Node process talks to. */
export function sharedInProcessBroker(): InProcessBroker {
  shared ??= new InProcessBroker();
  return shared;
}
