import { afterEach, describe, expect, it } from '@jest/globals';
import { context, SpanKind, trace } from '@opentelemetry/api';
import { InProcessBroker } from '../messaging/in-process-broker.js';
import { RmqRecordBuilder } from '@nestjs/microservices';
import { InProcessClient } from '../messaging/in-process-transport.js';
import { startInMemoryTracing, startTracing, stopTracing, tracingStarted } from './start-tracing.js';
import {
  activeTraceIds,
  contextFromCarrier,
  currentTraceCarrier,
  startMessageSpan,
  traceEventPublish,
  traceRpcCall,
  tracer,
} from './tracing.js';

describe(startTracing.name, () => {
  afterEach(async () => {
    await stopTracing();
  });

  it('is a no-op without OTEL_EXPORTER_OTLP_ENDPOINT: no provider, no carrier, no trace ids in logs', async () => {
    expect(startTracing('payments', {})).toBeUndefined();
    expect(tracingStarted()).toBe(false);
    const span = tracer().startSpan('anything');
    expect(span.isRecording()).toBe(false);
    await context.with(trace.setSpan(context.active(), span), async () => {
      expect(currentTraceCarrier()).toBeUndefined();
      expect(activeTraceIds()).toEqual({});
      // An RPC sends no trace headers, an event publish neither.
      await traceRpcCall('payments.health', async (headers) => expect(headers).toBeUndefined());
      await traceEventPublish('buyer.registered', 'id', null, async (headers) => expect(headers).toBeUndefined());
    });
    span.end();
  });

  it('starts with an OTLP endpoint, named by OTEL_SERVICE_NAME or the process, and stops', async () => {
    const sut = startTracing('payments', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' });
    expect(sut?.serviceName).toBe('payments');
    expect(tracingStarted()).toBe(true);
    expect(tracer().startSpan('recorded').isRecording()).toBe(true);
    await stopTracing();
    expect(tracingStarted()).toBe(false);
    const named = startTracing('payments', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_SERVICE_NAME: 'pay-eu' });
    expect(named?.serviceName).toBe('pay-eu');
  });
});

describe('trace context across messages', () => {
  afterEach(async () => {
    await stopTracing();
  });

  it('continues an RPC in a SERVER span, child of the CLIENT span, through the carried headers', async () => {
    const sut = startInMemoryTracing();
    let carried: Record<string, string> | undefined;
    await traceRpcCall('payments.confirm_test_card', async (headers) => {
      carried = headers;
    });
    expect(carried?.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    const { span, context: handlerContext } = startMessageSpan('payments.confirm_test_card', true, carried, 'corr-12345678');
    context.with(handlerContext, () =>
      expect(activeTraceIds()).toEqual({ trace_id: span.spanContext().traceId, span_id: span.spanContext().spanId }),
    );
    span.end();
    const [client, server] = sut.exporter.getFinishedSpans();
    expect(client!.kind).toBe(SpanKind.CLIENT);
    expect(client!.attributes).toMatchObject({ 'messaging.system': 'rabbitmq', 'paymarket.rpc.pattern': 'payments.confirm_test_card' });
    expect(server!.kind).toBe(SpanKind.SERVER);
    expect(server!.parentSpanContext?.spanId).toBe(client!.spanContext().spanId);
    expect(server!.spanContext().traceId).toBe(client!.spanContext().traceId);
  });

  it('publishes an outbox row in the trace stored with it, whatever context is active, and starts one without', async () => {
    const sut = startInMemoryTracing();
    const writer = tracer().startSpan('writer');
    const stored = currentTraceCarrier(trace.setSpan(context.active(), writer));
    writer.end();
    const other = tracer().startSpan('unrelated request');
    await context.with(trace.setSpan(context.active(), other), async () => {
      await traceEventPublish('payment.succeeded', 'e1', stored, async () => undefined);
      await traceEventPublish('payment.succeeded', 'e2', null, async () => undefined);
    });
    other.end();
    const [withRow, withoutRow] = sut.exporter.getFinishedSpans().filter((s) => s.kind === SpanKind.PRODUCER);
    expect(withRow!.parentSpanContext?.spanId).toBe(writer.spanContext().spanId);
    expect(withoutRow!.parentSpanContext).toBeUndefined();
    expect(withoutRow!.spanContext().traceId).not.toBe(other.spanContext().traceId);
    expect(contextFromCarrier({ traceparent: 42 })).toBe(context.active());
  });

  it('carries headers on the in-process transport as AMQP headers, beside the body', async () => {
    const broker = new InProcessBroker();
    broker.bindQueue('q', 'buyer.registered');
    const got: Array<Record<string, string> | undefined> = [];
    broker.consume('q', 1, (message) => {
      got.push(message.headers);
      broker.ack('q', message.messageId);
    });
    const client = new InProcessClient(broker);
    await client.connect();
    const headers = { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' };
    client.emit('buyer.registered', new RmqRecordBuilder({ id: 'e1' }).setOptions({ headers }).build()).subscribe();
    await new Promise((resolve) => setImmediate(resolve));
    expect(got).toEqual([headers]);
    client.close();
  });
});
