import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { SpanKind } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import request from 'supertest';
import type { ApiOrderView, PaymentIntentResponse } from '@paymarket/contracts';
import { startInMemoryTracing, type InMemoryTracing } from '@paymarket/platform';
import { eventually } from '@paymarket/platform/testing';
import { approvedCompany, ipsFrom, overrideEnv, startTestApp, type TestApp } from './support/integrator-test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

jest.setTimeout(120_000);

const PROVIDER = 'acct_1PMDemoPrintCo00001';
const freshIp = ipsFrom('10.97');

// ADR 0042: one integrator payment is one trace, from the gateway's HTTP request through the payments RPC, the
// outbox publish of payment.succeeded and notifications' event handler to the webhook POST, with correct parents.
describe('tracing one payment end to end', () => {
  let tracing: InMemoryTracing;
  let testApp: TestApp;
  let receiver: WebhookReceiver;
  let restoreEnv: () => void;
  const run = Date.now().toString(36);

  beforeAll(async () => {
    restoreEnv = overrideEnv({ WEBHOOK_POLL_MS: '100' });
    // Before the app starts: the gateway registers its request spans only when tracing is on.
    tracing = startInMemoryTracing();
    receiver = await startWebhookReceiver('/hooks');
    testApp = await startTestApp();
  });

  afterAll(async () => {
    await testApp?.close();
    await tracing?.shutdown();
    await receiver?.close();
    restoreEnv?.();
  });

  it('puts the request, the RPC, the event publish, its handler and the webhook delivery in one trace', async () => {
    const url = testApp.app.url;
    const company = await approvedCompany(url, 'Trace Prints', freshIp(), run);
    const api = {
      post: (path: string) => request(url).post(path).set('authorization', `Bearer ${company.secretKey}`),
    };
    await api
      .post('/api/v1/webhook-endpoints')
      .send({ url: receiver.url, events: ['payment.succeeded'] })
      .expect(201);
    const order = (
      await api
        .post('/api/v1/orders')
        .send({ orderId: `trace_${run}`, amount: '25.00', currency: 'usd', recipient: PROVIDER })
        .expect(201)
    ).body as ApiOrderView;
    const intent = (await api.post(`/api/v1/orders/${order.id}/payment-intent`).expect(200)).body as PaymentIntentResponse;

    // The one request under test: paying with the test card settles the order and publishes payment.succeeded.
    await api
      .post(`/api/v1/payments/${intent.paymentIntentId}/test-card`)
      .send({ cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' })
      .expect(200);

    const spans = (): ReadableSpan[] => tracing.exporter.getFinishedSpans();
    const webhookSpan = await eventually(
      async () => spans().find((s) => s.name === 'POST webhook payment.succeeded'),
      20_000,
      'the webhook delivery span',
    );
    const httpSpan = spans().find((s) => s.kind === SpanKind.SERVER && s.name === 'POST /api/v1/payments/:paymentIntentId/test-card');
    expect(httpSpan).toBeDefined();
    const traceId = httpSpan!.spanContext().traceId;
    const inTrace = spans().filter((s) => s.spanContext().traceId === traceId);
    const byId = new Map(inTrace.map((s) => [s.spanContext().spanId, s]));
    const parentOf = (s: ReadableSpan) => byId.get(s.parentSpanContext?.spanId ?? '');
    const ancestors = (s: ReadableSpan): ReadableSpan[] => {
      const chain: ReadableSpan[] = [];
      for (let p = parentOf(s); p; p = parentOf(p)) chain.push(p);
      return chain;
    };

    // The gateway's RPC to payments (CLIENT) and payments' handler (SERVER), its child across the broker.
    const rpcServer = inTrace.find((s) => s.kind === SpanKind.SERVER && s.name.startsWith('process payments.'));
    expect(rpcServer).toBeDefined();
    const rpcClient = parentOf(rpcServer!)!;
    expect(rpcClient.kind).toBe(SpanKind.CLIENT);
    expect(rpcClient.name).toBe(`send ${rpcServer!.name.slice('process '.length)}`);
    expect(rpcClient.attributes).toMatchObject({ 'messaging.system': 'rabbitmq', 'messaging.destination.name': 'paymarket' });
    expect(ancestors(rpcClient)).toContain(httpSpan);

    // The outbox row kept the handler's context: the relay's publish continues it, and notifications' handler follows.
    const publish = inTrace.find((s) => s.kind === SpanKind.PRODUCER && s.name === 'publish payment.succeeded');
    expect(publish).toBeDefined();
    expect(ancestors(publish!)).toContain(rpcServer);
    const consumers = inTrace.filter((s) => s.kind === SpanKind.CONSUMER && s.name === 'process payment.succeeded');
    expect(consumers.length).toBeGreaterThan(0);
    for (const consumer of consumers) expect(parentOf(consumer)).toBe(publish);

    // The delivery row kept notifications' context: the webhook POST is a CLIENT span under the event handler.
    expect(webhookSpan.spanContext().traceId).toBe(traceId);
    expect(webhookSpan.kind).toBe(SpanKind.CLIENT);
    expect(consumers).toContain(parentOf(webhookSpan));
    expect(webhookSpan.attributes).toMatchObject({ 'http.request.method': 'POST', 'http.response.status_code': 204 });

    // The receiver got the delivery's trace context.
    const delivery = receiver.received.find((r) => r.body.includes('"payment.succeeded"'));
    expect(delivery?.headers.traceparent).toBe(`00-${traceId}-${webhookSpan.spanContext().spanId}-01`);

    // The outbox row and the delivery row store the context they were written in.
    const outbox = await testApp.db.query(`SELECT trace_context FROM payments.outbox WHERE name = 'payment.succeeded'`);
    expect((outbox.rows[0] as { trace_context: { traceparent: string } }).trace_context.traceparent).toContain(traceId);
    const deliveries = await testApp.db.query(`SELECT trace_context FROM notifications.webhook_deliveries`);
    expect((deliveries.rows[0] as { trace_context: { traceparent: string } }).trace_context.traceparent).toContain(traceId);
  });
});
