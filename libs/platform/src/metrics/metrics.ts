import { hostname } from 'node:os';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { createLogger } from '../logging/logger.js';

const log = createLogger('metrics');

/**
 * Who this process is among its replicas: the launcher's PAYMARKET_REPLICA (e.g. `payments-2`), the pod name in
 * Kubernetes (HOSTNAME), or host and pid. Prometheus adds `instance` when it scrapes; this label survives federation
 * and lets a test tell replicas apart without a Prometheus.
 */
export function replicaName(env: NodeJS.ProcessEnv = process.env): string {
  return env.PAYMARKET_REPLICA || `${hostname()}-${process.pid}`;
}

/** The one registry of this process; every series carries `replica`, and those about a service carry `service`. */
export const metricsRegistry = new Registry();
metricsRegistry.setDefaultLabels({ replica: replicaName() });
collectDefaultMetrics({ register: metricsRegistry });

const registers = [metricsRegistry];
const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A route label for requests no route matched: raw URLs would let any client create series. */
export const UNKNOWN_ROUTE = '__unmatched__';

export type RpcOutcome = 'ok' | 'service_error' | 'timeout' | 'unavailable';
export type ConsumeOutcome = 'ok' | 'failed';

/**
 * Every PayMarket series. Labels are bounded by code, never by input: route templates, RPC patterns, event names,
 * service names and fixed outcomes. Ids, URLs, emails and error messages never become labels.
 */
export const paymarketMetrics = {
  processInfo: new Gauge({
    name: 'paymarket_process_info',
    help: 'Services this process runs (1 per service); replica tells processes apart',
    labelNames: ['service'] as const,
    registers,
  }),
  httpRequests: new Counter({
    name: 'paymarket_http_requests_total',
    help: 'HTTP requests answered by the gateway, by route template, method and status',
    labelNames: ['service', 'route', 'method', 'status'] as const,
    registers,
  }),
  httpDuration: new Histogram({
    name: 'paymarket_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route template, method and status',
    labelNames: ['service', 'route', 'method', 'status'] as const,
    buckets: SECONDS,
    registers,
  }),
  rpcClientRequests: new Counter({
    name: 'paymarket_rpc_client_requests_total',
    help: 'RPC calls made, by calling service, pattern and outcome',
    labelNames: ['service', 'pattern', 'outcome'] as const,
    registers,
  }),
  rpcClientDuration: new Histogram({
    name: 'paymarket_rpc_client_request_duration_seconds',
    help: 'RPC call latency seen by the caller, by calling service, pattern and outcome',
    labelNames: ['service', 'pattern', 'outcome'] as const,
    buckets: SECONDS,
    registers,
  }),
  rpcServerRequests: new Counter({
    name: 'paymarket_rpc_server_requests_total',
    help: 'RPC requests handled, by handling service, pattern and outcome',
    labelNames: ['service', 'pattern', 'outcome'] as const,
    registers,
  }),
  rpcServerDuration: new Histogram({
    name: 'paymarket_rpc_server_request_duration_seconds',
    help: 'Time to handle an RPC request, by handling service, pattern and outcome',
    labelNames: ['service', 'pattern', 'outcome'] as const,
    buckets: SECONDS,
    registers,
  }),
  messagesPublished: new Counter({
    name: 'paymarket_messages_published_total',
    help: 'Events published by the outbox relay (broker confirmed), by producing service and routing key',
    labelNames: ['service', 'routing_key'] as const,
    registers,
  }),
  messagesConsumed: new Counter({
    name: 'paymarket_messages_consumed_total',
    help: 'Event deliveries handled, by consuming service, routing key and outcome (failed ones are redelivered)',
    labelNames: ['service', 'routing_key', 'outcome'] as const,
    registers,
  }),
  messagesDeadLettered: new Counter({
    name: 'paymarket_messages_dead_lettered_total',
    help: 'Event deliveries that failed for the last time and went to the dead-letter queue',
    labelNames: ['service', 'routing_key'] as const,
    registers,
  }),
  inboxMessages: new Counter({
    name: 'paymarket_inbox_messages_total',
    help: 'Events met by an inbox, by consumer: processed (effect applied) or duplicate (skipped)',
    labelNames: ['service', 'consumer', 'outcome'] as const,
    registers,
  }),
  outboxBacklog: new Gauge({
    name: 'paymarket_outbox_backlog',
    help: 'Outbox rows not yet published, per service (read on scrape)',
    labelNames: ['service'] as const,
    registers,
    collect: () => collectOutboxOnce(),
  }),
  outboxOldestAge: new Gauge({
    name: 'paymarket_outbox_oldest_unsent_age_seconds',
    help: 'Age of the oldest unpublished outbox row, per service (0 when none; read on scrape)',
    labelNames: ['service'] as const,
    registers,
    collect: () => collectOutboxOnce(),
  }),
  deadLetterQueueMessages: new Gauge({
    name: 'paymarket_dead_letter_queue_messages',
    help: 'Messages in each dead-letter queue (the in-process broker in embedded mode; read on scrape)',
    labelNames: ['queue'] as const,
    registers,
    collect: () => collectDeadLetterQueues(),
  }),
  webhookDeliveries: new Counter({
    name: 'paymarket_webhook_deliveries_total',
    help: 'Integrator webhook delivery attempts, by outcome (delivered or failed)',
    labelNames: ['service', 'outcome'] as const,
    registers,
  }),
  stripeRequests: new Counter({
    name: 'paymarket_stripe_requests_total',
    help: 'Requests to Stripe, by endpoint (method and path, ids as :id) and outcome (ok, client_error, rate_limited, server_error, network_error; busy: gave up waiting for a slot)',
    labelNames: ['service', 'operation', 'outcome'] as const,
    registers,
  }),
  stripeLimiterWait: new Histogram({
    name: 'paymarket_stripe_limiter_wait_seconds',
    help: 'How long a Stripe request waited for a slot below the account rate limit',
    labelNames: ['service'] as const,
    buckets: [0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8],
    registers,
  }),
  payments: new Counter({
    name: 'paymarket_payments_total',
    help: 'Payments settled, by outcome (succeeded, failed, refunded)',
    labelNames: ['service', 'outcome'] as const,
    registers,
  }),
  emails: new Counter({
    name: 'paymarket_emails_total',
    help: 'SMTP delivery attempts, by outcome (sent or failed)',
    labelNames: ['service', 'outcome'] as const,
    registers,
  }),
};

