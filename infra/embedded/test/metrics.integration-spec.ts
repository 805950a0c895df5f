import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import request from 'supertest';
import type { PaymentIntentResponse } from '@paymarket/contracts';
import { createTestDatabase, eventually, testMessagingRuntime, type TestDatabase } from '@paymarket/platform/testing';
import { startFakeSmtpServer, type FakeSmtpServer } from '../../observability/test/fake-smtp-server.js';
import { scrape, sumOf, type Sample } from '../../observability/test/prometheus-text.js';
import { startEmbedded, type EmbeddedPayMarket } from '../src/start-embedded.js';

jest.setTimeout(120_000);

const PROVIDER = 'acct_1PMDemoPrintCo00001';
let ipCounter = 1;
const freshIp = () => `10.78.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

// Embedded mode: one ops endpoint for the whole process (METRICS_PORT=0 picks a free port). One payment moves the
// series an operator watches: HTTP by route template, RPC on both sides, events published and consumed, the
// payments and email counters, and the outbox drains back to zero.
describe('metrics of one payment (embedded mode)', () => {
  let database: TestDatabase;
  let smtp: FakeSmtpServer;
  let app: EmbeddedPayMarket;
  let metricsUrl: string;
  const savedSmtpUrl = process.env.SMTP_URL;

  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
    process.env.SMTP_URL = smtp.url; // notifications delivers over SMTP, so emails are really "sent"
    database = await createTestDatabase();
    app = await startEmbedded({
      trustProxy: true,
      port: 0,
      host: '127.0.0.1',
      production: false,
      databaseUrl: database.url,
      dataDir: '',
      messaging: testMessagingRuntime(),
      metricsPort: 0,
    });
    metricsUrl = app.metricsUrl!;
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    await smtp?.close();
    if (savedSmtpUrl === undefined) delete process.env.SMTP_URL;
    else process.env.SMTP_URL = savedSmtpUrl;
  });

  async function signInBuyer(): Promise<{ cookie: string; email: string }> {
    const email = `metrics.${Date.now()}@example.com`;
    await request(app.url).post('/api/register-buyer').set('x-forwarded-for', freshIp()).send({ name: 'Meter', email }).expect(201);
    await request(app.url).post('/api/auth/sign-in/code').set('x-forwarded-for', freshIp()).send({ email }).expect(202);
    // Sent over SMTP, so the code is read from the SMTP sink (the stored copy loses it once sent).
    const code = await eventually(async () => smtp.signInCode(email), 15_000, 'the sign-in code');
    const verified = await request(app.url)
      .post('/api/auth/sign-in/verify')
      .set('x-forwarded-for', freshIp())
      .send({ email, code })
      .expect(200);
    return { cookie: String(verified.headers['set-cookie']).split(';')[0]!, email };
  }

  it('serves liveness, readiness (every service and the gateway) and Prometheus text on its own port', async () => {
    expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(metricsUrl).not.toBe(app.url.replace('localhost', '127.0.0.1'));
    expect((await fetch(`${metricsUrl}/health/live`)).status).toBe(200);
    const ready = await fetch(`${metricsUrl}/health/ready`);
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as { checks: Record<string, boolean> }).checks).toEqual({
      onboarding: true,
      catalog: true,
      payments: true,
      requests: true,
      notifications: true,
      gateway: true,
    });
    const samples = await scrape(metricsUrl);
    for (const service of ['gateway', 'onboarding', 'catalog', 'payments', 'requests', 'notifications']) {
      expect(sumOf(samples, 'paymarket_process_info', { service })).toBe(1);
    }
    // Never on the public port: there /metrics is only the web app's client-side fallback.
    const publicMetrics = await fetch(`${app.url}/metrics`);
    expect(await publicMetrics.text()).not.toContain('paymarket_');
  });

  it('moves the payment series by one payment and drains the outbox', async () => {
    const buyer = await signInBuyer();
    const orderId = `order_metrics_${Date.now()}`;
    const body = { orderId, amount: '25.00', currency: 'usd', printProviderStripeAccountId: PROVIDER };
    // Emails of the sign-in are sent before we measure.
    await eventually(async () => (smtp.messages.some((m) => m.to.includes(buyer.email)) ? true : undefined), 15_000, 'the sign-in email');
    await eventually(
      async () => (sumOf(await scrape(metricsUrl), 'paymarket_outbox_backlog') === 0 ? true : undefined),
      15_000,
      'a quiet outbox',
    );
    const before = await scrape(metricsUrl);

    await request(app.url)
      .post('/api/orders')
      .set('cookie', buyer.cookie)
      .send({ ...body, description: 'Metered order' })
      .expect(201);
    const intent = (await request(app.url).post('/api/create-payment-intent').set('cookie', buyer.cookie).send(body).expect(200))
      .body as PaymentIntentResponse;
    const paid = await request(app.url)
      .post(`/api/payments/${intent.paymentIntentId}/test-card`)
      .set('cookie', buyer.cookie)
      .send({ cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' })
      .expect(200);
    expect(paid.body).toMatchObject({ orderStatus: 'completed' });

    // The receipt is consumed by notifications and sent over SMTP; the outbox drains.
    const after = await eventually(
      async () => {
        const samples = await scrape(metricsUrl);
        const moved = (name: string, labels: Record<string, string>) => sumOf(samples, name, labels) - sumOf(before, name, labels);
        const settled =
          moved('paymarket_messages_consumed_total', { service: 'notifications', routing_key: 'payment.succeeded', outcome: 'ok' }) >= 1 &&
          moved('paymarket_emails_total', { service: 'notifications', outcome: 'sent' }) >= 1 &&
          sumOf(samples, 'paymarket_outbox_backlog') === 0;
        return settled ? samples : undefined;
      },
      20_000,
      'the receipt to be consumed and sent, and the outbox to drain',
    );
    const delta = (name: string, labels: Record<string, string> = {}) => sumOf(after, name, labels) - sumOf(before, name, labels);

    // HTTP, by route template (never the payment intent's id) and status.
    const testCardRoute = { service: 'gateway', route: '/api/payments/:paymentIntentId/test-card', method: 'POST', status: '200' };
    expect(delta('paymarket_http_requests_total', testCardRoute)).toBe(1);
    expect(delta('paymarket_http_request_duration_seconds_count', testCardRoute)).toBe(1);
    expect(delta('paymarket_http_requests_total', { route: '/api/orders', method: 'POST', status: '201' })).toBe(1);
    expect(delta('paymarket_http_requests_total', { route: '/api/create-payment-intent', method: 'POST', status: '200' })).toBe(1);
    expect(after.some((s) => s.labels.route?.includes(intent.paymentIntentId))).toBe(false);

    // RPC: the gateway's calls and the payments service's handling of the same patterns.
    for (const pattern of ['payments.create_order', 'payments.create_payment_intent', 'payments.confirm_test_card']) {
      expect(delta('paymarket_rpc_client_requests_total', { service: 'gateway', pattern, outcome: 'ok' })).toBe(1);
      expect(delta('paymarket_rpc_server_requests_total', { service: 'payments', pattern, outcome: 'ok' })).toBe(1);
      expect(delta('paymarket_rpc_server_request_duration_seconds_count', { service: 'payments', pattern })).toBe(1);
    }

    // Events: published once by payments, consumed by notifications; one payment counted; one email sent.
    expect(delta('paymarket_messages_published_total', { service: 'payments', routing_key: 'payment.succeeded' })).toBe(1);
    expect(delta('paymarket_messages_consumed_total', { service: 'notifications', routing_key: 'payment.succeeded', outcome: 'ok' })).toBe(
      1,
    );
    expect(
      delta('paymarket_inbox_messages_total', { service: 'notifications', consumer: 'payment-receipt-email', outcome: 'processed' }),
    ).toBe(1);
    expect(delta('paymarket_payments_total', { service: 'payments', outcome: 'succeeded' })).toBe(1);
    expect(delta('paymarket_emails_total', { service: 'notifications', outcome: 'sent' })).toBeGreaterThanOrEqual(1);
    expect(delta('paymarket_emails_total', { outcome: 'failed' })).toBe(0);
    expect(smtp.messages.filter((m) => m.to.includes(buyer.email)).length).toBeGreaterThanOrEqual(2);
    expect(sumOf(after, 'paymarket_outbox_backlog')).toBe(0);
    expect(sumOf(after, 'paymarket_outbox_oldest_unsent_age_seconds')).toBe(0);
    expect(sumOf(after, 'paymarket_dead_letter_queue_messages')).toBe(0);
    expect(delta('paymarket_messages_dead_lettered_total')).toBe(0);
  });

  it('never labels by raw URL: unknown paths count under the fallback template or one fixed label', async () => {
    const before: Sample[] = await scrape(metricsUrl);
    await request(app.url).get(`/api/no-such-route-${Date.now()}`).expect(404); // the web app's GET /* fallback
    await request(app.url).post(`/api/no-such-route-${Date.now()}`).send({}).expect(404); // no route at all
    const after = await scrape(metricsUrl);
    const moved = (labels: Record<string, string>) =>
      sumOf(after, 'paymarket_http_requests_total', labels) - sumOf(before, 'paymarket_http_requests_total', labels);
    expect(moved({ route: '/*', method: 'GET', status: '404' })).toBe(1);
    expect(moved({ route: '__unmatched__', method: 'POST', status: '404' })).toBe(1);
    expect(after.some((s) => s.labels.route?.includes('no-such-route'))).toBe(false);
  });
});
