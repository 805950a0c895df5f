import {
  ClientRMQ,
  Server,
  ServerRMQ,
  type ClientProxy,
  type CustomTransportStrategy,
  type MessageHandler,
  type RmqContext,
  type RmqOptions,
} from '@nestjs/microservices';
import { randomUUID } from 'node:crypto';
import { combineLatest, EmptyError, TimeoutError, type Subscription } from 'rxjs';
import { EVENT_SUBSCRIPTIONS, SERVICE_NAMES, WIRE, queueOf, rpcQueueOf, type ServiceName } from '@paymarket/contracts';
import { createLogger } from '../logging/logger.js';
import { batchAmqpWrites } from './amqp-write-batching.js';
import { brokerUrls, connectToBroker, redact, rpcQueueType, spreadUrls } from './broker-urls.js';
import { markAutoAcked } from './auto-ack.js';
import type { InFlightTracker } from './in-flight.js';
import { answerLean, leanRequestOf, type LeanDelivery } from './lean-rpc.js';
import type { InProcessBroker } from './in-process-broker.js';
import { InProcessClient, InProcessServer } from './in-process-transport.js';

/**
 * How a process reaches the others: RabbitMQ (cluster mode) or the in-process broker (embedded mode). `url` is
 * AMQP_URL as given: one amqp:// URL, or the nodes of one cluster comma-separated (ADR 0070, `brokerUrls`).
 */
export type MessagingRuntime =
  { kind: 'rmq'; url: string; prefetch: number } | { kind: 'in-process'; broker: InProcessBroker; prefetch: number };

/** Redeliveries before a failing message is dead-lettered. */
export const DELIVERY_LIMIT = 5;

/**
 * PAYMARKET_UNSAFE_CLASSIC_QUEUES=1 declares every queue classic (one node holds it, nothing replicated). Only the
 * fault tier sets it, to show F8 losing messages without quorum queues (ADR 0070); never in a deployment.
 */
function unsafeClassicQueues(): boolean {
  return process.env.PAYMARKET_UNSAFE_CLASSIC_QUEUES === '1';
}

/**
 * Quorum queues take RabbitMQ's default replication (every node of a cluster of up to three, ADR 0070): naming
 * `x-quorum-initial-group-size` here would make RabbitMQ refuse the declaration of every existing queue
 * (PRECONDITION_FAILED, the argument is compared on redeclaration).
 */
function queueArguments(queue: string): Record<string, unknown> {
  const deadLetters = { 'x-dead-letter-exchange': WIRE.DEAD_LETTER_EXCHANGE, 'x-dead-letter-routing-key': `${queue}.dlq` };
  // A classic queue refuses `x-delivery-limit` (a quorum queue's): the unsafe variant goes without it.
  if (unsafeClassicQueues()) return { 'x-queue-type': 'classic', ...deadLetters };
  return { 'x-queue-type': 'quorum', 'x-delivery-limit': DELIVERY_LIMIT, ...deadLetters };
}

/**
 * The RPC queue (ADR 0048): classic, durable (its bindings survive a broker restart, and RabbitMQ deprecates
 * transient non-exclusive queues), holding only non-persistent messages that expire with their caller's timeout.
 */
export const RPC_QUEUE_OPTIONS = { durable: true, arguments: { 'x-queue-type': 'classic' } } as const;

/** The RPC queue's options for these broker addresses: quorum on a cluster of several nodes (`rpcQueueType`). */
export function rpcQueueOptions(urls: readonly string[]): { durable: true; arguments: { 'x-queue-type': 'classic' | 'quorum' } } {
  const type = unsafeClassicQueues() ? 'classic' : rpcQueueType(urls);
  return { durable: true, arguments: { 'x-queue-type': type } };
}

/** The dead-letter queues: quorum, like the queues they serve. */
function deadLetterQueueArguments(): Record<string, unknown> {
  return { 'x-queue-type': unsafeClassicQueues() ? 'classic' : 'quorum' };
}

const log = createLogger('messaging');

// Every process that talks to RabbitMQ loads this module: its frames leave in one write per turn (ADR 0057).
batchAmqpWrites();

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

