import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import pg from 'pg';
import request from 'supertest';
import type { BuyerRequestResponse, MailboxMessage, QuoteResponse, RegisterSellerResponse } from '@paymarket/contracts';
import { startEmbedded, type EmbeddedPayMarket } from '@paymarket/embedded';
import { createTestDatabase, eventually, testMessagingRuntime, type TestDatabase } from '@paymarket/platform/testing';

jest.setTimeout(90_000);

const BODY_MISMATCH = 'This Idempotency-Key was already used with a different request. Use a new key for a new request.';

// ADR 0048's retry audit: a post or a quote message repeated after a lost answer is made once per Idempotency-Key,
// over HTTP through the gateway, on a real PostgreSQL.
describe('requests writes repeated with an Idempotency-Key', () => {
  let database: TestDatabase;
  let app: EmbeddedPayMarket;
  let db: pg.Client;
  const run = Date.now().toString(36);
  let ada: { email: string; cookie: string };
  let eve: { email: string; cookie: string };
  let seller: { id: string; token: string; email: string };

  const mailboxFor = async (email: string): Promise<MailboxMessage[]> => {
    const response = await request(app.url).get('/api/dev/mailbox?limit=200').expect(200);
    return (response.body as MailboxMessage[]).filter((m) => m.to === email);
  };

  async function signedInBuyer(name: string): Promise<{ email: string; cookie: string }> {
    const email = `${name.toLowerCase()}.${run}@example.com`;
    await request(app.url).post('/api/register-buyer').send({ name, email }).expect(201);
    await request(app.url).post('/api/auth/sign-in/code').send({ email }).expect(202);
    const code = await eventually(
      async () => (await mailboxFor(email)).map((m) => /sign-in code: (\d{6})/.exec(m.subject)?.[1]).find(Boolean),
      10_000,
      `the sign-in code for ${email}`,
    );
    const response = await request(app.url).post('/api/auth/sign-in/verify').send({ email, code }).expect(200);
    const cookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((c) => c.startsWith('pm_session='));
    return { email, cookie: cookie!.split(';')[0]! };
  }

  const post = (cookie: string, body: object, key?: string) => {
    const r = request(app.url).post('/api/buyer-requests').set('cookie', cookie);
    return (key === undefined ? r : r.set('Idempotency-Key', key)).send(body);
  };
  const count = async (sql: string, params: unknown[]): Promise<number> => Number((await db.query(sql, params)).rows[0].count);
  const requestRows = (title: string) => count('SELECT count(*) FROM requests.buyer_requests WHERE title = $1', [title]);
  const postedEvents = (title: string) =>
    count(`SELECT count(*) FROM requests.outbox WHERE name = 'request.posted' AND payload->>'title' = $1`, [title]);

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
    ada = await signedInBuyer('Ada');
    eve = await signedInBuyer('Eve');
    const email = `pat.${run}@print.example`;
    const registered = await request(app.url)
      .post('/api/register-seller')
      .send({
        businessName: `Print Co ${run}`,
        sellerName: 'Pat Printer',
        email,
        phone: '5551234567',
        category: 'printing',
        description: 'We print business cards, flyers and banners with fast turnaround and fair prices.',
        products: 'Business cards, flyers, banners',
        pricing: 'From $20 per 100 cards',
        location: 'Toronto, ON',
        website: 'https://print.example',
      })
      .expect(201);
    const body = registered.body as RegisterSellerResponse;
    seller = { id: body.seller.id, token: body.authToken, email };
  });

  afterAll(async () => {
    await db?.end();
    await app?.close();
    await database?.drop();
  });

  describe('POST /api/buyer-requests', () => {
    it('posts once per key: the repeat answers the same request, one row, one request.posted', async () => {
      const body = { title: `Once ${run}`, description: 'Letterpress, 120 pieces', budget: '$300' };
      const first = await post(ada.cookie, body, `post-${run}`).expect(201);
      const repeat = await post(ada.cookie, body, `post-${run}`).expect(201);

      expect(repeat.body).toEqual(first.body);
      expect((first.body as BuyerRequestResponse).request).toMatchObject({ title: body.title, mine: true });
      expect(await requestRows(body.title)).toBe(1);
      expect(await postedEvents(body.title)).toBe(1);
    });

    it('refuses another body under the same key with 422 naming Idempotency-Key, and posts nothing more', async () => {
      const key = `edited-${run}`;
      await post(ada.cookie, { title: `Kept ${run}`, description: 'Matte' }, key).expect(201);
      const refused = await post(ada.cookie, { title: `Edited ${run}`, description: 'Matte' }, key).expect(422);

      expect(refused.body.message).toBe(BODY_MISMATCH);
      expect(refused.body.fields).toEqual({ 'Idempotency-Key': [BODY_MISMATCH] });
      expect(await requestRows(`Edited ${run}`)).toBe(0);
      expect(await requestRows(`Kept ${run}`)).toBe(1);
    });

    it("keeps buyers' keys apart, and posts every time without a key", async () => {
      const body = { title: `Shared key ${run}`, description: 'Stickers' };
      const adas = await post(ada.cookie, body, `shared-${run}`).expect(201);
      const eves = await post(eve.cookie, body, `shared-${run}`).expect(201);
      expect((eves.body as BuyerRequestResponse).request.id).not.toBe((adas.body as BuyerRequestResponse).request.id);

      const unkeyed = { title: `No key ${run}`, description: 'Flyers' };
      await post(ada.cookie, unkeyed).expect(201);
      await post(ada.cookie, unkeyed).expect(201);
      expect(await requestRows(body.title)).toBe(2);
      expect(await requestRows(unkeyed.title)).toBe(2);
    });

    it('refuses an invalid key with 400 naming Idempotency-Key', async () => {
      const response = await post(ada.cookie, { title: `Bad key ${run}`, description: 'x' }, 'x'.repeat(256)).expect(400);
      expect(response.body.fields).toHaveProperty('Idempotency-Key');
      expect(await requestRows(`Bad key ${run}`)).toBe(0);
    });
  });

  describe('questions and answers on a quote', () => {
    let requestId: string;
    let quoteId: string;
    const messages = (message: string) => count('SELECT count(*) FROM requests.quote_messages WHERE message = $1', [message]);
    const events = (name: string, message: string) =>
      count(`SELECT count(*) FROM requests.outbox WHERE name = $1 AND payload->>'message' = $2`, [name, message]);
    const ask = (body: object, key: string) =>
      request(app.url)
        .post(`/api/buyer-requests/${requestId}/quotes/${quoteId}/questions`)
        .set('cookie', ada.cookie)
        .set('Idempotency-Key', key)
        .send(body);
    const answer = (body: object, key: string) =>
      request(app.url)
        .post(`/api/buyer-requests/${requestId}/quotes/${quoteId}/answers`)
        .set('authorization', `Bearer ${seller.token}`)
        .set('x-seller-id', seller.id)
        .set('Idempotency-Key', key)
        .send(body);

    beforeAll(async () => {
      requestId = (
        (await post(ada.cookie, { title: `Quoted ${run}`, description: 'Business cards' }).expect(201)).body as BuyerRequestResponse
      ).request.id;
      const quoted = await request(app.url)
        .post(`/api/buyer-requests/${requestId}/quotes`)
        .set('authorization', `Bearer ${seller.token}`)
        .set('x-seller-id', seller.id)
        .send({ amount: '100', currency: 'usd', included: '500 cards, two colours', deliveryDate: '2030-01-01' })
        .expect(201);
      quoteId = (quoted.body as QuoteResponse).quote.id;
    });

    it('stores and emails a question once per key; the repeat answers exactly the first answer', async () => {
      const body = { message: `Is the paper recycled? ${run}` };
      const first = await ask(body, `ask-${run}`).expect(201);
      const repeat = await ask(body, `ask-${run}`).expect(201);

      expect(repeat.body).toEqual(first.body);
      expect((first.body as QuoteResponse).quote.messages).toEqual([expect.objectContaining({ author: 'buyer', message: body.message })]);
      expect(await messages(body.message)).toBe(1);
      expect(await events('quote.question_asked', body.message)).toBe(1);
      await eventually(
        async () => ((await mailboxFor(seller.email)).some((m) => m.text?.includes(body.message)) ? true : undefined),
        10_000,
        'the question email to the seller',
      );
    });

    it('refuses another question under the same key with 422 naming Idempotency-Key', async () => {
      await ask({ message: `First ${run}` }, `ask-edited-${run}`).expect(201);
      const refused = await ask({ message: `Second ${run}` }, `ask-edited-${run}`).expect(422);
      expect(refused.body.fields).toEqual({ 'Idempotency-Key': [BODY_MISMATCH] });
      expect(await messages(`Second ${run}`)).toBe(0);
      expect(await events('quote.question_asked', `Second ${run}`)).toBe(0);
    });

    it("stores and emails the seller's answer once per key", async () => {
      const body = { message: `Yes, 100% recycled. ${run}` };
      const first = await answer(body, `answer-${run}`).expect(201);
      const repeat = await answer(body, `answer-${run}`).expect(201);

      expect(repeat.body).toEqual(first.body);
      expect(await messages(body.message)).toBe(1);
      expect(await events('quote.question_answered', body.message)).toBe(1);
      const refused = await answer({ message: `Actually no. ${run}` }, `answer-${run}`).expect(422);
      expect(refused.body.fields).toEqual({ 'Idempotency-Key': [BODY_MISMATCH] });
    });
  });
});
