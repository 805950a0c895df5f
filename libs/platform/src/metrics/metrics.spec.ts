import { describe, expect, it } from '@jest/globals';
import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { ClientProxy, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import { lastValueFrom, of, throwError } from 'rxjs';
import { serviceConfigFromEnv } from '../bootstrap/service-env.js';
import { CommonEnv } from '../config/common-env.js';
import { ConfigError, loadConfig } from '../config/load-config.js';
import { InProcessBroker, type InProcessMessage } from '../messaging/in-process-broker.js';
import { InProcessContext } from '../messaging/in-process-transport.js';
import { RpcClient } from '../messaging/rpc-client.js';
import { MessageMetricsInterceptor } from './message-metrics.interceptor.js';
import {
  initServiceCounters,
  markServiceRunning,
  paymarketMetrics,
  registerDeadLetterDepths,
  registerOutboxStats,
  registeredMetricNames,
  renderMetrics,
  replicaName,
} from './metrics.js';

type Metric = { get(): Promise<{ values: { labels: Record<string, string | number>; value: number; metricName?: string }[] }> };

/** The value of one series (0 when absent); for a histogram, pass the `_count` metricName. */
async function valueOf(metric: Metric, labels: Record<string, string>, metricName?: string): Promise<number> {
  const { values } = await metric.get();
  const found = values.find(
    (v) =>
      (metricName === undefined || v.metricName === metricName) &&
      Object.entries(labels).every(([k, want]) => String(v.labels[k]) === want),
  );
  return found?.value ?? 0;
}

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

function rpcContext(message: Partial<InProcessMessage>, pattern: string): ExecutionContext {
  const delivery: InProcessMessage = { messageId: 'm1', routingKey: pattern, content: '{}', deliveryCount: 1, ...message };
  const ctx = new InProcessContext([delivery, new InProcessBroker(), 'payments.queue', pattern]);
  return { getType: () => 'rpc', switchToRpc: () => ({ getContext: () => ctx, getData: () => ({}) }) } as unknown as ExecutionContext;
}

const handler = (result: 'ok' | 'error'): CallHandler => ({
  handle: () => (result === 'ok' ? of('done') : throwError(() => new Error('boom'))),
});

describe('metrics', () => {
  it('names every PayMarket series with the paymarket_ prefix and labels them with the replica', async () => {
    const names = registeredMetricNames();
    for (const metric of Object.values(paymarketMetrics)) expect(names).toContain((metric as unknown as { name: string }).name);
    expect(Object.values(paymarketMetrics).every((m) => (m as unknown as { name: string }).name.startsWith('paymarket_'))).toBe(true);
    // Process defaults are there too.
    expect(names).toContain('process_cpu_user_seconds_total');
    markServiceRunning('payments');
    const { body, contentType } = await renderMetrics();
    expect(contentType).toContain('text/plain');
    expect(body).toContain(`paymarket_process_info{service="payments",replica="${replicaName()}"} 1`);
  });

  it('takes the replica name from PAYMARKET_REPLICA, else host and pid', () => {
    expect(replicaName({ PAYMARKET_REPLICA: 'payments-2' })).toBe('payments-2');
    expect(replicaName({})).toMatch(new RegExp(`-${process.pid}$`));
  });

  it('reads the outbox on scrape, and keeps the last values when a read fails instead of failing the scrape', async () => {
    let fail = false;
    const unregister = registerOutboxStats('catalog', async () => {
      if (fail) throw new Error('database down');
      return { backlog: 3, oldestAgeSeconds: 12.5 };
    });
    try {
      let { body } = await renderMetrics();
      expect(body).toMatch(/paymarket_outbox_backlog\{service="catalog",replica="[^"]+"\} 3/);
      expect(body).toMatch(/paymarket_outbox_oldest_unsent_age_seconds\{service="catalog",replica="[^"]+"\} 12.5/);
      fail = true;
      ({ body } = await renderMetrics());
      expect(body).toMatch(/paymarket_outbox_backlog\{service="catalog",replica="[^"]+"\} 3/);
    } finally {
      unregister();
    }
  });

  it('reads dead-letter queue depths on scrape', async () => {
    const unregister = registerDeadLetterDepths(() => ({ 'paymarket.payments.dlq': 2 }));
    try {
      expect(await valueOf(paymarketMetrics.deadLetterQueueMessages, { queue: 'paymarket.payments.dlq' })).toBe(2);
      const { body } = await renderMetrics();
      expect(body).toMatch(/paymarket_dead_letter_queue_messages\{queue="paymarket.payments.dlq",replica="[^"]+"\} 2/);
    } finally {
      unregister();
    }
  });

  it('exports counters at 0 from the start (dead letters per consumed event, outcomes), so the first one is an increase', async () => {
    initServiceCounters('spec-service', ['spec.happened']);
    initServiceCounters('notifications', []);
    const { body } = await renderMetrics();
    expect(body).toMatch(/paymarket_emails_total\{service="notifications",outcome="failed",replica="[^"]+"\} 0/);
    expect(body).toMatch(/paymarket_messages_dead_lettered_total\{service="spec-service",routing_key="spec.happened",replica="[^"]+"\} 0/);
  });

  it('counts RPC calls on the client by caller, pattern and outcome, with their latency', async () => {
    const labels = { service: 'gateway', pattern: 'catalog.health' };
    const before = {
      ok: await valueOf(paymarketMetrics.rpcClientRequests, { ...labels, outcome: 'ok' }),
      timeout: await valueOf(paymarketMetrics.rpcClientRequests, { ...labels, outcome: 'timeout' }),
      serviceError: await valueOf(paymarketMetrics.rpcClientRequests, { ...labels, outcome: 'service_error' }),
    };
    await new RpcClient(new ScriptedClient(() => ({ response: {}, isDisposed: true })), 1000, 'gateway').call('catalog.health', {});
    await new RpcClient(new ScriptedClient(() => undefined), 20, 'gateway').call('catalog.health', {}).catch(() => undefined);
    const payload = { code: 'conflict', message: 'no' };
    await new RpcClient(new ScriptedClient(() => ({ err: payload, isDisposed: true })), 1000, 'gateway')
      .call('catalog.health', {})
      .catch(() => undefined);
    expect(await valueOf(paymarketMetrics.rpcClientRequests, { ...labels, outcome: 'ok' })).toBe(before.ok + 1);
    expect(await valueOf(paymarketMetrics.rpcClientRequests, { ...labels, outcome: 'timeout' })).toBe(before.timeout + 1);
    expect(await valueOf(paymarketMetrics.rpcClientRequests, { ...labels, outcome: 'service_error' })).toBe(before.serviceError + 1);
    expect(
      await valueOf(
        paymarketMetrics.rpcClientDuration,
        { ...labels, outcome: 'ok' },
        'paymarket_rpc_client_request_duration_seconds_count',
      ),
    ).toBeGreaterThanOrEqual(1);
  });
});

describe('METRICS_PORT', () => {
  const env = { DATABASE_URL: 'postgres://localhost/db', AMQP_URL: 'amqp://localhost' };

  it('is optional, a port number, and 0 (a free port) is allowed', () => {
    expect(serviceConfigFromEnv('payments', env).metricsPort).toBeUndefined();
    expect(serviceConfigFromEnv('payments', { ...env, METRICS_PORT: '9464' }).metricsPort).toBe(9464);
    expect(serviceConfigFromEnv('payments', { ...env, METRICS_PORT: '0' }).metricsPort).toBe(0);
  });

  it('fails the boot naming the variable when it is not a port', () => {
    expect(() => loadConfig(CommonEnv, { ...env, METRICS_PORT: 'metrics' })).toThrow(/METRICS_PORT: .*METRICS_PORT must be a whole number/);
    expect(() => loadConfig(CommonEnv, { ...env, METRICS_PORT: '70000' })).toThrow(ConfigError);
  });
});

describe(MessageMetricsInterceptor.name, () => {
  const sut = new MessageMetricsInterceptor('payments', 5);

  it('counts a handled RPC request by the handling service, pattern and outcome', async () => {
    const labels = { service: 'payments', pattern: 'payments.get_order' };
    const ok = await valueOf(paymarketMetrics.rpcServerRequests, { ...labels, outcome: 'ok' });
    const failed = await valueOf(paymarketMetrics.rpcServerRequests, { ...labels, outcome: 'service_error' });
    await lastValueFrom(sut.intercept(rpcContext({ replyTo: 'amq.gen-1' }, 'payments.get_order'), handler('ok')));
    await lastValueFrom(sut.intercept(rpcContext({ replyTo: 'amq.gen-1' }, 'payments.get_order'), handler('error'))).catch(() => undefined);
    expect(await valueOf(paymarketMetrics.rpcServerRequests, { ...labels, outcome: 'ok' })).toBe(ok + 1);
    expect(await valueOf(paymarketMetrics.rpcServerRequests, { ...labels, outcome: 'service_error' })).toBe(failed + 1);
  });

  it('counts consumed events by routing key, and a failure on the last allowed delivery as dead-lettered', async () => {
    const key = { service: 'payments', routing_key: 'order.created' };
    const ok = await valueOf(paymarketMetrics.messagesConsumed, { ...key, outcome: 'ok' });
    const failed = await valueOf(paymarketMetrics.messagesConsumed, { ...key, outcome: 'failed' });
    const dead = await valueOf(paymarketMetrics.messagesDeadLettered, key);
    await lastValueFrom(sut.intercept(rpcContext({ deliveryCount: 1 }, 'order.created'), handler('ok')));
    await lastValueFrom(sut.intercept(rpcContext({ deliveryCount: 1 }, 'order.created'), handler('error'))).catch(() => undefined);
    expect(await valueOf(paymarketMetrics.messagesDeadLettered, key)).toBe(dead);
    await lastValueFrom(sut.intercept(rpcContext({ deliveryCount: 5 }, 'order.created'), handler('error'))).catch(() => undefined);
    expect(await valueOf(paymarketMetrics.messagesConsumed, { ...key, outcome: 'ok' })).toBe(ok + 1);
    expect(await valueOf(paymarketMetrics.messagesConsumed, { ...key, outcome: 'failed' })).toBe(failed + 2);
    expect(await valueOf(paymarketMetrics.messagesDeadLettered, key)).toBe(dead + 1);
  });
});
