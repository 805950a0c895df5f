import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import pg from 'pg';
import request from 'supertest';
import {
  WEBHOOK_ENDPOINT_MESSAGES as M,
  type ApiAccessResponse,
  type EventName,
  type PaymentPayload,
  LIST_MESSAGES,
  WEBHOOK_DELIVERY_MESSAGES as D,
  type CreatedWebhookEndpoint,
  type EventList,
  type EventView,
  type WebhookDeliveryDetail,
  type WebhookDeliveryList,
  type WebhookDeliveryView,
  type WebhookEndpointList,
  type WebhookSecretView,
  type WebhookEndpointView,
} from '@paymarket/contracts';
import { startEmbedded, type EmbeddedPayMarket } from '@paymarket/embedded';
import { paymarketMetrics } from '@paymarket/platform';
import { createTestDatabase, eventually, testMessagingRuntime, type TestDatabase } from '@paymarket/platform/testing';
import { Webhook } from 'standardwebhooks';

jest.setTimeout(120_000);

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Settings shortened for the test (ADR 0033): retries after 300 ms, then 600 ms. */
const WEBHOOK_ENV = {
  WEBHOOK_RETRY_SCHEDULE_MS: '300,600',
  WEBHOOK_MAX_ATTEMPTS: '4',
  WEBHOOK_TIMEOUT_MS: '2000',
  WEBHOOK_POLL_MS: '100',
  WEBHOOK_MAINTENANCE_MS: '200',
  WEBHOOK_DISABLE_AFTER_MS: '60000',
};

