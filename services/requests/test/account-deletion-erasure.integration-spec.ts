import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import request from 'supertest';
import type { BuyerRequestListResponse, BuyerRequestView, MailboxMessage, RegisterSellerResponse } from '@paymarket/contracts';
import { startEmbedded, type EmbeddedPayMarket } from '@paymarket/embedded';
import { createTestDatabase, eventually, testMessagingRuntime, type TestDatabase } from '@paymarket/platform/testing';

jest.setTimeout(120_000);

const CONFIRM_LINK = /\/delete-account\/confirm\?token=([A-Za-z0-9_-]{43})/;
const DELETED_SUBJECT = 'Your PayMarket account has been deleted';

interface Buyer {
  id: string;
  email: string;
  name: string;
  cookie: string;
}

// ADR 0029: a confirmed deletion erases the buyer in requests and notifications too, over HTTP on a real PostgreSQL.
describe('account deletion erases the buyer in every service, end to end over HTTP', () => {
  let database: TestDatabase;
  let app: EmbeddedPayMarket;
  let db: pg.Client;
  const run = Date.now().toString(36);
  let client = 0;
  let ada: Buyer;
  let eve: Buyer;
  let adaRequests: string[];
  let eveRequest: string;

  // Each call looks like a new client to the public-form rate limit.
  const from = <T extends request.Test>(test: T): T =>
    test.set('X-Forwarded-For', `10.88.${Math.floor(client / 250)}.${(client++ % 250) + 1}`);
  const post = (path: string, body: object, headers: Record<string, string> = {}) => {
    let r = from(request(app.url).post(path));
    for (const [k, v] of Object.entries(headers)) r = r.set(k, v);
    return r.send(body);
  };
  const mailbox = async (): Promise<MailboxMessage[]> =>
    (await request(app.url).get('/api/dev/mailbox?limit=200').expect(200)).body as MailboxMessage[];
  const mailboxFor = async (email: string): Promise<MailboxMessage[]> => (await mailbox()).filter((m) => m.to === email);
  const mailWith = (email: string, subject: (s: string) => boolean, what: string): Promise<MailboxMessage> =>
    eventually(async () => (await mailboxFor(email)).find((m) => subject(m.subject)), 10_000, what);
  const board = async (): Promise<BuyerRequestListResponse> =>
    (await request(app.url).get('/api/buyer-requests?limit=50').expect(200)).body as BuyerRequestListResponse;
  const rowsOf = async (buyerId: string) =>
    (await db.query('SELECT * FROM requests.buyer_requests WHERE buyer_id = $1 ORDER BY seq', [buyerId])).rows;
  const allEmails = async () => (await db.query('SELECT * FROM notifications.emails ORDER BY created_at, id')).rows;
  const unsentOnboardingEvents = async () =>
    Number((await db.query('SELECT count(*) FROM onboarding.outbox WHERE sent_at IS NULL')).rows[0].count);

  async function signedInBuyer(name: string): Promise<Buyer> {
    const email = `${name.toLowerCase()}.${run}@example.com`;
    const registered = await post('/api/register-buyer', { name, email, company: `${name} Ltd`, requirements: 'Cards' }).expect(201);
    await post('/api/auth/sign-in/code', { email }).expect(202);
    const code = await eventually(
      async () => (await mailboxFor(email)).map((m) => /sign-in code: (\d{6})/.exec(m.subject)?.[1]).find(Boolean),
      10_000,
      `the sign-in code for ${email}`,
    );
    const response = await post('/api/auth/sign-in/verify', { email, code }).expect(200);
    const cookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((c) => c.startsWith('pm_session='));
    expect(cookie).toBeDefined();
    return { id: (registered.body as { buyer: { id: string } }).buyer.id, email, name, cookie: cookie!.split(';')[0]! };
  }

  const postRequest = async (buyer: Buyer, title: string, category: string): Promise<string> =>
    (
      (
        await post(
          '/api/buyer-requests',
          {
            title,
            description: `Please call ${buyer.name}`,
            category,
            budget: '$200',
            timeline: '2 weeks',
            location: `${run} Baker Street`,
          },
          { cookie: buyer.cookie },
        ).expect(201)
      ).body.request as BuyerRequestView
    ).id;

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

    ada = await signedInBuyer('Adalyn');
    eve = await signedInBuyer('Evelina');
    adaRequests = [
      await postRequest(ada, `Wedding invitations ${run}`, 'marketing-materials'),
      await postRequest(ada, `Tote bags ${run}`, 'promotional-products'),
    ];
    eveRequest = await postRequest(eve, `Shop banner ${run}`, 'signs-banners');

    // A seller contacts both buyers, so each gets an interest email and the requests hold interest records.
    const businessName = `Print Co ${run}`;
    const seller = (
      await post('/api/register-seller', {
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
      }).expect(201)
    ).body as RegisterSellerResponse;
    const auth = { authorization: `Bearer ${seller.authToken}`, 'x-seller-id': seller.seller.id };
    await post('/api/buyer-requests/contact', { requestId: adaRequests[0], sellerMessage: 'Hi Adalyn, we can do it' }, auth).expect(201);
    await post('/api/buyer-requests/contact', { requestId: eveRequest, sellerMessage: 'Hi Evelina' }, auth).expect(201);
    await mailWith(ada.email, (s) => s.includes('Wedding invitations'), 'the interest email to Ada');
    await mailWith(eve.email, (s) => s.includes('Shop banner'), 'the interest email to Eve');
  });

  afterAll(async () => {
    await db?.end();
    await app?.close();
    await database?.drop();
  });

  it('confirmed deletion: requests leave the board, no table keeps the email or name, old emails are redacted', async () => {
    const before = await board();
    expect(before.requests.map((r) => r.id)).toEqual(expect.arrayContaining([...adaRequests, eveRequest]));
    const eveEmailsBefore = (await allEmails()).filter((e) => e.to_address === eve.email);
    const eveRowBefore = await rowsOf(eve.id);

    await post('/api/account-deletion-requests', { email: ada.email, confirmation: 'DELETE' }).expect(202);
    const link = await mailWith(ada.email, (s) => s === 'Confirm the deletion of your PayMarket account', 'the confirmation link');
    const token = CONFIRM_LINK.exec(link.text)![1]!;
    // Let the relay mark everything published, so the outbox redaction below is deterministic.
    await eventually(async () => ((await unsentOnboardingEvents()) === 0 ? true : undefined), 10_000, 'onboarding outbox drained');
    await post('/api/account-deletion-requests/confirm', { token }).expect(200);

    // The final email is kept (it proves the deletion was carried out) and is the only message left to the address.
    await mailWith(ada.email, (s) => s === DELETED_SUBJECT, 'the account-deleted email');
    const left = await eventually(
      async () => {
        const mine = await mailboxFor(ada.email);
        return mine.length === 1 ? mine : undefined;
      },
      10_000,
      'the older emails to Ada redacted',
    );
    expect(left.map((m) => m.subject)).toEqual([DELETED_SUBJECT]);
    expect(left[0]!.text).not.toContain('Adalyn');

    // Board: Ada's requests are gone (an erasure, like an owner's delete), the stats match the visible rows.
    const after = await eventually(
      async () => {
        const b = await board();
        return b.requests.some((r) => adaRequests.includes(r.id)) ? undefined : b;
      },
      10_000,
      'Ada’s requests off the board',
    );
    expect(after.requests.map((r) => r.id)).toContain(eveRequest);
    expect(after.stats.total).toBe(before.stats.total - 2);
    const counted = (
      await db.query(
        `SELECT category, count(*)::int AS n FROM requests.buyer_requests WHERE deleted_at IS NULL GROUP BY category ORDER BY category`,
      )
    ).rows;
    expect(after.stats.categories).toEqual(Object.fromEntries(counted.map((r) => [r.category, r.n])));
    const deletedEvents = (await db.query(`SELECT payload FROM requests.outbox WHERE name = 'request.deleted'`)).rows;
    expect(deletedEvents.map((r) => r.payload.requestId).sort()).toEqual([...adaRequests].sort());

    // Tables: the rows stay (soft delete, interest records) but hold nothing about Ada.
    const adaRows = await rowsOf(ada.id);
    expect(adaRows).toHaveLength(2);
    for (const row of adaRows) {
      expect(row).toMatchObject({
        buyer_email: `deleted-${ada.id}@deleted.invalid`,
        buyer_name: 'Deleted buyer',
        title: 'Deleted request',
        description: '',
        location: '',
        deleted_at: expect.any(Date),
      });
    }
    const interests = (await db.query('SELECT request_id, message FROM requests.seller_interests ORDER BY created_at')).rows;
    expect(interests).toEqual([
      { request_id: adaRequests[0], message: '' },
      { request_id: eveRequest, message: 'Hi Evelina' },
    ]);
    const traces = [ada.email, 'Adalyn', 'Baker Street', 'Wedding invitations'];
    const requestsDump = JSON.stringify([adaRows, interests, (await db.query('SELECT payload FROM requests.outbox')).rows]);
    for (const trace of traces) expect(requestsDump).not.toContain(trace);
    const emailsDump = JSON.stringify((await allEmails()).filter((e) => e.subject !== DELETED_SUBJECT));
    expect(emailsDump).not.toContain(ada.email);
    expect(emailsDump).not.toContain('Adalyn');
    const redacted = (await allEmails()).filter((e) => e.to_address === `deleted-${ada.id}@deleted.invalid`);
    // Welcome, sign-in code, interest and deletion-link emails: still logged as written, not what or to whom.
    expect(redacted.length).toBeGreaterThanOrEqual(4);
    expect(redacted.every((e) => e.text === '' && e.html === null)).toBe(true);
    // Onboarding's published events no longer carry the address, name or link; only the deletion event itself does.
    const onboardingDump = JSON.stringify(
      (await db.query(`SELECT payload FROM onboarding.outbox WHERE name <> 'account.deletion_requested'`)).rows,
    );
    expect(onboardingDump).not.toContain(ada.email);
    expect(onboardingDump).not.toContain('Adalyn');
    expect(onboardingDump).not.toContain(token);

    // Another buyer is untouched.
    expect(await rowsOf(eve.id)).toEqual(eveRowBefore);
    expect((await allEmails()).filter((e) => e.to_address === eve.email)).toEqual(eveEmailsBefore);
    expect((await mailboxFor(eve.email)).length).toBe(eveEmailsBefore.length);
  });

  it('delivering the event again changes nothing more', async () => {
    const event = (
      await db.query(`SELECT id FROM onboarding.outbox WHERE name = 'account.deletion_requested' AND payload->>'buyerId' = $1`, [ada.id])
    ).rows[0];
    expect(event).toBeDefined();
    // Markers a second erasure would change: an old updated_at on Ada's rows, and a later email to her old address.
    await db.query(`UPDATE requests.buyer_requests SET updated_at = '2000-01-01T00:00:00Z' WHERE buyer_id = $1`, [ada.id]);
    const marker = randomUUID();
    await db.query(
      `INSERT INTO notifications.emails (id, to_address, subject, text, status) VALUES ($1, $2, 'Later email', 'hello', 'stored')`,
      [marker, ada.email],
    );
    const requestsBefore = await rowsOf(ada.id);
    const emailsBefore = await allEmails();
    const requestEventsBefore = Number((await db.query('SELECT count(*) FROM requests.outbox')).rows[0].count);

    // The relay sends the same envelope (same id) again, as after a lost broker confirm.
    await db.query('UPDATE onboarding.outbox SET sent_at = NULL WHERE id = $1', [event.id]);
    await eventually(
      async () => ((await db.query('SELECT sent_at FROM onboarding.outbox WHERE id = $1', [event.id])).rows[0].sent_at ? true : undefined),
      10_000,
      'the event re-sent',
    );
    await new Promise((r) => setTimeout(r, 1500));

    expect(await rowsOf(ada.id)).toEqual(requestsBefore);
    expect(await allEmails()).toEqual(emailsBefore);
    expect((await mailboxFor(ada.email)).map((m) => m.subject).sort()).toEqual([DELETED_SUBJECT, 'Later email'].sort());
    expect(Number((await db.query('SELECT count(*) FROM requests.outbox')).rows[0].count)).toBe(requestEventsBefore);
    const inbox = (
      await db.query(
        `SELECT consumer FROM requests.inbox WHERE event_id = $1 UNION ALL
      SELECT consumer FROM notifications.inbox WHERE event_id = $1 ORDER BY consumer`,
        [event.id],
      )
    ).rows.map((r) => r.consumer);
    expect(inbox).toEqual(['account-deleted-email', 'account-deleted-email-erasure', 'buyer-data-erasure']);
  });
});
