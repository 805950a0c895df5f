import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type pg from 'pg';
import request from 'supertest';
import { IDEMPOTENCY_MESSAGES, type BuyerRequestResponse, type MailboxMessage, type QuoteResponse } from '@paymarket/contracts';
import { eventually } from '@paymarket/platform/testing';
import { ipsFrom, startTestApp, type TestApp } from './support/integrator-test-app.js';
import { registerSeller, sellerProfile } from './support/payments.js';
import { signInBuyer } from './support/sign-in.js';

jest.setTimeout(90_000);

const BODY_MISMATCH = IDEMPOTENCY_MESSAGES.BODY_MISMATCH;

// ADR 0048's retry audit: a post or a quote message repeated after a lost answer is made once per Idempotency-Key,
// over HTTP through the gateway, on a real PostgreSQL.
describe('requests writes repeated with an Idempotency-Key', () => {
  let testApp: TestApp;
  let app: TestApp['app'];
  let db: pg.Client;
  const run = Date.now().toString(36);
  const ip = ipsFrom('10.81');
  let ada: { email: string; cookie: string };
  let eve: { email: string; cookie: string };
  let seller: { id: string; token: string; email: string };

  const mailboxFor = async (email: string): Promise<MailboxMessage[]> => {
    const response = await request(app.url).get('/api/dev/mailbox?limit=200').expect(200);
    return (response.body as MailboxMessage[]).filter((m) => m.to === email);
  };
  const signedInBuyer = async (name: string): Promise<{ email: string; cookie: string }> => {
    const email = `${name.toLowerCase()}.${run}@example.com`;
    return { email, cookie: await signInBuyer(app.url, name, email, ip) };
  };

  const post = (cookie: string, body: object, key?: string) => {
    const r = request(app.url).post('/api/buyer-requests').set('cookie', cookie);
    return (key === undefined ? r : r.set('Idempotency-Key', key)).send(body);
  };
  const count = async (sql: string, params: unknown[]): Promise<number> => Number((await db.query(sql, params)).rows[0].count);
  const requestRows = (title: string) => count('SELECT count(*) FROM requests.buyer_requests WHERE title = $1', [title]);
  const postedEvents = (title: string) =>
    count(`SELECT count(*) FROM requests.outbox WHERE name = 'request.posted' AND payload->>'title' = $1`, [title]);

  beforeAll(async () => {
    testApp = await startTestApp();
    ({ app, db } = testApp);
    ada = await signedInBuyer('Ada');
    eve = await signedInBuyer('Eve');
    const email = `pat.${run}@print.example`;
    const registered = await registerSeller(app.url, ip, sellerProfile({ email, businessName: `Print Co ${run}` }));
    seller = { id: registered.seller.id, token: registered.authToken, email };
  });

  afterAll(async () => {
    await testApp?.close();
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
