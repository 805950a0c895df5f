import { afterEach, describe, expect, it } from '@jest/globals';
import { ServiceErrorCodes } from '@paymarket/contracts';
import { ServiceError } from '../errors/service-error.js';
import { currentCorrelationId } from '../logging/request-context.js';
import { metricsRegistry } from '../metrics/metrics.js';
import { startInMemoryTracing, stopTracing } from '../tracing/start-tracing.js';
import { activeTraceIds } from '../tracing/tracing.js';
import { InFlightTracker } from './in-flight.js';
import { answerLean, clearLeanRpc, leanRequestOf, registerLeanRpc, type LeanDelivery } from './lean-rpc.js';
import { DEADLINE_GRACE_MS } from './message.interceptor.js';
import { KindServerRMQ } from './runtime.js';

function delivery(pattern: string, data: unknown, properties: Partial<LeanDelivery['properties']> = {}): LeanDelivery {
  return {
    content: Buffer.from(JSON.stringify({ pattern, data, id: 'req-1' })),
    properties: { replyTo: 'amq.rabbitmq.reply-to.x', correlationId: 'reply-1', ...properties },
  };
}

const envelope = (data: unknown, meta: Record<string, unknown> = {}) => ({ meta: { correlationId: 'corr-12345678', ...meta }, data });

async function answer(d: LeanDelivery, inFlight?: InFlightTracker) {
  const replies: Array<{ packet: unknown; replyTo: string; correlationId: string }> = [];
  const request = leanRequestOf(d);
  if (!request) throw new Error('not a lean request');
  await answerLean('catalog', request, d, (packet, replyTo, correlationId) => replies.push({ packet, replyTo, correlationId }), inFlight);
  return replies;
}

async function counted(pattern: string, outcome: string): Promise<number> {
  const metric = await metricsRegistry.getSingleMetric('paymarket_rpc_server_requests_total')?.get();
  return metric?.values.find((v) => v.labels.pattern === pattern && v.labels.outcome === outcome)?.value ?? 0;
}

describe('lean RPC path (ADR 0057)', () => {
  afterEach(() => clearLeanRpc());

  it('takes only requests (a reply address and an id) whose pattern has a lean handler', () => {
    registerLeanRpc('catalog.get_seller', async () => 'x');
    expect(leanRequestOf(delivery('catalog.get_seller', envelope({})))).toBeDefined();
    expect(leanRequestOf(delivery('catalog.list_sellers', envelope({})))).toBeUndefined();
    expect(leanRequestOf(delivery('catalog.get_seller', envelope({}), { replyTo: undefined }))).toBeUndefined();
    expect(
      leanRequestOf({ content: Buffer.from('{"pattern":"catalog.get_seller","data":{}}'), properties: { replyTo: 'r' } }),
    ).toBeUndefined();
    expect(leanRequestOf({ content: Buffer.from('not json'), properties: { replyTo: 'r' } })).toBeUndefined();
  });

  it("answers the handler's result to the caller's reply address, inside the envelope's correlation id, counted in flight", async () => {
    const inFlight = new InFlightTracker();
    let seen: { data: unknown; correlationId: string; inFlight: number } | undefined;
    registerLeanRpc('catalog.get_seller', async (data) => {
      seen = { data, correlationId: currentCorrelationId(), inFlight: inFlight.size };
      return { sellerId: 's1' };
    });
    const before = await counted('catalog.get_seller', 'ok');
    const replies = await answer(delivery('catalog.get_seller', envelope({ sellerId: 's1' })), inFlight);
    expect(seen).toEqual({ data: { sellerId: 's1' }, correlationId: 'corr-12345678', inFlight: 1 });
    expect(inFlight.size).toBe(0);
    expect(replies).toEqual([
      { packet: { response: { sellerId: 's1' }, isDisposed: true }, replyTo: 'amq.rabbitmq.reply-to.x', correlationId: 'reply-1' },
    ]);
    expect(await counted('catalog.get_seller', 'ok')).toBe(before + 1);
  });

  it('answers a ServiceError as its payload and anything else as internal with an errorId', async () => {
    registerLeanRpc('catalog.get_seller', async () => {
      throw ServiceError.notFound('No such seller.');
    });
    registerLeanRpc('catalog.get_seller_payout_account', async () => {
      throw new Error('relation "sellers" does not exist');
    });
    const before = await counted('catalog.get_seller', 'service_error');
    const [notFound] = await answer(delivery('catalog.get_seller', envelope({})));
    expect(notFound!.packet).toEqual({ err: { code: ServiceErrorCodes.NOT_FOUND, message: 'No such seller.' }, isDisposed: true });
    expect(await counted('catalog.get_seller', 'service_error')).toBe(before + 1);
    const [internal] = await answer(delivery('catalog.get_seller_payout_account', envelope({})));
    expect(internal!.packet).toEqual({
      err: { code: ServiceErrorCodes.INTERNAL, message: 'Internal server error', errorId: expect.any(String) },
      isDisposed: true,
    });
  });

  it('does not run a request whose caller stopped waiting', async () => {
    let ran = false;
    registerLeanRpc('catalog.get_seller', async () => {
      ran = true;
      return 'late';
    });
    const [late] = await answer(delivery('catalog.get_seller', envelope({}, { deadline: Date.now() - DEADLINE_GRACE_MS - 1_000 })));
    expect(ran).toBe(false);
    expect(late!.packet).toEqual({
      err: { code: ServiceErrorCodes.INTERNAL, message: 'The request arrived after its caller stopped waiting.' },
      isDisposed: true,
    });
  });

  it("continues the caller's trace from the message's traceparent header", async () => {
    startInMemoryTracing();
    try {
      const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
      let ids: ReturnType<typeof activeTraceIds> | undefined;
      registerLeanRpc('catalog.get_seller', async () => {
        ids = activeTraceIds();
        return 'ok';
      });
      await answer(delivery('catalog.get_seller', envelope({}), { headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` } }));
      expect(ids).toMatchObject({ trace_id: traceId });
    } finally {
      await stopTracing();
    }
  });

  it('is taken by the RPC consumer only, which replies through its reply publisher', async () => {
    registerLeanRpc('catalog.get_seller', async () => ({ sellerId: 's1' }));
    const rpc = new KindServerRMQ({ urls: ['amqp://127.0.0.1:1'], queue: 'paymarket.catalog.rpc', noAck: true }, 'rpc', 'catalog');
    const sent: unknown[] = [];
    rpc.sendMessage = ((packet: unknown, replyTo: string, correlationId: string) => sent.push({ packet, replyTo, correlationId })) as never;
    await rpc.handleMessage(delivery('catalog.get_seller', envelope({ sellerId: 's1' })) as never, {});
    expect(sent).toEqual([
      { packet: { response: { sellerId: 's1' }, isDisposed: true }, replyTo: 'amq.rabbitmq.reply-to.x', correlationId: 'reply-1' },
    ]);
  });
});