/** Unsent outbox rows of one service: how many, and the age in seconds of the oldest. */
export type OutboxStatsReader = () => Promise<{ backlog: number; oldestAgeSeconds: number }>;

const outboxReaders = new Map<string, OutboxStatsReader>();
const deadLetterReaders = new Set<() => Record<string, number>>();
const SCRAPE_QUERY_TIMEOUT_MS = 2_000;

/** Reads a service's outbox on every scrape; returns the unregistration. */
export function registerOutboxStats(service: string, read: OutboxStatsReader): () => void {
  outboxReaders.set(service, read);
  return () => {
    if (outboxReaders.get(service) === read) outboxReaders.delete(service);
  };
}

/** Reads dead-letter queue depths on every scrape (embedded mode's in-process broker); returns the unregistration. */
export function registerDeadLetterDepths(read: () => Record<string, number>): () => void {
  deadLetterReaders.add(read);
  return () => deadLetterReaders.delete(read);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}

// A scrape never fails because of a database: a service whose query fails or is slow keeps its last values.
async function collectOutbox(): Promise<void> {
  await Promise.all(
    [...outboxReaders].map(async ([service, read]) => {
      try {
        const stats = await withTimeout(read(), SCRAPE_QUERY_TIMEOUT_MS);
        paymarketMetrics.outboxBacklog.set({ service }, stats.backlog);
        paymarketMetrics.outboxOldestAge.set({ service }, stats.oldestAgeSeconds);
      } catch (err) {
        log.debug({ err, service }, 'could not read the outbox for metrics');
      }
    }),
  );
}

// A scrape reads both outbox gauges at once; they share one query per service.
let outboxCollection: Promise<void> | undefined;
function collectOutboxOnce(): Promise<void> {
  outboxCollection ??= collectOutbox().finally(() => {
    outboxCollection = undefined;
  });
  return outboxCollection;
}

function collectDeadLetterQueues(): void {
  for (const read of deadLetterReaders) {
    try {
      for (const [queue, depth] of Object.entries(read())) paymarketMetrics.deadLetterQueueMessages.set({ queue }, depth);
    } catch (err) {
      log.debug({ err }, 'could not read dead-letter depths for metrics');
    }
  }
}

/**
 * Starts a service's counters at 0: the dead-letter counter of every event it consumes, and the outcome counters of
 * what it owns (notifications: emails and webhook deliveries; payments: payments). Prometheus's increase() and rate()
 * see no increase in a series that first appears at 1, so without this the first dead letter of a routing key since
 * the process started never fired PayMarketMessagesDeadLettered (found by the fault tier's poison event, issue 23),
 * and a healthy service's panels said "no data" instead of 0.
 */
export function initServiceCounters(service: string, routingKeys: readonly string[]): void {
  for (const routingKey of routingKeys) paymarketMetrics.messagesDeadLettered.inc({ service, routing_key: routingKey }, 0);
  if (service === 'notifications') {
    for (const outcome of ['sent', 'failed']) paymarketMetrics.emails.inc({ service, outcome }, 0);
    for (const outcome of ['delivered', 'failed']) paymarketMetrics.webhookDeliveries.inc({ service, outcome }, 0);
  }
  if (service === 'payments') {
    for (const outcome of ['succeeded', 'failed', 'refunded']) paymarketMetrics.payments.inc({ service, outcome }, 0);
  }
}

/** Marks a service as run by this process (`paymarket_process_info{service} 1`); returns the unmarking. */
export function markServiceRunning(service: string): () => void {
  paymarketMetrics.processInfo.set({ service }, 1);
  return () => paymarketMetrics.processInfo.remove({ service });
}

/** Prometheus text of the process registry. */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}

/** Seconds since `start` (from performance.now()). */
export function secondsSince(start: number): number {
  return (performance.now() - start) / 1000;
}

/** Records one RPC call as its caller saw it. */
export function observeRpcCall(service: string, pattern: string, outcome: RpcOutcome, started: number): void {
  paymarketMetrics.rpcClientRequests.inc({ service, pattern, outcome });
  paymarketMetrics.rpcClientDuration.observe({ service, pattern, outcome }, secondsSince(started));
}

/** Names of every metric in the process registry (histograms without their _bucket/_sum/_count suffixes). */
export function registeredMetricNames(): string[] {
  return metricsRegistry.getMetricsAsArray().map((metric) => (metric as unknown as { name: string }).name);
}
