import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import pg from 'pg';
import request from 'supertest';
import { ACCOUNT_DELETION_MESSAGES, type MailboxMessage } from '@paymarket/contracts';
import { startEmbedded, type EmbeddedPayMarket } from '@paymarket/embedded';
import { auditRows } from '@paymarket/onboarding/testing';
import { createTestDatabase, eventually, testMessagingRuntime, type TestDatabase } from '@paymarket/platform/testing';

jest.setTimeout(90_000);

const CONFIRM_LINK = /(https?:\/\/\S+\/delete-account\/confirm\?token=([A-Za-z0-9_-]{43}))/;

// The whole product in one process over HTTP: request → emailed link → confirm, on a real PostgreSQL.
describe('account deletion requests, end to end over HTTP', () => {
  let database: TestDatabase;
  let app: EmbeddedPayMarket;
  let db: pg.Client;
  const run = Date.now().toString(36);
  let client = 0;

  // Each call looks like a new client to the public-form rate limit.
  const from = <T extends request.Test>(test: T): T =>
    test.set('X-Forwarded-For', `10.77.${Math.floor(client / 250)}.${(client++ % 250) + 1}`);
  const post = (path: string, body: object) => from(request(app.url).post(path)).send(body);
  const deletionRequest = (body: object) => post('/api/account-deletion-requests', body);
  const confirm = (token: string) => post('/api/account-deletion-requests/confirm', { token });

  const mailboxFor = async (email: string): Promise<MailboxMessage[]> => {
    const response = await request(app.url).get('/api/dev/mailbox?limit=200').expect(200);
    return (response.body as MailboxMessage[]).filter((m) => m.to === email);
  };
  const mailWith = (email: string, subject: string): Promise<MailboxMessage> =>
    eventually(async () => (await mailboxFor(email)).find((m) => m.subject === subject), 10_000, `"${subject}" to ${email}`);
  const confirmationToken = async (email: string): Promise<string> => {
    const mail = await mailWith(email, 'Confirm the deletion of your PayMarket account');
    return CONFIRM_LINK.exec(mail.text)![2]!;
  };

  async function signedInBuyer(name: string): Promise<{ id: string; email: string; cookie: string }> {
    const email = `${name.toLowerCase()}.${run}@example.com`;
    const registered = await from(request(app.url).post('/api/register-buyer'))
      .send({ name, email, company: 'Acme', requirements: 'Cards' })
      .expect(201);
    await from(request(app.url).post('/api/auth/sign-in/code')).send({ email }).expect(202);
    const code = await eventually(
      async () => (await mailboxFor(email)).map((m) => /sign-in code: (\d{6})/.exec(m.subject)?.[1]).find(Boolean),
      10_000,
      `the sign-in code for ${email}`,
    );
    const response = await from(request(app.url).post('/api/auth/sign-in/verify')).send({ email, code }).expect(200);
    const cookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((c) => c.startsWith('pm_session='));
    expect(cookie).toBeDefined();
    return { id: (registered.body as { buyer: { id: string } }).buyer.id, email, cookie: cookie!.split(';')[0]! };
  }

  const buyerRow = async (id: string) => (await db.query('SELECT * FROM onboarding.buyers WHERE id = $1', [id])).rows[0];
  const requestRows = async (buyerId: string) =>
    (await db.query('SELECT * FROM onboarding.account_deletion_requests WHERE buyer_id = $1 ORDER BY created_at', [buyerId])).rows;

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

  it.each([
    [
      'a lower-case confirmation',
      { email: 'ada@example.com', confirmation: 'delete' },
      'confirmation',
      ACCOUNT_DELETION_MESSAGES.CONFIRMATION_HINT,
    ],
    [
      'a confirmation with a space',
      { email: 'ada@example.com', confirmation: ' DELETE' },
      'confirmation',
      ACCOUNT_DELETION_MESSAGES.CONFIRMATION_HINT,
    ],
    ['no confirmation', { email: 'ada@example.com' }, 'confirmation', ACCOUNT_DELETION_MESSAGES.CONFIRMATION_HINT],
    ['no email', { confirmation: 'DELETE' }, 'email', ACCOUNT_DELETION_MESSAGES.EMAIL_HINT],
    ['an empty email', { email: '', confirmation: 'DELETE' }, 'email', ACCOUNT_DELETION_MESSAGES.EMAIL_HINT],
    ['an invalid email', { email: 'not-an-email', confirmation: 'DELETE' }, 'email', ACCOUNT_DELETION_MESSAGES.EMAIL_INVALID],
    [
      'a reason over 1000 characters',
      { email: 'ada@example.com', confirmation: 'DELETE', reason: 'x'.repeat(1001) },
      'reason',
      ACCOUNT_DELETION_MESSAGES.REASON_TOO_LONG,
    ],
  ])('refuses %s with 400 naming the field', async (_label, body, field, message) => {
    const response = await deletionRequest(body).expect(400);
    expect(response.body.message).toBe(message);
    expect(response.body.fields).toEqual({ [field]: [message] });
  });

  it('answers an unknown email exactly like a known one, stores nothing and mails a short note', async () => {
    const unknown = `nobody.${run}@example.com`;
    const known = await signedInBuyer('Kim');
    const a = await deletionRequest({ email: unknown, confirmation: 'DELETE' }).expect(202);
    const b = await deletionRequest({ email: known.email, confirmation: 'DELETE' }).expect(202);
    expect(a.body).toEqual(b.body);
    expect(a.body).toEqual({ message: ACCOUNT_DELETION_MESSAGES.REQUEST_RECEIVED });
    const note = await mailWith(unknown, 'Your PayMarket account deletion request');
    expect(note.text).toContain('no PayMarket account uses it');
    expect(note.text).not.toMatch(CONFIRM_LINK);
    expect(
      Number((await db.query('SELECT count(*) FROM onboarding.account_deletion_requests WHERE email = $1', [unknown])).rows[0].count),
    ).toBe(0);
  });

  it('emails a one-time link, and confirming it erases the buyer, revokes every session and cannot be reused', async () => {
    const ada = await signedInBuyer('Ada');
    await request(app.url).get('/api/auth/me').set('cookie', ada.cookie).expect(200);

    await deletionRequest({ email: ada.email.toUpperCase(), reason: 'Moving on', confirmation: 'DELETE' }).expect(202);
    const mail = await mailWith(ada.email, 'Confirm the deletion of your PayMarket account');
    const [, link, token] = CONFIRM_LINK.exec(mail.text)!;
    expect(link).toMatch(/^http:\/\/localhost:3000\/delete-account\/confirm\?token=/);
    expect(mail.text).toContain('24 hours');
    // Nothing happens before the owner confirms, and only the token's hash is stored.
    await request(app.url).get('/api/auth/me').set('cookie', ada.cookie).expect(200);
    const [stored] = await requestRows(ada.id);
    expect(stored).toMatchObject({ email: ada.email, reason: 'Moving on', confirmed_at: null });
    expect(stored.token_hash).not.toContain(token);

    const confirmed = await request(app.url)
      .post('/api/account-deletion-requests/confirm')
      .set('x-forwarded-for', '203.0.113.29')
      .set('user-agent', 'Mozilla/5.0 (iPhone) Safari/604.1')
      .send({ token })
      .expect(200);
    expect(confirmed.body).toEqual({ message: ACCOUNT_DELETION_MESSAGES.DELETED, deletedAt: expect.any(String) });
    expect(([] as string[]).concat(confirmed.headers['set-cookie'] ?? []).join(';')).toMatch(/pm_session=;/);

    // Personal data erased (a tombstone keeps the id), sign-in codes gone, sessions revoked.
    const buyer = await buyerRow(ada.id);
    expect(buyer).toMatchObject({
      name: 'Deleted buyer',
      email: `deleted-${ada.id}@deleted.invalid`,
      company: null,
      requirements: null,
      deleted_at: expect.any(Date),
    });
    expect(JSON.stringify(buyer)).not.toContain(ada.email);
    expect(Number((await db.query('SELECT count(*) FROM onboarding.sign_in_codes WHERE email = $1', [ada.email])).rows[0].count)).toBe(0);
    const me = await request(app.url).get('/api/auth/me').set('cookie', ada.cookie).expect(401);
    expect(me.body.message).toBe('Please sign in to continue.');
    const [done] = await requestRows(ada.id);
    expect(done).toMatchObject({ email: null, confirmed_at: expect.any(Date) });

    // The event for the other services went through the outbox, and the owner got the final confirmation email.
    const events = await db.query(`SELECT payload FROM onboarding.outbox WHERE name = 'account.deletion_requested'`);
    expect(events.rows.map((r) => r.payload)).toContainEqual(expect.objectContaining({ buyerId: ada.id, email: ada.email }));
    await mailWith(ada.email, 'Your PayMarket account has been deleted');

    // The link works once; the email can no longer sign in, and may register again.
    expect((await confirm(token!).expect(400)).body.message).toBe(ACCOUNT_DELETION_MESSAGES.LINK_USED);
    await from(request(app.url).post('/api/register-buyer')).send({ name: 'Ada again', email: ada.email }).expect(201);

    // One audit row (ADR 0075), none for the refused second use. It outlives the personal data: the account by id, the
    // actor as "account holder", never the email.
    const audited = await auditRows(db, { targetId: ada.id });
    expect(audited).toEqual([
      {
        action: 'account.erased',
        actor: { type: 'account', id: ada.id, label: 'account holder' },
        ip: '203.0.113.29',
        userAgent: 'Mozilla/5.0 (iPhone) Safari/604.1',
        target: { type: 'account', id: ada.id },
        companyId: null,
        outcome: 'succeeded',
        before: { status: 'active' },
        // Registering signed Ada in, and so did the emailed code: two sessions.
        after: { status: 'erased', sessionsEnded: 2 },
      },
    ]);
    expect(JSON.stringify(audited)).not.toContain(ada.email);
  });

  it('refuses an expired link and an unknown or malformed token with 400, never a 500', async () => {
    const eve = await signedInBuyer('Eve');
    await deletionRequest({ email: eve.email, confirmation: 'DELETE' }).expect(202);
    const token = await confirmationToken(eve.email);
    await db.query(`UPDATE onboarding.account_deletion_requests SET expires_at = now() - interval '1 second' WHERE buyer_id = $1`, [
      eve.id,
    ]);

    expect((await confirm(token).expect(400)).body.message).toBe(ACCOUNT_DELETION_MESSAGES.LINK_EXPIRED);
    await request(app.url).get('/api/auth/me').set('cookie', eve.cookie).expect(200);
    expect((await buyerRow(eve.id)).deleted_at).toBeNull();

    expect((await confirm('A'.repeat(43)).expect(400)).body.message).toBe(ACCOUNT_DELETION_MESSAGES.LINK_INVALID);
    expect((await confirm('short').expect(400)).body.fields).toEqual({ token: [ACCOUNT_DELETION_MESSAGES.LINK_INVALID] });
    await post('/api/account-deletion-requests/confirm', {}).expect(400);
  });

  it('sends one link for a request repeated within a minute (a double submit or a retry), and keeps the first live', async () => {
    const lea = await signedInBuyer('Lea');
    await deletionRequest({ email: lea.email, confirmation: 'DELETE' }).expect(202);
    const first = await confirmationToken(lea.email);
    expect((await deletionRequest({ email: lea.email, confirmation: 'DELETE' }).expect(202)).body).toEqual({
      message: ACCOUNT_DELETION_MESSAGES.REQUEST_RECEIVED,
    });
    const outbox = await db.query(
      `SELECT count(*)::int AS n FROM onboarding.outbox WHERE name = 'account.deletion_confirmation_requested' AND payload->>'email' = $1`,
      [lea.email],
    );
    expect(outbox.rows[0].n).toBe(1);
    expect(await requestRows(lea.id)).toHaveLength(1);
    await confirm(first).expect(200);
  });

  it('keeps one live link per account: a newer request (after a minute) replaces the older one', async () => {
    const max = await signedInBuyer('Max');
    await deletionRequest({ email: max.email, confirmation: 'DELETE' }).expect(202);
    const first = await confirmationToken(max.email);
    await db.query(`UPDATE onboarding.account_deletion_requests SET created_at = created_at - interval '61 seconds' WHERE buyer_id = $1`, [
      max.id,
    ]);
    await deletionRequest({ email: max.email, confirmation: 'DELETE' }).expect(202);
    const second = await eventually(
      async () => (await mailboxFor(max.email)).map((m) => CONFIRM_LINK.exec(m.text)?.[2]).find((t) => t !== undefined && t !== first),
      10_000,
      'the second link',
    );
    expect(await requestRows(max.id)).toHaveLength(1);
    expect((await confirm(first).expect(400)).body.message).toBe(ACCOUNT_DELETION_MESSAGES.LINK_INVALID);
    await confirm(second!).expect(200);
  });
});
