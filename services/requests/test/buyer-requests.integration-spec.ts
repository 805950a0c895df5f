import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import pg from 'pg';
import request from 'supertest';
import type { BuyerRequestListResponse, BuyerRequestView, MailboxMessage, RegisterSellerResponse } from '@paymarket/contracts';
import { startEmbedded, type EmbeddedPayMarket } from '@paymarket/embedded';
import { createTestDatabase, eventually, testMessagingRuntime, type TestDatabase } from '@paymarket/platform/testing';

jest.setTimeout(90_000);

const MISSING = 'Missing Required Fields: Please fill in title, description, and your registered email.';

// The whole product in one process over HTTP: buyer sign-in by emailed code, sellers by edit token, real PostgreSQL.
describe('buyer requests board, end to end over HTTP', () => {
  let database: TestDatabase;
  let app: EmbeddedPayMarket;
  let db: pg.Client;
  const run = Date.now().toString(36);
  let ada: { email: string; cookie: string };
  let eve: { email: string; cookie: string };
  let seller: { id: string; token: string; businessName: string; email: string };

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
    expect(cookie).toBeDefined();
    return { email, cookie: cookie!.split(';')[0]! };
  }

  const post = (cookie: string | undefined, body: object) => {
    const r = request(app.url).post('/api/buyer-requests');
    return (cookie ? r.set('cookie', cookie) : r).send(body);
  };
  const board = async (query = ''): Promise<BuyerRequestListResponse> =>
    (await request(app.url).get(`/api/buyer-requests${query}`).expect(200)).body as BuyerRequestListResponse;
  const stored = async (id: string) => (await db.query('SELECT * FROM requests.buyer_requests WHERE id = $1', [id])).rows[0];

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
    const businessName = `Print Co ${run}`;
    const registered = await request(app.url)
      .post('/api/register-seller')
      .send({
        businessName,
        sellerName: 'Pat Printer',
        email: `pat.${run}@print.example`,
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
    seller = { id: body.seller.id, token: body.authToken, businessName, email: `pat.${run}@print.example` };
  });

  afterAll(async () => {
    await db?.end();
    await app?.close();
    await database?.drop();
  });

  it('refuses a visitor without a session with 401 and writes nothing', async () => {
    const response = await post(undefined, { title: 'Cards', description: 'Matte' }).expect(401);
    expect(response.body.message).toBe('Please sign in to continue.');
    expect(Number((await db.query('SELECT count(*) FROM requests.buyer_requests')).rows[0].count)).toBe(0);
  });

  it('posts as the signed-in buyer, ignoring a buyerEmail in the body', async () => {
    const response = await post(ada.cookie, {
      title: 'Wedding invitations',
      description: 'Letterpress, 120 pieces',
      category: 'marketing-materials',
      budget: '$300 - $400',
      timeline: '3 weeks',
      location: 'Toronto',
      buyerEmail: eve.email,
    }).expect(201);
    const created = response.body.request as BuyerRequestView;
    expect(created).toMatchObject({ title: 'Wedding invitations', buyerName: 'Ada', mine: true });
    expect(await stored(created.id)).toMatchObject({ buyer_email: ada.email, buyer_name: 'Ada', budget_min_cents: '30000' });
  });

  it.each([
    [{ description: 'x' }, MISSING],
    [{ title: 'x', description: '  ' }, MISSING],
    [{}, MISSING],
    [{ title: 'x', description: 'y', category: 'rockets' }, 'Please choose a category from the list.'],
  ])('refuses %j with 400 "%s"', async (body, message) => {
    const response = await post(ada.cookie, body).expect(400);
    expect(response.body.message).toBe(message);
  });

  describe('owner-only edit and delete', () => {
    let id: string;
    beforeAll(async () => {
      id = ((await post(ada.cookie, { title: 'Owner test', description: 'Stickers' }).expect(201)).body.request as BuyerRequestView).id;
    });

    it('refuses another buyer with 403 and leaves the request unchanged', async () => {
      const put = await request(app.url)
        .put(`/api/buyer-requests/${id}`)
        .set('cookie', eve.cookie)
        .send({ title: 'Hacked', description: 'x' });
      expect(put.status).toBe(403);
      const del = await request(app.url).delete(`/api/buyer-requests/${id}`).set('cookie', eve.cookie);
      expect(del.status).toBe(403);
      expect(await stored(id)).toMatchObject({ title: 'Owner test', deleted_at: null });
    });

    it('refuses without a session with 401', async () => {
      await request(app.url).put(`/api/buyer-requests/${id}`).send({ title: 'x', description: 'y' }).expect(401);
      await request(app.url).delete(`/api/buyer-requests/${id}`).expect(401);
    });

    it('lets the owner edit, with the spec message when title or description is missing', async () => {
      const bad = await request(app.url).put(`/api/buyer-requests/${id}`).set('cookie', ada.cookie).send({ title: '', description: '' });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Title and description are required.');
      const ok = await request(app.url)
        .put(`/api/buyer-requests/${id}`)
        .set('cookie', ada.cookie)
        .send({ title: 'Owner test v2', description: 'Vinyl stickers', budget: '$900', buyerEmail: eve.email })
        .expect(200);
      expect(ok.body.request).toMatchObject({ title: 'Owner test v2', budget: '$900' });
      expect(await stored(id)).toMatchObject({ buyer_email: ada.email, budget_min_cents: '90000' });
    });

    it('soft-deletes: hidden from the board and the stats, kept in the table', async () => {
      const before = await board();
      await request(app.url).delete(`/api/buyer-requests/${id}`).set('cookie', ada.cookie).expect(200);
      const after = await board();
      expect(after.requests.map((r) => r.id)).not.toContain(id);
      expect(after.stats.total).toBe(before.stats.total - 1);
      expect((await stored(id)).deleted_at).toBeInstanceOf(Date);
      await request(app.url).put(`/api/buyer-requests/${id}`).set('cookie', ada.cookie).send({ title: 'x', description: 'y' }).expect(404);
    });
  });

  describe('filters and pagination', () => {
    beforeAll(async () => {
      const rows: Array<[string, string, string, string]> = [
        ['Flyers for a bakery', 'Glossy A5 flyers', 'marketing-materials', '$80'],
        ['Team T-shirts', 'Screen printed SHIRTS, 40 units', 'apparel-printing', '100'],
        ['Shop banner', 'Vinyl banner 3m with grommets', 'signs-banners', '$500'],
        ['Gift boxes', 'Custom printed boxes for candles', 'packaging', '$1,200'],
        ['Logo design', 'A new logo for a 100% organic café', 'design-services', 'Negotiable'],
      ];
      for (const [title, description, category, budget] of rows) {
        await post(ada.cookie, { title, description, category, budget }).expect(201);
      }
    });

    it('searches title or description case-insensitively, treating % as a literal', async () => {
      expect((await board('?q=BANNER')).requests.map((r) => r.title)).toEqual(['Shop banner']);
      expect((await board('?q=shirts')).requests.map((r) => r.title)).toEqual(['Team T-shirts']);
      expect((await board('?q=100%25')).requests.map((r) => r.title)).toEqual(['Logo design']);
      expect((await board('?q=zzzz-nothing')).requests).toEqual([]);
    });

    it('filters by category', async () => {
      expect((await board('?category=packaging')).requests.map((r) => r.title)).toEqual(['Gift boxes']);
    });

    it('filters by budget bucket with 100 and 500 inside 100-500, and text without a number in none', async () => {
      const titles = async (b: string) => (await board(`?budget=${b}`)).requests.map((r) => r.title).sort();
      expect(await titles('under-100')).toEqual(['Flyers for a bakery']);
      expect(await titles('100-500')).toEqual(['Shop banner', 'Team T-shirts', 'Wedding invitations']);
      expect(await titles('over-500')).toEqual(['Gift boxes']);
    });

    it('combines filters and refuses bad ones with 400', async () => {
      expect((await board('?q=banner&category=signs-banners&budget=100-500')).requests.map((r) => r.title)).toEqual(['Shop banner']);
      expect((await board('?q=banner&category=packaging')).requests).toEqual([]);
      await request(app.url).get('/api/buyer-requests?budget=cheap').expect(400);
      await request(app.url).get('/api/buyer-requests?limit=0').expect(400);
      await request(app.url).get('/api/buyer-requests?cursor=nope!').expect(400);
    });

    it('pages newest first with a stable cursor, even when a request is posted between pages', async () => {
      const all = (await board('?limit=100')).requests.map((r) => r.id);
      const first = await board('?limit=2');
      expect(first.requests.map((r) => r.id)).toEqual(all.slice(0, 2));
      await post(ada.cookie, { title: 'Posted meanwhile', description: 'x' }).expect(201);
      const seen = [...first.requests.map((r) => r.id)];
      let cursor = first.nextCursor;
      while (cursor) {
        const page = await board(`?limit=2&cursor=${cursor}`);
        seen.push(...page.requests.map((r) => r.id));
        cursor = page.nextCursor;
      }
      expect(seen).toEqual(all);
    });

    it('lists the newest first past the ninth request (its sequence sorted as a number, not as text)', async () => {
      for (let i = 1; i <= 10; i++) await post(ada.cookie, { title: `Numbered ${i}`, description: 'x' }).expect(201);
      const bySeq = await db.query('SELECT id FROM requests.buyer_requests WHERE deleted_at IS NULL ORDER BY seq DESC');
      expect(bySeq.rows.length).toBeGreaterThan(10);
      expect((await board('?limit=100')).requests.map((r) => r.id)).toEqual(bySeq.rows.map((r: { id: string }) => r.id));
      expect((await board('?limit=1')).requests.map((r) => r.title)).toEqual(['Numbered 10']);
    });

    it('reports stats over visible requests, and marks the viewer’s own cards', async () => {
      const visitor = await board();
      expect(visitor.stats.categories).toMatchObject({ packaging: 1, 'signs-banners': 1, 'apparel-printing': 1 });
      expect(visitor.stats.total).toBe(Object.values(visitor.stats.categories).reduce((a, b) => a + b, 0));
      // The counts kept by triggers equal a real count of the visible rows (posts, edits and deletes so far).
      const real = await db.query(
        `SELECT category, count(*)::int AS n FROM requests.buyer_requests WHERE deleted_at IS NULL GROUP BY category`,
      );
      expect(visitor.stats.categories).toEqual(
        Object.fromEntries(real.rows.map((r: { category: string; n: number }) => [r.category, r.n])),
      );
      expect(visitor.requests.every((r) => !r.mine)).toBe(true);
      expect(JSON.stringify(visitor)).not.toContain(ada.email);
      const asAda = (await request(app.url).get('/api/buyer-requests').set('cookie', ada.cookie).expect(200))
        .body as BuyerRequestListResponse;
      expect(asAda.requests.every((r) => r.mine)).toBe(true);
      const asEve = (await request(app.url).get('/api/buyer-requests').set('cookie', eve.cookie).expect(200))
        .body as BuyerRequestListResponse;
      expect(asEve.requests.some((r) => r.mine)).toBe(false);
    });
  });

  describe('Contact Buyer', () => {
    let id: string;
    beforeAll(async () => {
      id = (
        (await post(ada.cookie, { title: 'Menu printing', description: 'Restaurant menus' }).expect(201)).body.request as BuyerRequestView
      ).id;
    });
    const contact = (headers: Record<string, string>, body: object) => {
      let r = request(app.url).post('/api/buyer-requests/contact');
      for (const [k, v] of Object.entries(headers)) r = r.set(k, v);
      return r.send(body);
    };

    it('refuses without a seller token (401), with a wrong token (401) and records nothing', async () => {
      const none = await contact({}, { requestId: id });
      expect(none.status).toBe(401);
      expect(none.body.message).toMatch(/registered sellers/);
      const wrong = await contact({ authorization: `Bearer ${'x'.repeat(43)}`, 'x-seller-id': seller.id }, { requestId: id });
      expect(wrong.status).toBe(401);
      expect(Number((await db.query('SELECT count(*) FROM requests.seller_interests')).rows[0].count)).toBe(0);
    });

    it('records interest once, with the default message, and the buyer gets exactly one email with the seller’s details', async () => {
      const auth = { authorization: `Bearer ${seller.token}`, 'x-seller-id': seller.id };
      const first = await contact(auth, { requestId: id, sellerMessage: '' });
      expect(first.status).toBe(201);
      const again = await contact(auth, { requestId: id, sellerMessage: 'Hello again' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('You have already contacted this buyer about this request.');

      const rows = (
        await db.query('SELECT seller_id, seller_business_name, message FROM requests.seller_interests WHERE request_id = $1', [id])
      ).rows;
      expect(rows).toEqual([
        { seller_id: seller.id, seller_business_name: seller.businessName, message: "I'm interested in your project!" },
      ]);

      const emails = await eventually(
        async () => {
          const found = (await mailboxFor(ada.email)).filter((m) => m.subject.includes('Menu printing'));
          return found.length > 0 ? found : undefined;
        },
        10_000,
        'the interest email',
      );
      await new Promise((r) => setTimeout(r, 500));
      const settled = (await mailboxFor(ada.email)).filter((m) => m.subject.includes('Menu printing'));
      expect(settled).toHaveLength(1);
      expect(emails[0]!.text).toContain(seller.businessName);
      expect(emails[0]!.text).toContain(seller.email);
      expect(emails[0]!.text).toContain('5551234567');
      expect(emails[0]!.text).toContain("I'm interested in your project!");
    });

    it('keeps interest records when the request is deleted, and refuses new interest with 404', async () => {
      await request(app.url).delete(`/api/buyer-requests/${id}`).set('cookie', ada.cookie).expect(200);
      expect(Number((await db.query('SELECT count(*) FROM requests.seller_interests WHERE request_id = $1', [id])).rows[0].count)).toBe(1);
      await contact({ authorization: `Bearer ${seller.token}`, 'x-seller-id': seller.id }, { requestId: id }).expect(404);
    });
  });
});
