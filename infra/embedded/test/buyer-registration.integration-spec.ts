import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import pg from 'pg';
import request from 'supertest';
import type { MailboxMessage } from '@paymarket/contracts';
import { createTestDatabase, eventually, testMessagingRuntime, type TestDatabase } from '@paymarket/platform/testing';
import { startEmbedded, type EmbeddedPayMarket } from '../src/start-embedded.js';

jest.setTimeout(60_000);

// The whole product in one process — gateway, five services, real PostgreSQL — over the in-process broker, or
// over RabbitMQ when AMQP_URL is set (the cluster-mode run of the suite).
describe('buyer registration, end to end over HTTP', () => {
  let database: TestDatabase;
  let app: EmbeddedPayMarket;
  let db: pg.Client;

  beforeAll(async () => {
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
  });

  afterAll(async () => {
    await db?.end();
    await app?.close();
    await database?.drop();
  });

  const buyerCount = async (email?: string) =>
    Number(
      (
        await db.query(
          email ? 'SELECT count(*) AS n FROM onboarding.buyers WHERE email = $1' : 'SELECT count(*) AS n FROM onboarding.buyers',
          email ? [email] : [],
        )
      ).rows[0].n,
    );

  const mailboxFor = async (email: string) => {
    const response = await request(app.url).get('/api/dev/mailbox?limit=200').expect(200);
    return (response.body as MailboxMessage[]).filter((m) => m.to === email);
  };

  it('reports ready with every service, the broker and the database', async () => {
    const response = await request(app.url).get('/api/health/ready').expect(200);
    expect(response.body).toEqual({
      status: 'ready',
      checks: {
        onboarding: { status: 'up' },
        catalog: { status: 'up' },
        payments: { status: 'up' },
        requests: { status: 'up' },
        notifications: { status: 'up' },
        broker: { status: 'up' },
        database: { status: 'up' },
      },
    });
    await request(app.url).get('/api/health/live').expect(200, { status: 'live' });
  });

  it('registers a buyer, and the welcome email arrives exactly once', async () => {
    const email = `ada.${Date.now()}@example.com`;
    const response = await request(app.url)
      .post('/api/register-buyer')
      .set('x-correlation-id', 'test-correlation-0001')
      .send({ name: 'Ada Lovelace', email: email.toUpperCase(), company: 'Analytical Engines', requirements: '' })
      .expect(201);

    expect(response.headers['x-correlation-id']).toBe('test-correlation-0001');
    expect(response.body).toEqual({
      buyer: { id: expect.any(String), name: 'Ada Lovelace', email },
      message: 'Welcome to PayMarket, Ada Lovelace! You can now order from print providers.',
    });
    expect(await buyerCount(email)).toBe(1);

    // Joining signs the buyer in: the answer sets the session cookie, and the session check knows them.
    const cookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((c) => c.startsWith('pm_session='));
    expect(cookie).toMatch(/HttpOnly/i);
    const session = await request(app.url).get('/api/auth/session').set('cookie', cookie!.split(';')[0]!).expect(200);
    expect(session.body).toEqual({ buyer: response.body.buyer });
    // Joining again from that browser as someone else ends the first session (rotation, as at sign-in).
    await request(app.url)
      .post('/api/register-buyer')
      .set('cookie', cookie!.split(';')[0]!)
      .send({ name: 'Second Joiner', email: `second.${email}` })
      .expect(201);
    expect((await request(app.url).get('/api/auth/session').set('cookie', cookie!.split(';')[0]!).expect(200)).body).toEqual({
      buyer: null,
    });

    const emails = await eventually(
      async () => {
        const found = await mailboxFor(email);
        return found.length > 0 ? found : undefined;
      },
      10_000,
      'the welcome email',
    );
    expect(emails).toEqual([expect.objectContaining({ subject: 'Welcome to PayMarket', status: 'stored' })]);
    expect(emails[0]!.text).toContain('Ada Lovelace');

    // The event carried the request's correlation id through the outbox.
    const outbox = await db.query(`SELECT correlation_id FROM onboarding.outbox WHERE payload->>'email' = $1`, [email]);
    expect(outbox.rows).toEqual([{ correlation_id: 'test-correlation-0001' }]);

    await new Promise((r) => setTimeout(r, 300));
    expect(await mailboxFor(email)).toHaveLength(1);
  });

  it('refuses a second account for the same email (any case) with 409', async () => {
    const email = `dup.${Date.now()}@example.com`;
    await request(app.url).post('/api/register-buyer').send({ name: 'First', email }).expect(201);
    const response = await request(app.url).post('/api/register-buyer').send({ name: 'Second', email: email.toUpperCase() }).expect(409);
    expect(response.body).toMatchObject({ statusCode: 409, message: 'An account with this email already exists.' });
    expect(await buyerCount(email)).toBe(1);
  });

  it('answers concurrent registrations of one email with one 201 and the rest 409', async () => {
    const email = `race.${Date.now()}@example.com`;
    const statuses = await Promise.all(
      Array.from({ length: 8 }, () =>
        request(app.url)
          .post('/api/register-buyer')
          .send({ name: 'Racer', email })
          .then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    expect(await buyerCount(email)).toBe(1);
  });

  describe('bad input gets a 4xx naming the problem and writes nothing', () => {
    it.each([
      ['broken JSON', (r: request.Test) => r.set('content-type', 'application/json').send('{"name":"Ann",'), 400, /JSON/],
      ['a missing name', (r: request.Test) => r.send({ email: 'no-name@example.com' }), 400, /Name is required/],
      ['a bad email', (r: request.Test) => r.send({ name: 'Ann', email: 'ann-at-example' }), 400, /Please enter a valid email address/],
      [
        'an unknown field',
        (r: request.Test) => r.send({ name: 'Ann', email: 'ann.unknown@example.com', role: 'admin' }),
        400,
        /Unknown field: role/,
      ],
      ['a JSON array', (r: request.Test) => r.send([{ name: 'Ann' }]), 400, /JSON object/],
      ['no body at all', (r: request.Test) => r, 400, /JSON object/],
      ['a 2 MB body', (r: request.Test) => r.send({ name: 'A'.repeat(2 * 1024 * 1024), email: 'big@example.com' }), 413, /too large/i],
      ['a non-JSON content type', (r: request.Test) => r.set('content-type', 'text/plain').send('name=Ann'), 400, /JSON object/],
    ])('%s', async (_label, build, status, message) => {
      const before = await buyerCount();
      const response = await build(request(app.url).post('/api/register-buyer'));
      expect(response.status).toBe(status);
      expect(response.body.message).toMatch(message);
      expect(response.body.statusCode).toBe(status);
      expect(JSON.stringify(response.body)).not.toMatch(/at .*\.js:\d+/);
      expect(await buyerCount()).toBe(before);
    });

    it('lists every field problem in `fields`', async () => {
      const response = await request(app.url).post('/api/register-buyer').send({ email: 'x' }).expect(400);
      expect(response.body.fields).toEqual({ name: ['Name is required'], email: ['Please enter a valid email address'] });
    });
  });

  it('sends security headers and keeps unknown API paths as JSON 404s', async () => {
    const response = await request(app.url).get('/api/no-such-thing').expect(404);
    expect(response.body).toMatchObject({ statusCode: 404 });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
