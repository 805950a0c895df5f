import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createPayMarketClient, verifyWebhook, WebhookVerificationError, type PayMarketClient, type WebhookEvent } from '@paymarket/sdk';
import { eventually } from '@paymarket/platform/testing';
import type { EmbeddedPayMarket } from '../src/start-embedded.js';
import { overrideEnv, startTestApp, type TestApp } from './support/integrator-test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

jest.setTimeout(120_000);

const PROVIDER = 'acct_1PMDemoPrintCo00001';

// ADR 0035: an integrator's whole journey driven only through @paymarket/sdk (generated from the OpenAPI document):
// get API access, register a webhook endpoint, create an order, a payment intent, pay with a test card, list, refund,
// and receive the webhooks, verified with the SDK's verifyWebhook.
describe('@paymarket/sdk against the running app', () => {
  let t: TestApp;
  let app: EmbeddedPayMarket;
  let receiver: WebhookReceiver;
  let restoreEnv: () => void;
  const run = Date.now().toString(36);

  beforeAll(async () => {
    restoreEnv = overrideEnv({ WEBHOOK_POLL_MS: '100' });
    receiver = await startWebhookReceiver('/paymarket');
    t = await startTestApp();
    app = t.app;
  });

  afterAll(async () => {
    await t?.close();
    await receiver?.close();
    restoreEnv?.();
  });

  it('pays and refunds an order, and every webhook verifies with the endpoint secret', async () => {
    const anonymous = createPayMarketClient({ baseUrl: app.url, headers: { 'x-forwarded-for': '10.93.0.1' } });
    const access = await anonymous.POST('/api/request-api-access', {
      body: {
        name: 'SDK Prints',
        website: `https://sdkprints-${run}.com`,
        email: `ops@sdkprints-${run}.com`,
        businessType: 'saas',
        contactName: 'Ada Lovelace',
        contactPhone: '+1 416 555 0134',
        taxId: 'CA-123456789',
      },
    });
    expect(access.response.status).toBe(201);
    expect(access.data?.status).toBe('approved');
    const paymarket: PayMarketClient = createPayMarketClient({ baseUrl: app.url, apiKey: access.data!.credentials!.secretKey });

    // A typed error body for bad input.
    const refused = await paymarket.POST('/api/v1/orders', {
      body: { orderId: 'bad id!', amount: '1.00', currency: 'usd', recipient: PROVIDER },
    });
    expect(refused.response.status).toBe(400);
    expect(refused.error?.fields?.orderId).toHaveLength(1);

    const endpoint = await paymarket.POST('/api/v1/webhook-endpoints', {
      body: { url: receiver.url, events: ['payment.succeeded', 'payment.refunded', 'order.updated'], description: 'SDK test' },
    });
    expect(endpoint.response.status).toBe(201);
    const secret = endpoint.data!.secret;

    const order = await paymarket.POST('/api/v1/orders', {
      body: { orderId: `sdk_${run}`, amount: '40.00', currency: 'usd', recipient: PROVIDER, description: 'SDK order' },
      headers: { 'Idempotency-Key': `sdk-order-${run}` },
    });
    expect(order.response.status).toBe(201);
    const id = order.data!.id;

    const intent = await paymarket.POST('/api/v1/orders/{id}/payment-intent', { params: { path: { id } } });
    expect(intent.data).toMatchObject({ developmentMode: true, breakdown: { total: '43.56' } });
    const paid = await paymarket.POST('/api/v1/payments/{paymentIntentId}/test-card', {
      params: { path: { paymentIntentId: intent.data!.paymentIntentId } },
      body: { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
    });
    expect(paid.data).toMatchObject({ paymentStatus: 'succeeded', orderStatus: 'completed' });

    const list = await paymarket.GET('/api/v1/orders', { params: { query: { orderId: `sdk_${run}` } } });
    expect(list.data?.data.map((o) => o.id)).toEqual([id]);
    const read = await paymarket.GET('/api/v1/orders/{id}', { params: { path: { id } } });
    expect(read.data?.status).toBe('completed');

    // Transfers happen after success; the refund reverses them in proportion.
    await eventually(
      async () =>
        (await paymarket.GET('/api/v1/events', { params: { query: { type: 'payment.succeeded' } } })).data?.data.length ? true : undefined,
      15_000,
      'the payment.succeeded event',
    );
    const refund = await paymarket.POST('/api/v1/refunds', {
      // The document marks the key required on refunds (ADR 0049), so the SDK's types ask for it.
      params: { header: { 'Idempotency-Key': `sdk-refund-${run}` } },
      body: { order: id, amount: 1000, reason: 'requested_by_customer' },
    });
    expect(refund.response.status).toBe(201);
    expect(refund.data).toMatchObject({ orderId: id, amount: 1000, currency: 'usd', status: 'succeeded' });
    const refunds = await paymarket.GET('/api/v1/refunds', { params: { query: { order: id } } });
    expect(refunds.data?.data.map((r) => r.id)).toEqual([refund.data!.id]);

    // Every delivery verifies with the endpoint's secret through the SDK; a tampered one does not.
    const events = await eventually(
      async () => {
        const verified = receiver.received.map((r) => verifyWebhook(r.body, r.headers as Record<string, string>, secret));
        const types = verified.map((e) => e.type);
        return types.includes('payment.succeeded') && types.includes('payment.refunded') && types.includes('order.updated')
          ? verified
          : undefined;
      },
      20_000,
      'the webhooks',
    );
    const refunded = events.find((e): e is Extract<WebhookEvent, { type: 'payment.refunded' }> => e.type === 'payment.refunded')!;
    expect(refunded.data).toMatchObject({ orderId: `sdk_${run}`, refundedMinor: '1000' });
    expect(() =>
      verifyWebhook(receiver.received[0]!.body.replace('"', ' "'), receiver.received[0]!.headers as Record<string, string>, secret),
    ).toThrow(WebhookVerificationError);

    // The delivery log shows them, and the events API has what was sent.
    const deliveries = await paymarket.GET('/api/v1/webhook-endpoints/{id}/deliveries', { params: { path: { id: endpoint.data!.id } } });
    expect(deliveries.data?.data.every((d) => d.status === 'succeeded' || d.status === 'pending')).toBe(true);
    const missed = await paymarket.GET('/api/v1/events', { params: { query: { type: 'payment.refunded' } } });
    expect(missed.data?.data[0]?.data).toMatchObject({ orderId: `sdk_${run}` });
  });
});