// ADR 0033/0036 end to end over HTTP: an approved company registers webhook endpoints with its secret key, and events
// are POSTed to a local receiver, signed per Standard Webhooks with each endpoint's own whsec_…, with retries.
describe('integrator webhooks, end to end over HTTP', () => {
  let database: TestDatabase;
  let app: EmbeddedPayMarket;
  let db: pg.Client;
  let receiver: http.Server;
  let receiverUrl: string;
  const received: Received[] = [];
  /** How many more times a path answers 500 before it answers 200. */
  const failuresLeft = new Map<string, number>();
  const saved: Record<string, string | undefined> = {};
  const run = Date.now().toString(36);
  let client = 0;
  const fromNewClient = () => `10.78.${Math.floor(++client / 250)}.${client % 250}`;

  interface Company {
    id: string;
    secretKey: string;
  }
  let acme: Company;
  let globex: Company;

  const approvedCompany = async (name: string): Promise<Company> => {
    const response = await request(app.url)
      .post('/api/request-api-access')
      .set('x-forwarded-for', fromNewClient())
      .send({
        name,
        website: `https://${name.toLowerCase()}-${run}.com`,
        email: `ops@${name.toLowerCase()}-${run}.com`,
        businessType: 'saas',
        contactName: 'Ada Lovelace',
        contactPhone: '+1 416 555 0134',
        taxId: 'CA-123456789',
      })
      .expect(201);
    const body = response.body as ApiAccessResponse;
    expect(body.status).toBe('approved');
    return { id: body.company.id, secretKey: body.credentials!.secretKey };
  };

  const api = (company: Company | null) => ({
    post: (path: string, body?: object) => {
      const r = body === undefined ? request(app.url).post(path) : request(app.url).post(path).send(body);
      return company ? r.set('authorization', `Bearer ${company.secretKey}`) : r;
    },
    patch: (path: string, body: object) => {
      const r = request(app.url).patch(path).send(body);
      return company ? r.set('authorization', `Bearer ${company.secretKey}`) : r;
    },
    get: (path: string) => {
      const r = request(app.url).get(path);
      return company ? r.set('authorization', `Bearer ${company.secretKey}`) : r;
    },
    delete: (path: string) => {
      const r = request(app.url).delete(path);
      return company ? r.set('authorization', `Bearer ${company.secretKey}`) : r;
    },
  });

  /** Each endpoint's secret, by its receiver path. */
  const secretOf = new Map<string, string>();
  const register = async (company: Company, path: string, events: string[]): Promise<CreatedWebhookEndpoint> => {
    const created = (
      await api(company)
        .post('/api/v1/webhook-endpoints', { url: `${receiverUrl}${path}`, events })
        .expect(201)
    ).body as CreatedWebhookEndpoint;
    secretOf.set(path, created.secret);
    return created;
  };

  /** What an integrator runs: the Standard Webhooks library, with the endpoint's secret. */
  const verified = (r: Received, secret = secretOf.get(r.path)!): unknown =>
    new Webhook(secret).verify(r.body, {
      'webhook-id': String(r.headers['webhook-id']),
      'webhook-timestamp': String(r.headers['webhook-timestamp']),
      'webhook-signature': String(r.headers['webhook-signature']),
    });

  /** Publishes an event the way its producer does: a row in the producer's outbox, sent by its relay. */
  const publish = async (schema: 'payments' | 'catalog', name: EventName, payload: object): Promise<string> => {
    const id = randomUUID();
    await db.query(
      `INSERT INTO ${schema}.outbox (id, name, producer, payload, correlation_id, occurred_at) VALUES ($1, $2, $3, $4, $5, now())`,
      [id, name, schema, JSON.stringify(payload), `test-${id}`],
    );
    return id;
  };

  const payment = (companyId: string | null): PaymentPayload => ({
    orderId: `order_${randomUUID().slice(0, 8)}`,
    companyId,
    paymentIntentId: `pi_${randomUUID().replace(/-/g, '').slice(0, 24)}`,
    currency: 'usd',
    totalMinor: '2500',
    buyerEmail: null,
    kind: 'order',
    buyerName: null,
    description: 'Poster',
    amountMinor: '2500',
    feeMinor: '250',
    recipients: [],
  });

  const at = (path: string) => received.filter((r) => r.path === path);
  /** order.updated deliveries notifications has handled so far (its consumer metric). */
  const orderUpdatesHandled = async () =>
    (await paymarketMetrics.messagesConsumed.get()).values
      .filter((v) => v.labels.service === 'notifications' && v.labels.routing_key === 'order.updated' && v.labels.outcome === 'ok')
      .reduce((sum, v) => sum + v.value, 0);
  const eventIdOf = (r: Received) => String(r.headers['webhook-id']);
  /** Waits until notifications has handled the event and nothing about it is still pending. */
  const settled = (eventId: string) =>
    eventually(
      async () => {
        const handled = await db.query(`SELECT 1 FROM notifications.inbox WHERE event_id = $1 AND consumer = 'integrator-webhooks'`, [
          eventId,
        ]);
        const pending = await db.query(`SELECT 1 FROM notifications.webhook_deliveries WHERE event_id = $1 AND status = 'pending'`, [
          eventId,
        ]);
        return handled.rows.length === 1 && pending.rows.length === 0 ? true : undefined;
      },
      15_000,
      `event ${eventId} handled`,
    );

  beforeAll(async () => {
    for (const [key, value] of Object.entries(WEBHOOK_ENV)) {
      saved[key] = process.env[key];
      process.env[key] = value;
    }
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '';
        received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        const left = failuresLeft.get(path) ?? 0;
        if (left > 0) failuresLeft.set(path, left - 1);
        res.writeHead(left > 0 ? 500 : 200, { 'content-type': 'text/plain' }).end(left > 0 ? 'boom' : 'ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    database = await createTestDatabase();
    app = await startEmbedded({
      trustProxy: true,
      port: 0,
      host: '127.0.0.1',
      production: false,
      databaseUrl: database.url,
      dataDir: '',
      messaging: testMessagingRuntime(),
    });
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    acme = await approvedCompany('Acme');
    globex = await approvedCompany('Globex');
  });

  afterAll(async () => {
    await db?.end();
    await app?.close();
    await database?.drop();
    await new Promise((resolve) => receiver?.close(resolve));
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });

  it('registers, lists and deletes endpoints with the secret key, scoped to the caller’s company', async () => {
    await api(null).get('/api/v1/webhook-endpoints').expect(401);
    await api(null)
      .post('/api/v1/webhook-endpoints', { url: `${receiverUrl}/x`, events: ['payment.succeeded'] })
      .expect(401);
    await api(null).delete(`/api/v1/webhook-endpoints/${randomUUID()}`).expect(401);

    const bad = async (body: object, field: string, message: string) => {
      const response = await api(acme).post('/api/v1/webhook-endpoints', body).expect(400);
      expect(response.body.fields?.[field]).toEqual([message]);
    };
    await bad({ url: 'http://hooks.example.com/in', events: ['payment.succeeded'] }, 'url', M.URL);
    await bad({ url: 'not a url', events: ['payment.succeeded'] }, 'url', M.URL);
    await bad({ url: 'http://user:pw@127.0.0.1/in', events: ['payment.succeeded'] }, 'url', M.URL_CREDENTIALS);
    await bad({ events: ['payment.succeeded'] }, 'url', M.URL);
    await bad({ url: `${receiverUrl}/in`, events: ['payment.exploded'] }, 'events', M.EVENTS);
    await bad({ url: `${receiverUrl}/in`, events: [] }, 'events', M.EVENTS);
    await bad({ url: `${receiverUrl}/in`, events: 'payment.succeeded' }, 'events', M.EVENTS);

    const created = await register(acme, '/crud', ['payment.succeeded', 'order.updated']);
    const view = {
      id: expect.any(String),
      url: `${receiverUrl}/crud`,
      description: null,
      events: ['payment.succeeded', 'order.updated'],
      enabled: true,
      disabledReason: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    };
    expect(created).toEqual({ ...view, secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32}$/) });
    // The secret comes once with the creation, and on request from /secret; never in lists or views.
    const mine = (await api(acme).get('/api/v1/webhook-endpoints').expect(200)).body as WebhookEndpointList;
    expect(mine.data.map((e) => e.id)).toContain(created.id);
    expect(JSON.stringify(mine)).not.toContain('whsec_');
    expect((await api(acme).get(`/api/v1/webhook-endpoints/${created.id}`).expect(200)).body).toEqual(view);
    expect((await api(acme).get(`/api/v1/webhook-endpoints/${created.id}/secret`).expect(200)).body).toEqual({
      secret: created.secret,
      previousSecretExpiresAt: null,
    });
    // Stored encrypted: the clear secret is nowhere in the table.
    const stored = await db.query(`SELECT secret_ciphertext FROM notifications.webhook_endpoints WHERE id = $1`, [created.id]);
    expect(stored.rows[0].secret_ciphertext).toMatch(/^v1:/);
    expect(stored.rows[0].secret_ciphertext).not.toContain(created.secret.slice(6));
    // PATCH: disable and re-enable, edit events and description; bad fields named.
    const disabled = (await api(acme).patch(`/api/v1/webhook-endpoints/${created.id}`, { enabled: false }).expect(200)).body;
    expect(disabled).toMatchObject({ enabled: false, disabledReason: 'manual' });
    const edited = (
      await api(acme)
        .patch(`/api/v1/webhook-endpoints/${created.id}`, { enabled: true, events: ['order.updated'], description: 'Orders feed' })
        .expect(200)
    ).body;
    expect(edited).toMatchObject({ enabled: true, disabledReason: null, events: ['order.updated'], description: 'Orders feed' });
    expect((await api(acme).patch(`/api/v1/webhook-endpoints/${created.id}`, { enabled: 'yes' }).expect(400)).body.fields).toEqual({
      enabled: [M.ENABLED],
    });
    expect(
      (
        await api(acme)
          .patch(`/api/v1/webhook-endpoints/${created.id}`, { events: ['nope'] })
          .expect(400)
      ).body.fields,
    ).toEqual({
      events: [M.EVENTS],
    });
    expect((await api(acme).patch(`/api/v1/webhook-endpoints/${created.id}`, {}).expect(400)).body.message).toBe(M.EMPTY_UPDATE);
    expect(
      (await api(acme).post(`/api/v1/webhook-endpoints/${created.id}/secret/roll`, { expiresInHours: 25 }).expect(400)).body.fields,
    ).toEqual({ expiresInHours: [M.EXPIRES_IN_HOURS] });
    await api(globex).get(`/api/v1/webhook-endpoints/${created.id}`).expect(404);
    await api(globex).get(`/api/v1/webhook-endpoints/${created.id}/secret`).expect(404);
    await api(globex).patch(`/api/v1/webhook-endpoints/${created.id}`, { enabled: false }).expect(404);
    await api(globex).post(`/api/v1/webhook-endpoints/${created.id}/secret/roll`, {}).expect(404);
    // Another company neither sees nor deletes it.
    const theirs = (await api(globex).get('/api/v1/webhook-endpoints').expect(200)).body as WebhookEndpointList;
    expect(theirs.data.map((e) => e.id)).not.toContain(created.id);
    await api(globex).delete(`/api/v1/webhook-endpoints/${created.id}`).expect(404);
    await api(acme).delete('/api/v1/webhook-endpoints/not-a-uuid').expect(404);
    await api(acme).delete(`/api/v1/webhook-endpoints/${created.id}`).expect(200, { deleted: true });
    await api(acme).delete(`/api/v1/webhook-endpoints/${created.id}`).expect(404);
    // Each change made is one audit row (ADR 0075), by the company's key, from the caller's address; a refused change, a
    // read or a reveal is none, and no row holds a secret.
    const audited = await db.query(
      `SELECT payload FROM notifications.outbox WHERE name = 'audit.recorded' AND payload->'target'->>'id' = $1 ORDER BY seq`,
      [created.id],
    );
    const rows = audited.rows.map((r: { payload: Record<string, unknown> }) => r.payload);
    expect(rows.map((r) => r.action)).toEqual([
      'webhook_endpoint.created',
      'webhook_endpoint.updated',
      'webhook_endpoint.updated',
      'webhook_endpoint.deleted',
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({ actor: { type: 'api_key', id: expect.any(String) }, companyId: acme.id, ip: expect.any(String) });
    }
    expect(rows[2]).toMatchObject({
      before: { enabled: false, disabledReason: 'manual', events: ['payment.succeeded', 'order.updated'], description: null },
      after: { enabled: true, disabledReason: null, events: ['order.updated'], description: 'Orders feed' },
    });
    expect(JSON.stringify(rows)).not.toContain('whsec_');
    const after = (await api(acme).get('/api/v1/webhook-endpoints').expect(200)).body as WebhookEndpointList;
    expect(after.data.map((e) => e.id)).not.toContain(created.id);
  });

  it("delivers an event for the company once, signed with the endpoint's secret (Standard Webhooks)", async () => {
    await register(acme, '/acme-payments', ['payment.succeeded']);
    await register(globex, '/globex-payments', ['payment.succeeded']);
    const data = payment(acme.id);
    const eventId = await publish('payments', 'payment.succeeded', data);
    const [delivery] = await eventually(
      async () => (at('/acme-payments').length > 0 ? at('/acme-payments') : undefined),
      15_000,
      'delivery',
    );
    expect(delivery!.headers['content-type']).toBe('application/json');
    expect(delivery!.headers['user-agent']).toMatch(/^PayMarket-Webhooks\//);
    expect(delivery!.headers['webhook-id']).toBe(eventId);
    expect(delivery!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    // What an integrator runs (/documentation.html#webhooks): it verifies with this endpoint's secret only.
    expect(verified(delivery!)).toEqual({ type: 'payment.succeeded', timestamp: expect.any(String), data });
    expect(() => verified(delivery!, secretOf.get('/globex-payments'))).toThrow();
    await settled(eventId);
    // Redelivered by the broker (the relay sends it again): still one request.
    await db.query(`UPDATE payments.outbox SET sent_at = NULL WHERE id = $1`, [eventId]);
    await eventually(
      async () => ((await db.query(`SELECT sent_at FROM payments.outbox WHERE id = $1`, [eventId])).rows[0].sent_at ? true : undefined),
      10_000,
      'the event sent again',
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(at('/acme-payments').filter((r) => eventIdOf(r) === eventId)).toHaveLength(1);
    // Another company's endpoint gets nothing of it.
    expect(at('/globex-payments')).toHaveLength(0);
    const rows = await db.query(`SELECT status, attempts, last_status_code FROM notifications.webhook_deliveries WHERE event_id = $1`, [
      eventId,
    ]);
    expect(rows.rows).toEqual([{ status: 'succeeded', attempts: 1, last_status_code: 200 }]);
  });

  it('rolls the secret: both signatures during the overlap, only the new one after an immediate roll; disabled endpoints get nothing', async () => {
    const endpoint = await register(acme, '/rolled', ['order.updated']);
    const oldSecret = endpoint.secret;
    const rolled = (await api(acme).post(`/api/v1/webhook-endpoints/${endpoint.id}/secret/roll`).expect(201)).body as WebhookSecretView;
    expect(rolled.secret).not.toBe(oldSecret);
    expect(Date.parse(rolled.previousSecretExpiresAt!)).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    const first = await publish('payments', 'order.updated', { orderId: 'order_r1', companyId: acme.id, status: 'paid' });
    await eventually(async () => (at('/rolled').length > 0 ? true : undefined), 15_000, 'delivery during the overlap');
    const [during] = at('/rolled');
    expect(eventIdOf(during!)).toBe(first);
    expect(String(during!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verified(during!, oldSecret)).toBeTruthy();
    expect(verified(during!, rolled.secret)).toBeTruthy();

    const now = (await api(acme).post(`/api/v1/webhook-endpoints/${endpoint.id}/secret/roll`, { expiresInHours: 0 }).expect(201))
      .body as WebhookSecretView;
    expect(now.previousSecretExpiresAt).toBeNull();
    const second = await publish('payments', 'order.updated', { orderId: 'order_r2', companyId: acme.id, status: 'paid' });
    await eventually(async () => (at('/rolled').length > 1 ? true : undefined), 15_000, 'delivery after the roll');
    const after = at('/rolled')[1]!;
    expect(eventIdOf(after)).toBe(second);
    expect(verified(after, now.secret)).toBeTruthy();
    expect(() => verified(after, rolled.secret)).toThrow();

    await api(acme).patch(`/api/v1/webhook-endpoints/${endpoint.id}`, { enabled: false }).expect(200);
    const third = await publish('payments', 'order.updated', { orderId: 'order_r3', companyId: acme.id, status: 'paid' });
    await settled(third);
    expect(at('/rolled')).toHaveLength(2);
  });

  it('retries a receiver answering 500 with backoff until it answers 2xx, with the same event id', async () => {
    failuresLeft.set('/flaky', 2);
    await register(acme, '/flaky', ['payment.failed']);
    const eventId = await publish('payments', 'payment.failed', { ...payment(acme.id), reason: 'card_declined' });
    await eventually(async () => (at('/flaky').length >= 3 ? true : undefined), 15_000, 'three attempts');
    await settled(eventId);
    const attempts = at('/flaky');
    expect(attempts).toHaveLength(3);
    expect(attempts.map(eventIdOf)).toEqual([eventId, eventId, eventId]);
    for (const a of attempts) expect(verified(a)).toMatchObject({ type: 'payment.failed' });
    const rows = await db.query(`SELECT status, attempts, last_status_code FROM notifications.webhook_deliveries WHERE event_id = $1`, [
      eventId,
    ]);
    expect(rows.rows).toEqual([{ status: 'succeeded', attempts: 3, last_status_code: 200 }]);
  });

  it('gives up after the maximum attempts', async () => {
    failuresLeft.set('/down', 100);
    await register(acme, '/down', ['payment.refunded']);
    const eventId = await publish('payments', 'payment.refunded', { ...payment(acme.id), refundedMinor: '500', refundedTotalMinor: '500' });
    await settled(eventId);
    expect(at('/down')).toHaveLength(4);
    const rows = await db.query(`SELECT status, attempts, last_status_code FROM notifications.webhook_deliveries WHERE event_id = $1`, [
      eventId,
    ]);
    expect(rows.rows).toEqual([{ status: 'failed', attempts: 4, last_status_code: 500 }]);
    // The endpoint's failure streak started with the first failed attempt (auto-disable counts from it).
    const streak = await db.query(
      `SELECT e.failing_since FROM notifications.webhook_endpoints e JOIN notifications.webhook_deliveries d ON d.endpoint_id = e.id
        WHERE d.event_id = $1`,
      [eventId],
    );
    expect(streak.rows[0].failing_since).toBeInstanceOf(Date);
  });

  it('sends nothing to an endpoint not subscribed to the event, nor for an order without a company', async () => {
    await register(acme, '/orders-only', ['order.updated']);
    const pendingEvent = await publish('payments', 'payment.pending', payment(acme.id));
    const updatesBefore = await orderUpdatesHandled();
    const noCompany = await publish('payments', 'order.updated', { orderId: 'order_x', companyId: null, status: 'paid' });
    await settled(pendingEvent);
    await eventually(
      async () => ((await orderUpdatesHandled()) > updatesBefore ? true : undefined),
      15_000,
      'the company-less order.updated',
    );
    // Nothing to send and nothing to remember: not even an inbox row (ADR 0048).
    expect((await db.query(`SELECT 1 FROM notifications.inbox WHERE event_id = $1`, [noCompany])).rows).toEqual([]);
    const counted = await db.query(`SELECT count(*)::int AS n FROM notifications.webhook_deliveries WHERE event_id IN ($1, $2)`, [
      pendingEvent,
      noCompany,
    ]);
    expect(counted.rows[0].n).toBe(0);
    expect(at('/orders-only')).toHaveLength(0);
    const updated = await publish('payments', 'order.updated', { orderId: 'order_y', companyId: acme.id, status: 'paid' });
    await eventually(async () => (at('/orders-only').length > 0 ? true : undefined), 15_000, 'the order.updated delivery');
    expect(at('/orders-only').map(eventIdOf)).toEqual([updated]);
  });

  it('sends provider.connected to the subscribed endpoints of every company', async () => {
    await register(acme, '/acme-providers', ['provider.connected', 'payment.succeeded']);
    await register(globex, '/globex-providers', ['provider.connected']);
    await register(globex, '/globex-no-providers', ['payment.refunded']);
    const data = { providerId: randomUUID(), name: 'Maple Ink', stripeAccountId: 'acct_1PMDemoMapleInk0002', applicationId: null };
    const eventId = await publish('catalog', 'provider.connected', data);
    await eventually(
      async () => (at('/acme-providers').length > 0 && at('/globex-providers').length > 0 ? true : undefined),
      15_000,
      'both deliveries',
    );
    await settled(eventId);
    const [toAcme] = at('/acme-providers');
    const [toGlobex] = at('/globex-providers');
    expect(verified(toAcme!)).toEqual({ type: 'provider.connected', timestamp: expect.any(String), data });
    expect(verified(toGlobex!)).toEqual({ type: 'provider.connected', timestamp: expect.any(String), data });
    expect(eventIdOf(toAcme!)).toBe(eventId);
    expect(at('/globex-no-providers')).toHaveLength(0);
    expect(
      received
        .filter((r) => eventIdOf(r) === eventId)
        .map((r) => r.path)
        .sort(),
    ).toEqual(['/acme-providers', '/globex-providers']);
  });
  it('logs every attempt (status, latency, the first 1 KB of the answer), lists with filters and a cursor, and resends', async () => {
    failuresLeft.set('/logged', 1);
    const endpoint = await register(acme, '/logged', ['payment.failed', 'order.updated']);
    const failedEvent = await publish('payments', 'payment.failed', { ...payment(acme.id), reason: 'card_declined' });
    await settled(failedEvent);
    const updates: string[] = [];
    for (const n of [1, 2, 3]) {
      updates.push(await publish('payments', 'order.updated', { orderId: `order_log${n}`, companyId: acme.id, status: 'paid' }));
    }
    for (const id of updates) await settled(id);

    const all = (await api(acme).get(`/api/v1/webhook-endpoints/${endpoint.id}/deliveries`).expect(200)).body as WebhookDeliveryList;
    // Newest first (the three updates may be consumed in any order, all after the failed payment's delivery).
    expect(all.data.map((d) => d.eventId).sort()).toEqual([...updates, failedEvent].sort());
    expect(all.data.at(-1)!.eventId).toBe(failedEvent);
    const times = all.data.map((d) => Date.parse(d.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const first = all.data.at(-1)!;
    expect(first).toMatchObject({
      endpointId: endpoint.id,
      eventType: 'payment.failed',
      status: 'succeeded',
      attempts: 2,
      lastStatusCode: 200,
    });
    const detail = (await api(acme).get(`/api/v1/webhook-deliveries/${first.id}`).expect(200)).body as WebhookDeliveryDetail;
    expect(detail.attemptLog).toEqual([
      {
        id: expect.any(String),
        attemptedAt: expect.any(String),
        statusCode: 500,
        durationMs: expect.any(Number),
        responseBody: 'boom',
        error: 'HTTP 500',
      },
      {
        id: expect.any(String),
        attemptedAt: expect.any(String),
        statusCode: 200,
        durationMs: expect.any(Number),
        responseBody: 'ok',
        error: null,
      },
    ]);

    const byType = (await api(acme).get(`/api/v1/webhook-endpoints/${endpoint.id}/deliveries?eventType=payment.failed`).expect(200))
      .body as WebhookDeliveryList;
    expect(byType.data.map((d) => d.eventId)).toEqual([failedEvent]);
    const none = (await api(acme).get(`/api/v1/webhook-endpoints/${endpoint.id}/deliveries?status=failed`).expect(200))
      .body as WebhookDeliveryList;
    expect(none.data).toEqual([]);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect(
      ((await api(acme).get(`/api/v1/webhook-endpoints/${endpoint.id}/deliveries?since=${future}`).expect(200)).body as WebhookDeliveryList)
        .data,
    ).toEqual([]);
    const page1 = (await api(acme).get(`/api/v1/webhook-endpoints/${endpoint.id}/deliveries?limit=2`).expect(200))
      .body as WebhookDeliveryList;
    expect(page1.data).toHaveLength(2);
    const page2 = (
      await api(acme).get(`/api/v1/webhook-endpoints/${endpoint.id}/deliveries?limit=2&cursor=${page1.nextCursor}`).expect(200)
    ).body as WebhookDeliveryList;
    expect([...page1.data, ...page2.data].map((d) => d.id)).toEqual(all.data.map((d) => d.id));
    expect(page2.nextCursor).toBeNull();

    const bad = await api(acme)
      .get(`/api/v1/webhook-endpoints/${endpoint.id}/deliveries?status=lost&limit=0&since=yesterday&cursor=x!`)
      .expect(400);
    expect(bad.body.fields).toEqual({
      status: [LIST_MESSAGES.STATUS],
      limit: [LIST_MESSAGES.LIMIT],
      since: [LIST_MESSAGES.SINCE],
      cursor: [LIST_MESSAGES.CURSOR],
    });
    await api(globex).get(`/api/v1/webhook-endpoints/${endpoint.id}/deliveries`).expect(404);
    await api(globex).get(`/api/v1/webhook-deliveries/${first.id}`).expect(404);
    await api(globex).post(`/api/v1/webhook-deliveries/${first.id}/resend`).expect(404);

    // Resend: the same body and webhook-id again, logged as a third attempt.
    const before = at('/logged').length;
    const resent = (await api(acme).post(`/api/v1/webhook-deliveries/${first.id}/resend`).expect(202)).body as WebhookDeliveryView;
    expect(resent).toMatchObject({ id: first.id, status: 'pending' });
    await eventually(async () => (at('/logged').length > before ? true : undefined), 15_000, 'the resend');
    const again = at('/logged').at(-1)!;
    expect(eventIdOf(again)).toBe(failedEvent);
    expect(again.body).toBe(at('/logged').find((r) => eventIdOf(r) === failedEvent)!.body);
    expect(verified(again)).toMatchObject({ type: 'payment.failed' });
    await eventually(
      async () => {
        const d = (await api(acme).get(`/api/v1/webhook-deliveries/${first.id}`).expect(200)).body as WebhookDeliveryDetail;
        return d.status === 'succeeded' && d.attemptLog.length === 3 ? true : undefined;
      },
      10_000,
      'the resend logged',
    );
  });

  it('sends a test event to one endpoint, and replays failed deliveries since a time', async () => {
    const endpoint = await register(acme, '/replayed', ['order.updated']);
    const test = (await api(acme).post(`/api/v1/webhook-endpoints/${endpoint.id}/test`).expect(202)).body as WebhookDeliveryView;
    expect(test).toMatchObject({ endpointId: endpoint.id, eventType: 'webhook.test', status: 'pending' });
    await eventually(async () => (at('/replayed').length > 0 ? true : undefined), 15_000, 'the test event');
    expect(verified(at('/replayed')[0]!)).toMatchObject({ type: 'webhook.test', data: { endpointId: endpoint.id } });
    await api(globex).post(`/api/v1/webhook-endpoints/${endpoint.id}/test`).expect(404);
    expect(
      (await api(acme).post(`/api/v1/webhook-endpoints/${endpoint.id}/test`, { type: 'payment.succeeded' }).expect(400)).body.fields,
    ).toEqual({ type: [M.TEST_TYPE] });

    failuresLeft.set('/replayed', 100);
    const start = new Date(Date.now() - 1000).toISOString();
    const lost = await publish('payments', 'order.updated', { orderId: 'order_lost', companyId: acme.id, status: 'paid' });
    await settled(lost);
    const failed = (await api(acme).get(`/api/v1/webhook-endpoints/${endpoint.id}/deliveries?status=failed`).expect(200))
      .body as WebhookDeliveryList;
    expect(failed.data.map((d) => d.eventId)).toEqual([lost]);

    failuresLeft.set('/replayed', 0);
    const bad = await api(acme)
      .post(`/api/v1/webhook-endpoints/${endpoint.id}/replay`, { since: new Date(Date.now() + 3_600_000).toISOString() })
      .expect(400);
    expect(bad.body.fields).toEqual({ since: [D.REPLAY_SINCE] });
    await api(acme).post(`/api/v1/webhook-endpoints/${endpoint.id}/replay`, {}).expect(400);
    await api(globex).post(`/api/v1/webhook-endpoints/${endpoint.id}/replay`, { since: start }).expect(404);
    expect((await api(acme).post(`/api/v1/webhook-endpoints/${endpoint.id}/replay`, { since: start }).expect(202)).body).toEqual({
      queued: 1,
    });
    await eventually(
      async () => (at('/replayed').some((r) => eventIdOf(r) === lost && r === at('/replayed').at(-1)) ? true : undefined),
      15_000,
      'the replay',
    );
    await settled(lost);
    const after = (await api(acme).get(`/api/v1/webhook-endpoints/${endpoint.id}/deliveries?eventType=order.updated`).expect(200))
      .body as WebhookDeliveryList;
    expect(after.data[0]).toMatchObject({ eventId: lost, status: 'succeeded', lastStatusCode: 200 });

    // A disabled endpoint is not replayed; a deleted one is not found.
    await api(acme).patch(`/api/v1/webhook-endpoints/${endpoint.id}`, { enabled: false }).expect(200);
    expect((await api(acme).post(`/api/v1/webhook-endpoints/${endpoint.id}/replay`, { since: start }).expect(409)).body.message).toBe(
      D.ENDPOINT_DISABLED,
    );
    expect((await api(acme).post(`/api/v1/webhook-endpoints/${endpoint.id}/test`, {}).expect(409)).body.message).toBe(M.TEST_DISABLED);
    await api(acme).delete(`/api/v1/webhook-endpoints/${endpoint.id}`).expect(200);
    await api(acme).post(`/api/v1/webhook-endpoints/${endpoint.id}/replay`, { since: start }).expect(404);
  });

  it('keeps the events a company may receive for GET /api/v1/events, filtered and paged, never another company’s', async () => {
    const mine: string[] = [];
    for (const n of [1, 2])
      mine.push(await publish('payments', 'order.updated', { orderId: `order_ev${n}`, companyId: acme.id, status: 'paid' }));
    const theirs = await publish('payments', 'order.updated', { orderId: 'order_ev_g', companyId: globex.id, status: 'paid' });
    const paid = await publish('payments', 'payment.succeeded', payment(acme.id));
    for (const id of [...mine, theirs, paid]) await settled(id);

    const list = (await api(acme).get('/api/v1/events?type=order.updated&limit=100').expect(200)).body as EventList;
    const ids = list.data.map((e) => e.id);
    expect(ids).toEqual(expect.arrayContaining(mine));
    expect(ids).not.toContain(theirs);
    const times = list.data.map((e) => Date.parse(e.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const one = (await api(acme).get(`/api/v1/events/${paid}`).expect(200)).body as EventView;
    expect(one).toEqual({
      id: paid,
      type: 'payment.succeeded',
      createdAt: expect.any(String),
      data: expect.objectContaining({ companyId: acme.id }),
    });
    await api(globex).get(`/api/v1/events/${paid}`).expect(404);
    expect(((await api(globex).get('/api/v1/events?limit=100').expect(200)).body as EventList).data.map((e) => e.id)).toContain(theirs);

    const page1 = (await api(acme).get('/api/v1/events?limit=1').expect(200)).body as EventList;
    const page2 = (await api(acme).get(`/api/v1/events?limit=1&cursor=${page1.nextCursor}`).expect(200)).body as EventList;
    expect(page2.data[0]!.id).not.toBe(page1.data[0]!.id);
    const later = new Date(Date.now() + 60_000).toISOString();
    expect(((await api(acme).get(`/api/v1/events?since=${later}`).expect(200)).body as EventList).data).toEqual([]);
    expect((await api(acme).get('/api/v1/events?type=payment.exploded').expect(400)).body.fields).toEqual({ type: [LIST_MESSAGES.TYPE] });
    await api(null).get('/api/v1/events').expect(401);
  });

  it('removes deliveries and events older than 30 days, and disables an endpoint failing for 5 days, emailing the company', async () => {
    const endpoint = await register(acme, '/old', ['order.updated']);
    const old = await publish('payments', 'order.updated', { orderId: 'order_old', companyId: acme.id, status: 'paid' });
    await settled(old);
    await db.query(`UPDATE notifications.webhook_deliveries SET created_at = now() - interval '31 days' WHERE event_id = $1`, [old]);
    await db.query(`UPDATE notifications.integrator_events SET occurred_at = now() - interval '31 days' WHERE id = $1`, [old]);
    await eventually(
      async () => {
        const rows = await db.query(
          `SELECT (SELECT count(*)::int FROM notifications.webhook_deliveries WHERE event_id = $1) +
                  (SELECT count(*)::int FROM notifications.integrator_events WHERE id = $1) AS n`,
          [old],
        );
        return rows.rows[0].n === 0 ? true : undefined;
      },
      10_000,
      'old rows removed',
    );
    await api(acme).get(`/api/v1/events/${old}`).expect(404);

    // Failing continuously for longer than the threshold (WEBHOOK_DISABLE_AFTER_MS, 1 minute here; back-dated by 2):
    // disabled, and the company's contact emailed.
    await db.query(`UPDATE notifications.webhook_endpoints SET failing_since = now() - interval '2 minutes' WHERE id = $1`, [endpoint.id]);
    await eventually(
      async () => {
        const view = (await api(acme).get(`/api/v1/webhook-endpoints/${endpoint.id}`).expect(200)).body as WebhookEndpointView;
        return view.enabled === false && view.disabledReason === 'failing' ? true : undefined;
      },
      10_000,
      'the endpoint disabled',
    );
    const mail = await eventually(
      async () => {
        const rows = await db.query(
          `SELECT to_address AS "to", subject, text FROM notifications.emails WHERE subject = 'A PayMarket webhook endpoint was disabled'`,
        );
        return rows.rows.find((r) => String(r.text).includes(endpoint.id));
      },
      10_000,
      'the email',
    );
    expect(mail.to).toMatch(/^ops@acme/);
    // Visible in the development mailbox, once.
    const mailbox = (await request(app.url).get('/api/dev/mailbox').expect(200)).body as Array<{ text?: string; subject: string }>;
    expect(
      mailbox.filter((m) => m.subject === 'A PayMarket webhook endpoint was disabled' && String(m.text).includes(endpoint.id)),
    ).toHaveLength(1);
    // Enabling it again clears the failure streak.
    await api(acme).patch(`/api/v1/webhook-endpoints/${endpoint.id}`, { enabled: true }).expect(200);
    const row = await db.query(`SELECT failing_since FROM notifications.webhook_endpoints WHERE id = $1`, [endpoint.id]);
    expect(row.rows[0].failing_since).toBeNull();
  });

  // ADR 0048's retry audit: the integrator's retry after a lost answer, through the gateway with its header.
  it('registers once and sends one test event per Idempotency-Key; another body under the key is 422', async () => {
    const initech = await approvedCompany('Initech');
    const body = { url: `${receiverUrl}/once`, events: ['order.updated'] };
    const registerOnce = (fields: object) =>
      api(initech).post('/api/v1/webhook-endpoints', fields).set('idempotency-key', `register-${run}`);
    const first = (await registerOnce(body).expect(201)).body as CreatedWebhookEndpoint;
    expect((await registerOnce(body).expect(201)).body).toEqual(first);
    expect(((await api(initech).get('/api/v1/webhook-endpoints').expect(200)).body as WebhookEndpointList).data.map((e) => e.id)).toEqual([
      first.id,
    ]);
    expect((await registerOnce({ ...body, events: ['payment.succeeded'] }).expect(422)).body.fields).toEqual({
      'Idempotency-Key': [expect.any(String)],
    });

    const sendOnce = () => api(initech).post(`/api/v1/webhook-endpoints/${first.id}/test`).set('idempotency-key', `test-${run}`);
    const sent = (await sendOnce().expect(202)).body as WebhookDeliveryView;
    expect((await sendOnce().expect(202)).body).toEqual(sent);
    const log = (await api(initech).get(`/api/v1/webhook-endpoints/${first.id}/deliveries`).expect(200)).body as WebhookDeliveryList;
    expect(log.data.map((d) => d.id)).toEqual([sent.id]);
    await api(initech).delete(`/api/v1/webhook-endpoints/${first.id}`).expect(200);
  });
});
