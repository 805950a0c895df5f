import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import pg from 'pg';
import request from 'supertest';
import { SELLER_REGISTRATION_MESSAGES as RM, type MailboxMessage, type SellersShowcase } from '@paymarket/contracts';
import { startEmbedded, type EmbeddedPayMarket } from '@paymarket/embedded';
import { createTestDatabase, eventually, testMessagingRuntime, type TestDatabase } from '@paymarket/platform/testing';
import { sellerInput } from './fakes.js';

jest.setTimeout(90_000);

const AUTH_REQUIRED = 'Authentication required. Only the seller who registered this profile can edit it.';

// The whole product in one process (gateway, services, real PostgreSQL) on a fresh database, never seeded.
describe('sellers, end to end over HTTP', () => {
  let database: TestDatabase;
  let app: EmbeddedPayMarket;
  let db: pg.Client;

  beforeAll(async () => {
    // Many registrations from one test IP: lift the public-form limit for this app (its own tests cover the limiter).
    process.env.RATE_LIMIT_PUBLIC_FORM = '1000,1000,900';
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
    delete process.env.RATE_LIMIT_PUBLIC_FORM;
    await db?.end();
    await app?.close();
    await database?.drop();
  });

  const sellerCount = async () => Number((await db.query('SELECT count(*) AS n FROM catalog.sellers')).rows[0].n);
  const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const register = async (overrides: Record<string, unknown> = {}) =>
    (
      await request(app.url)
        .post('/api/register-seller')
        .send(sellerInput({ email: `s-${unique()}@example.com`, ...overrides }))
        .expect(201)
    ).body as {
      authToken: string;
      seller: { id: string; email: string };
    };
  const mailboxFor = async (email: string) =>
    ((await request(app.url).get('/api/dev/mailbox?limit=200').expect(200)).body as MailboxMessage[]).filter((m) => m.to === email);

  it('starts with an empty catalog (tests are never seeded)', async () => {
    const response = await request(app.url).get('/api/sellers-showcase').expect(200);
    expect(response.body).toEqual({ sellers: [], stats: { total: 0, categories: {} }, nextCursor: null });
    await request(app.url).get('/api/print-providers').expect(200, []);
  });

  describe('each registration rule violated once: its exact message, and nothing stored', () => {
    it.each([
      ['businessName', 'A', RM.BUSINESS_NAME],
      ['sellerName', 'B', RM.SELLER_NAME],
      ['email', 'nope', RM.EMAIL],
      ['phone', '123', RM.PHONE],
      ['category', '', RM.CATEGORY],
      ['description', 'Too short.', RM.DESCRIPTION],
      ['products', 'Cards', RM.PRODUCTS],
      ['pricing', 'Cheap', RM.PRICING],
      ['location', 'X', RM.LOCATION],
      ['website', 'javascript:alert(1)', RM.WEBSITE],
    ])('%s', async (field, value, message) => {
      const before = await sellerCount();
      const response = await request(app.url)
        .post('/api/register-seller')
        .send(sellerInput({ [field]: value }))
        .expect(400);
      expect(response.body).toMatchObject({ statusCode: 400, message, fields: { [field]: [message] } });
      expect(await sellerCount()).toBe(before);
    });
  });

  it('registers a seller (token stored hashed), shows it in the showcase and profile, and sends a welcome email', async () => {
    const { authToken, seller } = await register({ businessName: '<img src=x onerror=alert(1)>' });
    expect(authToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const stored = await db.query('SELECT encode(token_hash, $2) AS h FROM catalog.seller_edit_tokens WHERE seller_id = $1', [
      seller.id,
      'hex',
    ]);
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0].h).not.toContain(Buffer.from(authToken).toString('hex'));

    const showcase = (await request(app.url).get('/api/sellers-showcase').expect(200)).body as SellersShowcase;
    expect(showcase.sellers.map((s) => s.id)).toContain(seller.id);
    expect(showcase.stats.categories.printing).toBeGreaterThanOrEqual(1);
    const profile = await request(app.url).get(`/api/sellers/${seller.id}`).expect(200);
    expect(profile.body).toMatchObject({ id: seller.id, businessName: '<img src=x onerror=alert(1)>', averageRating: 0, totalRatings: 0 });
    expect(JSON.stringify(profile.body)).not.toContain(authToken);
    // Answered before Nest's router (ADR 0057), with the headers every API answer carries.
    const traced = await request(app.url).get(`/api/sellers/${seller.id}`).set('x-correlation-id', 'p2-read-12345678').expect(200);
    expect(traced.headers).toMatchObject({
      'x-correlation-id': 'p2-read-12345678',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-type': 'application/json; charset=utf-8',
    });
    expect(traced.body).toEqual(profile.body);

    await eventually(async () => ((await mailboxFor(seller.email)).length > 0 ? true : undefined), 10_000, 'the seller welcome email');
  });

  it('answers 404 "Seller not found" for unknown and malformed ids', async () => {
    await request(app.url)
      .get('/api/sellers/00000000-0000-4000-8000-000000000000')
      .expect(404)
      .expect((r) => expect(r.body.message).toBe('Seller not found'));
    await request(app.url).get('/api/sellers/not-a-uuid').expect(404);
  });

  it('edits with the token (edit rules), refuses without it (401, exact text) and with another seller’s (403), unchanged', async () => {
    const a = await register();
    const b = await register();
    const profile = sellerInput({ email: a.seller.email, businessName: 'Renamed Co', description: 'Ten chars!', website: 'anything goes' });

    const noToken = await request(app.url).put(`/api/sellers/${a.seller.id}`).send(profile).expect(401);
    expect(noToken.body.message).toBe(AUTH_REQUIRED);
    await request(app.url).put(`/api/sellers/${a.seller.id}`).set('authorization', 'Bearer ').send(profile).expect(401);
    const other = await request(app.url)
      .put(`/api/sellers/${a.seller.id}`)
      .set('authorization', `Bearer ${b.authToken}`)
      .send(profile)
      .expect(403);
    expect(other.body.message).toBe("You don't have permission to edit this profile. Only the seller who registered can make changes.");
    expect((await request(app.url).get(`/api/sellers/${a.seller.id}`)).body.businessName).toBe('Harbour Print Works');

    const bad = await request(app.url)
      .put(`/api/sellers/${a.seller.id}`)
      .set('authorization', `Bearer ${a.authToken}`)
      .send({ ...profile, products: 'abc' })
      .expect(400);
    expect(bad.body.message).toBe('Products description must be at least 5 characters');

    const ok = await request(app.url)
      .put(`/api/sellers/${a.seller.id}`)
      .set('authorization', `Bearer ${a.authToken}`)
      .send(profile)
      .expect(200);
    expect(ok.body).toMatchObject({ id: a.seller.id, businessName: 'Renamed Co', website: 'anything goes' });
    const events = await db.query(`SELECT name FROM catalog.outbox WHERE payload->>'sellerId' = $1 ORDER BY seq`, [a.seller.id]);
    expect(events.rows.map((r) => r.name)).toEqual(['seller.registered', 'seller.updated']);
  });

  it('recovers a lost edit link by email: one-time, revokes the old token, same answer for a wrong email', async () => {
    const { seller, authToken: oldToken } = await register();
    const wrong = await request(app.url).post(`/api/sellers/${seller.id}/edit-link`).send({ email: 'intruder@example.com' }).expect(202);
    const right = await request(app.url)
      .post(`/api/sellers/${seller.id}/edit-link`)
      .send({ email: seller.email.toUpperCase() })
      .expect(202);
    expect(wrong.body).toEqual(right.body);
    expect((await mailboxFor('intruder@example.com')).length).toBe(0);

    const email = await eventually(
      async () => (await mailboxFor(seller.email)).find((m) => m.subject.startsWith('Your edit link')),
      10_000,
      'the edit-link email',
    );
    const recoveryToken = /recovery=([A-Za-z0-9_-]+)/.exec(email.text)?.[1];
    expect(recoveryToken).toBeDefined();

    const recovered = await request(app.url).post(`/api/sellers/${seller.id}/recover`).send({ recoveryToken }).expect(200);
    const newToken = recovered.body.authToken as string;
    expect(newToken).not.toBe(oldToken);
    const profile = sellerInput({ email: seller.email, pricing: 'New pricing' });
    await request(app.url).put(`/api/sellers/${seller.id}`).set('authorization', `Bearer ${oldToken}`).send(profile).expect(403);
    await request(app.url).put(`/api/sellers/${seller.id}`).set('authorization', `Bearer ${newToken}`).send(profile).expect(200);
    const again = await request(app.url).post(`/api/sellers/${seller.id}/recover`).send({ recoveryToken }).expect(400);
    expect(again.body.message).toBe('This edit link is invalid or has expired. Request a new one.');
  });

  it('emails one edit link for a request repeated within a minute (a double submit or a retry)', async () => {
    const { seller } = await register();
    const ask = () => request(app.url).post(`/api/sellers/${seller.id}/edit-link`).send({ email: seller.email }).expect(202);
    const [first, second] = [await ask(), await ask()];
    expect(second.body).toEqual(first.body);
    const links = await db.query(
      `SELECT count(*)::int AS n FROM catalog.outbox WHERE name = 'seller.edit_link_requested' AND payload->>'sellerId' = $1`,
      [seller.id],
    );
    expect(links.rows[0].n).toBe(1);
    expect(
      (await db.query(`SELECT count(*)::int AS n FROM catalog.seller_recovery_tokens WHERE seller_id = $1`, [seller.id])).rows[0].n,
    ).toBe(1);
  });

  it('paginates the showcase with a cursor, each seller once, stats over all sellers', async () => {
    for (let i = 0; i < 5; i++) await register({ category: i % 2 === 0 ? 'design' : 'signage' });
    const total = await sellerCount();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/sellers-showcase?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await request(app.url).get(url).expect(200)).body as SellersShowcase;
      expect(page.sellers.length).toBeLessThanOrEqual(2);
      expect(page.stats.total).toBe(total);
      seen.push(...page.sellers.map((s) => s.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    await request(app.url).get('/api/sellers-showcase?limit=0').expect(400);
    await request(app.url).get('/api/sellers-showcase?limit=abc').expect(400);
    await request(app.url).get('/api/sellers-showcase?cursor=bogus').expect(400);
  });

  it('registers once per Idempotency-Key: a repeat answers the same seller with a new token, no second profile, event or email', async () => {
    const key = randomUUID();
    const body = sellerInput({ email: `once-${unique()}@example.com` });
    const post = (payload: Record<string, unknown>) =>
      request(app.url).post('/api/register-seller').set('Idempotency-Key', key).send(payload);
    const sellersWithEmail = async () =>
      Number((await db.query('SELECT count(*) AS n FROM catalog.sellers WHERE email = $1', [body.email])).rows[0].n);

    const first = (await post(body).expect(201)).body as { authToken: string; seller: { id: string } };
    const repeat = (await post(body).expect(201)).body as { authToken: string; seller: { id: string }; message: string };

    expect(repeat.seller).toEqual(first.seller);
    expect(repeat.message).toBe('Your seller profile has been created and is now live in the Sellers directory.');
    expect(repeat.authToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(repeat.authToken).not.toBe(first.authToken);
    expect(await sellersWithEmail()).toBe(1);
    const events = await db.query(`SELECT name FROM catalog.outbox WHERE payload->>'sellerId' = $1`, [first.seller.id]);
    expect(events.rows.map((r) => r.name)).toEqual(['seller.registered']);
    // The kept answer holds no edit token (only hashes are stored); the repeat's token replaced the lost one.
    const kept = await db.query(`SELECT scope, response::text AS response FROM catalog.idempotency_keys WHERE key = $1`, [key]);
    expect(kept.rows).toEqual([{ scope: 'register-seller', response: expect.stringContaining(first.seller.id) }]);
    expect(kept.rows[0].response).not.toContain('authToken');
    expect(kept.rows[0].response).not.toContain(first.authToken);
    const edit = (token: string) =>
      request(app.url)
        .put(`/api/sellers/${first.seller.id}`)
        .set('authorization', `Bearer ${token}`)
        .send(sellerInput({ email: body.email, pricing: 'From $25 per 250 cards' }));
    await edit(first.authToken).expect(403);
    await edit(repeat.authToken).expect(200);

    const other = await post({ ...body, pricing: 'From $19 per 250 cards' }).expect(422);
    expect(other.body.fields).toEqual({ 'Idempotency-Key': [expect.stringContaining('different request')] });
    expect(await sellersWithEmail()).toBe(1);

    // Long after the registration a repeat no longer hands out a token: 409, the token left as it was.
    await db.query(`UPDATE catalog.sellers SET created_at = now() - interval '20 minutes' WHERE id = $1`, [first.seller.id]);
    const late = await post(body).expect(409);
    expect(late.body.fields).toEqual({ 'Idempotency-Key': [late.body.message] });
    expect(late.body.message).toContain('Lost your edit link?');
    await edit(repeat.authToken).expect(200);

    await eventually(async () => ((await mailboxFor(body.email)).length > 0 ? true : undefined), 10_000, 'the welcome email');
    expect((await mailboxFor(body.email)).filter((m) => m.subject.includes('is live'))).toHaveLength(1);
  });

  it('computes averageRating and totalRatings from the ratings table', async () => {
    const { seller } = await register();
    await db.query(
      `INSERT INTO catalog.ratings (id, seller_id, score) VALUES (gen_random_uuid(), $1, 5), (gen_random_uuid(), $1, 4), (gen_random_uuid(), $1, 4)`,
      [seller.id],
    );
    const profile = await request(app.url).get(`/api/sellers/${seller.id}`).expect(200);
    expect(profile.body).toMatchObject({ averageRating: 4.3, totalRatings: 3 });
  });
});