/** The events of an amqp-connection-manager connection that `logReconnects` listens to. */
interface ConnectionEvents {
  on(event: 'connect', listener: (arg: { url?: unknown }) => void): unknown;
  on(event: 'disconnect', listener: (arg: { err?: unknown }) => void): unknown;
}

/**
 * Logs each loss of the broker connection and, on the next connect, which address answered and how long it took
 * (`downMs`): an operator (and the fault tier's F8) reads the time to reconnect from these lines.
 */
export function logReconnects(manager: ConnectionEvents | null | undefined, owner: string): void {
  if (!manager) return;
  let lostAt: number | undefined;
  manager.on('disconnect', ({ err }) => {
    lostAt ??= Date.now();
    log.warn({ owner, reason: err instanceof Error ? err.message : String(err) }, 'broker connection lost');
  });
  manager.on('connect', ({ url }) => {
    if (lostAt === undefined) return;
    const downMs = Date.now() - lostAt;
    lostAt = undefined;
    log.warn(
      { owner, url: redact(typeof url === 'string' ? url : String((url as { url?: string })?.url ?? '')), downMs },
      'broker reconnected',
    );
  });
}

/** Logs a rejected broker promise that nothing else waits for (a reply the caller will time out on). */
export function swallowBrokerClose(promise: unknown, owner: string): void {
  if (promise && typeof (promise as Promise<unknown>).catch === 'function') {
    (promise as Promise<unknown>).catch((err: unknown) =>
      log.warn({ err, owner }, 'broker publish failed; the caller retries or times out'),
    );
  }
}

/** Distinct message patterns a server remembers the route of (a service has a few dozen). */
export const ROUTE_CACHE_SIZE = 500;

/**
 * Nest's ServerRMQ leaves two promises unobserved: the reply `sendToQueue` (rejected with `channel closed` when the
 * broker goes away before confirming it) and the consumer's `consume`; either one ends the process as an
 * unhandled rejection. This subclass observes both and listens for channel errors.
 */
export class ResilientServerRMQ extends ServerRMQ {
  private readonly routes = new Map<string, string>();

  /**
   * Nest finds a message's handler by first trying `JSON.parse` on its pattern: for our plain-string patterns that
   * throws (a stack trace per message, ~3% of a service's CPU under load, ADR 0048). The answer depends only on the
   * pattern, so it is remembered — for at most ROUTE_CACHE_SIZE patterns, since patterns come from the sender.
   */
  override getRouteFromPattern(pattern: string): string {
    let route = this.routes.get(pattern);
    if (route === undefined) {
      route = super.getRouteFromPattern(pattern);
      if (this.routes.size < ROUTE_CACHE_SIZE) this.routes.set(pattern, route);
    }
    return route;
  }
  override async start(callback?: (err?: unknown, ...optionalParams: unknown[]) => void): Promise<void> {
    await super.start(callback);
    // Registered after ServerRMQ's own 'connect' listener, which creates the channel.
    (this.server as { on(event: string, fn: () => void): void } | null)?.on('connect', () =>
      watchChannel(this.channel as EventSource, 'server'),
    );
    logReconnects(this.server as ConnectionEvents | null, `server ${this.queueName()}`);
  }

  private queueName(): string {
    return String((this.options as { queue?: string }).queue ?? 'queue');
  }

  /**
   * A null delivery is the broker cancelling our consumer: its queue went away (a classic queue whose node died, a
   * deleted queue). Nest ignores it, and the consumer would stay gone for as long as the connection lives; a forced
   * reconnect runs the channel setup again (assert, bind, consume) on whichever node answers.
   */
  override async handleMessage(message: Record<string, unknown> | null, channel: unknown): Promise<void> {
    if (message) return super.handleMessage(message, channel as never);
    log.warn({ queue: this.queueName() }, 'the broker cancelled our consumer; reconnecting to consume again');
    (this.server as { reconnect?: () => void } | null)?.reconnect?.();
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

/** The options of one direct request (`ResilientClientRMQ.request`). */
export interface DirectRequestOptions {
  timeoutMs: number;
  /** W3C trace context (traceparent, tracestate) as AMQP headers. */
  headers?: Record<string, string>;
}

/**
 * ClientRMQ whose channel's 'error' events are logged instead of ending the process, and which sends requests
 * straight to the answering service's RPC queue (`request`, ADR 0057).
 */
export class ResilientClientRMQ extends ClientRMQ {
  override createClient(): ReturnType<ClientRMQ['createClient']> {
    const client = super.createClient();
    logReconnects(client as unknown as ConnectionEvents, 'client');
    return client;
  }

  override createChannel(): Promise<void> {
    const created = super.createChannel();
    watchChannel(this.channel as EventSource | null, 'client');
    return created;
  }

  /**
   * One request–response without Nest's observable pipeline (ADR 0057): published through the default exchange to
   * `paymarket.<service>.rpc` (the queue the topic exchange's bindings would route it to, ADR 0048) on the client's
   * own channel, answered on its direct reply-to consumer like `send` (the same packet and reply format, so any
   * service version answers it). Resolves with the answer; rejects with the service's error payload, rxjs'
   * `TimeoutError` after `timeoutMs` (counted from the call, connecting included), `EmptyError` for an answer
   * without a value, or the broker's error, exactly what `firstValueFrom(send(...).pipe(timeout(...)))` gives.
   */
  async request(service: ServiceName, pattern: string, data: unknown, options: DirectRequestOptions): Promise<unknown> {
    const started = Date.now();
    await this.connect();
    const channel = this.channel as { publish(exchange: string, key: string, content: Buffer, options: object): Promise<unknown> } | null;
    if (!channel) throw new Error('The broker channel is not open.');
    const id = randomUUID();
    const content = Buffer.from(JSON.stringify({ pattern, data, id }));
    const emitter = this.responseEmitter;
    return new Promise((resolve, reject) => {
      const settle = (fn: () => void) => {
        clearTimeout(timer);
        emitter.removeListener(id, listener);
        fn();
      };
      const timer = setTimeout(() => settle(() => reject(new TimeoutError())), Math.max(0, options.timeoutMs - (Date.now() - started)));
      const listener = (message: { content: Buffer }) => {
        let packet: { err?: unknown; response?: unknown; isDisposed?: boolean };
        try {
          packet = JSON.parse(message.content.toString()) as typeof packet;
        } catch (err) {
          return settle(() => reject(err));
        }
        if (packet.err) settle(() => reject(packet.err));
        else if (packet.response !== undefined) settle(() => resolve(packet.response));
        else if (packet.isDisposed) settle(() => reject(new EmptyError()));
      };
      emitter.on(id, listener);
      channel
        .publish('', rpcQueueOf(service), content, {
          replyTo: this.replyQueue,
          persistent: false,
          // The message expires with the caller's patience, as `send`'s did.
          expiration: String(options.timeoutMs),
          ...(options.headers ? { headers: options.headers } : {}),
          correlationId: id,
        })
        .catch((err: unknown) => settle(() => reject(err)));
    });
  }
}

/** Which handlers a consumer binds to its queue: RPC (`@MessagePattern`) or event (`@EventPattern`) handlers. */
export type HandlerKind = 'rpc' | 'event';

export function handlersOfKind(all: ReadonlyMap<string, MessageHandler>, kind: HandlerKind): Map<string, MessageHandler> {
  const picked = new Map<string, MessageHandler>();
  for (const [pattern, handler] of all) if (Boolean(handler.isEventHandler) === (kind === 'event')) picked.set(pattern, handler);
  return picked;
}

/**
 * One of a service's two RabbitMQ consumers. ServerRMQ (wildcards) binds its queue to the patterns of
 * `getHandlers()` and matches wildcard patterns against them, so that list holds only this consumer's kind; every
 * handler stays registered, so a request still waiting in the old quorum queue during the migration is answered.
 */
export class KindServerRMQ extends ResilientServerRMQ {
  /** Counts lean answers in flight (the Nest path counts in the MessageInterceptor); set by `startServiceApp`. */
  inFlight: InFlightTracker | undefined;

  constructor(
    options: NonNullable<RmqOptions['options']>,
    readonly kind: HandlerKind,
    /** The service answering, for the lean path's metrics labels. */
    readonly service = 'unknown',
  ) {
    super(options);
  }

  override getHandlers(): Map<string, MessageHandler> {
    return handlersOfKind(super.getHandlers(), this.kind);
  }

  override async handleMessage(message: Record<string, unknown> | null, channel: unknown): Promise<void> {
    if (this.noAck && message) markAutoAcked(message);
    // Hot reads with a lean handler skip Nest's per-message pipeline (ADR 0057); anything else goes through it.
    if (this.kind === 'rpc' && message) {
      const delivery = message as unknown as LeanDelivery;
      const lean = leanRequestOf(delivery);
      if (lean) {
        return answerLean(
          this.service,
          lean,
          delivery,
          (packet, replyTo, correlationId) => this.sendMessage(packet, replyTo, correlationId, undefined as never),
          this.inFlight,
        );
      }
    }
    return super.handleMessage(message, channel as never);
  }
}

/**
 * A service's transport in cluster mode (ADR 0048): RPC requests on `<queue>.rpc` (classic, auto-ack, no in-flight
 * bound) and events on the quorum queue (manual ack after the handler's transaction, prefetch, delivery limit).
 * Nest hands every handler to this one strategy; it gives them to both consumers and reports `connected` only
 * while both are.
 */
export class SplitServerRMQ extends Server implements CustomTransportStrategy {
  readonly rpc: KindServerRMQ;
  readonly events: KindServerRMQ;
  private statusSubscription: Subscription | undefined;

  constructor(url: string, service: ServiceName, prefetch: number) {
    super();
    const queue = queueOf(service);
    const urls = brokerUrls(url);
    const common: NonNullable<RmqOptions['options']> = {
      // amqp-connection-manager tries the next address whenever one fails, round the list.
      urls: spreadUrls(urls),
      exchange: WIRE.EXCHANGE,
      exchangeType: 'topic',
      wildcards: true,
      socketOptions: { heartbeatIntervalInSeconds: 5, reconnectTimeInSeconds: 1 },
    };
    this.rpc = new KindServerRMQ(
      { ...common, queue: rpcQueueOf(service), queueOptions: rpcQueueOptions(urls), noAck: true },
      'rpc',
      service,
    );
    this.events = new KindServerRMQ(
      {
        ...common,
        queue,
        queueOptions: { durable: true, arguments: queueArguments(queue) },
        // Manual ack: the message interceptor acks only after the handler's transaction committed.
        noAck: false,
        prefetchCount: prefetch,
      },
      'event',
      service,
    );
  }

  /** The RPC patterns this service answers (known once Nest registered the handlers: after `app.init()`). */
  rpcPatterns(): string[] {
    return [...handlersOfKind(this.getHandlers(), 'rpc').keys()];
  }

  /** Gives every registered handler to both consumers (each binds only its own kind). */
  shareHandlers(): void {
    for (const [pattern, handler] of this.getHandlers()) {
      for (const server of [this.rpc, this.events]) {
        if (!server.getHandlerByPattern(pattern)) server.addHandler(pattern, handler, handler.isEventHandler, handler.extras);
      }
    }
  }

  async listen(callback: (err?: unknown, ...optionalParams: unknown[]) => void): Promise<void> {
    this.shareHandlers();
    this.statusSubscription = combineLatest([this.rpc.status, this.events.status]).subscribe(([rpc, events]) =>
      this._status$.next(rpc !== 'connected' ? rpc : events),
    );
    let waiting = 2;
    let failed = false;
    const started = (err?: unknown) => {
      if (failed) return;
      if (err) {
        failed = true;
        callback(err);
      } else if (--waiting === 0) callback();
    };
    await Promise.all([this.events.listen(started), this.rpc.listen(started)]);
  }

  async close(): Promise<void> {
    this.statusSubscription?.unsubscribe();
    await Promise.all([this.rpc.close(), this.events.close()]);
  }

  // Server types listeners as `Function`; they go to both ServerRMQ consumers unchanged.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  on(event: string, callback: Function): void {
    this.rpc.on(event as never, callback as never);
    this.events.on(event as never, callback as never);
  }

  unwrap<T>(): T {
    return this.events.unwrap<T>();
  }
}

export function createServerStrategy(runtime: MessagingRuntime, service: ServiceName): CustomTransportStrategy {
  // Embedded mode keeps one in-process queue per service for both kinds: nothing there is durable or replicated.
  if (runtime.kind === 'in-process') return new InProcessServer(runtime.broker, queueOf(service), runtime.prefetch);
  return new SplitServerRMQ(runtime.url, service, runtime.prefetch);
}

export function createMessagingClient(runtime: MessagingRuntime): ClientProxy {
  if (runtime.kind === 'in-process') return new InProcessClient(runtime.broker);
  // Never set noAck on a client: the reply consumer must stay in auto-ack mode.
  const client = new ResilientClientRMQ({
    urls: spreadUrls(brokerUrls(runtime.url)),
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
  const urls = brokerUrls(runtime.url);
  const { connection } = await connectToBroker(spreadUrls(urls));
  // An 'error' event with no listener would end the process if the broker went away while declaring.
  connection.on('error', (err: unknown) => log.warn({ err }, 'broker connection error while declaring the topology'));
  try {
    const channel = await connection.createChannel();
    await channel.assertExchange(WIRE.EXCHANGE, 'topic', { durable: true });
    await channel.assertExchange(WIRE.DEAD_LETTER_EXCHANGE, 'direct', { durable: true });
    for (const service of SERVICE_NAMES) {
      const queue = queueOf(service);
      await channel.assertQueue(`${queue}.dlq`, { durable: true, arguments: deadLetterQueueArguments() });
      await channel.bindQueue(`${queue}.dlq`, WIRE.DEAD_LETTER_EXCHANGE, `${queue}.dlq`);
      await channel.assertQueue(queue, { durable: true, arguments: queueArguments(queue) });
      for (const event of EVENT_SUBSCRIPTIONS[service]) await channel.bindQueue(queue, WIRE.EXCHANGE, event);
      // Requests are published straight to it (ADR 0057): it exists before its service first starts.
      await channel.assertQueue(rpcQueueOf(service), rpcQueueOptions(urls));
    }
    await channel.close();
  } finally {
    await connection.close();
  }
}

/** The part of an amqplib channel the RPC routing needs (a fake in unit tests). */
export interface TopologyChannel {
  assertQueue(queue: string, options: object): Promise<unknown>;
  bindQueue(queue: string, exchange: string, pattern: string): Promise<unknown>;
  unbindQueue(queue: string, exchange: string, pattern: string): Promise<unknown>;
}

/**
 * Routes a service's RPC patterns to its RPC queue and takes them off its quorum queue (ADR 0048). Before, Nest
 * bound every handler pattern to the quorum queue, and those durable bindings stay until removed: left there,
 * every request would be delivered twice. Bind first, then unbind: at an ordinary start both are no-ops and no
 * request is ever unroutable; only at the first start after the upgrade can a request published in the
 * milliseconds between the two reach both queues. Idempotent; runs at every start of every replica.
 */
export async function routeRpcToOwnQueue(
  channel: TopologyChannel,
  service: ServiceName,
  patterns: readonly string[],
  queueOptions: object = RPC_QUEUE_OPTIONS,
): Promise<void> {
  const rpcQueue = rpcQueueOf(service);
  await channel.assertQueue(rpcQueue, queueOptions);
  for (const pattern of patterns) await channel.bindQueue(rpcQueue, WIRE.EXCHANGE, pattern);
  const events = new Set<string>(EVENT_SUBSCRIPTIONS[service]);
  for (const pattern of patterns) {
    if (!events.has(pattern)) await channel.unbindQueue(queueOf(service), WIRE.EXCHANGE, pattern);
  }
}

/** `routeRpcToOwnQueue` on the broker; nothing to do on the in-process broker (one queue per service there). */
export async function declareRpcTopology(runtime: MessagingRuntime, service: ServiceName, patterns: readonly string[]): Promise<void> {
  if (runtime.kind === 'in-process') return;
  const urls = brokerUrls(runtime.url);
  const { connection } = await connectToBroker(spreadUrls(urls));
  connection.on('error', (err: unknown) => log.warn({ err }, 'broker connection error while routing the RPC patterns'));
  try {
    const channel = await connection.createChannel();
    await routeRpcToOwnQueue(channel, service, patterns, rpcQueueOptions(urls));
    await channel.close();
  } finally {
    await connection.close();
  }
}
