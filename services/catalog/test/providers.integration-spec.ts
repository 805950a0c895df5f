import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import pg from 'pg';
import request from 'supertest';
import { PROVIDER_APPLICATION_MESSAGES as PM, type MailboxMessage, type ProviderApplicationView } from '@paymarket/contracts';
import { startEmbedded, type EmbeddedPayMarket } from '@paymarket/embedded';
import { adminCreate, signInNewAdmin } from '@paymarket/onboarding/testing';
import { createTestDatabase, eventually, testMessagingRuntime, type TestDatabase } from '@paymarket/platform/testing';
import { applicationInput } from './fakes.js';

jest.setTimeout(90_000);

const VALID_US = 'acct_1PMDemoPrintCo00001';
const VALID_CA = 'acct_1PMDemoMapleInk0002';
const RESTRICTED = 'acct_1PMDemoRestricted03';

// Provider applications over HTTP with the whole stack: the connected account is checked by payments (Stripe emulator).
describe('print provider applications, end to end over HTTP', () => {
  let database: TestDatabase;
  let app: EmbeddedPayMarket;
  let db: pg.Client;
  let adminCookie: string;
  let adminEmail: string;

  beforeAll(async () => {
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
    const email = `reviewer.${Date.now()}@example.com`;
    adminEmail = email;
    const password = 'a long enough admin password';
    expect(await adminCreate(['--email', email, '--password', password], { DATABASE_URL: database.url })).toBe(0);
    // Password, then the second factor enrolled on this first sign-in (ADR 0072).
    adminCookie = (await signInNewAdmin(app.url, { email, password })).cookie;
    expect(adminCookie).toBeDefined();
  });

  afterAll(async () => {
    delete process.env.RATE_LIMIT_PUBLIC_FORM;
    await db?.end();
    await app?.close();
    await database?.drop();
  });

  const applicationCount = async () => Number((await db.query('SELECT count(*) AS n FROM catalog.provider_applications')).rows[0].n);
  const mailboxFor = async (email: string) =>
    ((await request(app.url).get('/api/dev/mailbox?limit=200').expect(200)).body as MailboxMessage[]).filter((m) => m.to === email);
  /** The audit rows (ADR 0075) catalog wrote about one application. */
  const auditRows = async (applicationId: string) =>
    (
      await db.query(`SELECT payload FROM catalog.outbox WHERE name = 'audit.recorded' AND payload->'target'->>'id' = $1 ORDER BY seq`, [
        applicationId,
      ])
    ).rows.map((r: { payload: unknown }) => r.payload);
  const REVIEWER_AGENT = 'Mozilla/5.0 (provider review spec)';
  const apply = (overrides: Record<string, unknown> = {}) =>
    request(app.url).post('/api/provider-applications').send(applicationInput(overrides));

  it('validates connected accounts through payments: valid, cannot receive transfers, unknown', async () => {
    const ok = await request(app.url).post('/api/validate-stripe-account').send({ stripeAccountId: VALID_CA }).expect(200);
    expect(ok.body).toMatchObject({ valid: true, error: null, accountInfo: { country: 'CA' } });
    const restricted = await request(app.url).post('/api/validate-stripe-account').send({ stripeAccountId: RESTRICTED }).expect(200);
    expect(restricted.body).toMatchObject({ valid: false, error: expect.any(String) });
    const unknown = await request(app.url)
      .post('/api/validate-stripe-account')
      .send({ stripeAccountId: 'acct_1PMDoesNotExist0000' })
      .expect(200);
    expect(unknown.body.valid).toBe(false);
    await request(app.url).post('/api/validate-stripe-account').send({}).expect(400);
  });

  it('refuses an application whose account does not validate, storing nothing', async () => {
    const before = await applicationCount();
    const response = await apply({ stripeConnectId: RESTRICTED, email: 'refused@example.com' }).expect(422);
    expect(response.body.message).toBe(PM.INVALID_STRIPE_ACCOUNT);
    const missing = await apply({ stripeConnectId: 'acct_1PMDoesNotExist0000' }).expect(422);
    expect(missing.body.message).toBe(PM.INVALID_STRIPE_ACCOUNT);
    const rule = await apply({ terms: false }).expect(400);
    expect(rule.body.message).toBe(PM.TERMS);
    expect(await applicationCount()).toBe(before);
  });

  it('keeps admin review behind an admin session', async () => {
    await request(app.url).get('/api/admin/provider-applications?status=pending').expect(401);
    await request(app.url).post('/api/admin/provider-applications/00000000-0000-4000-8000-000000000000/approve').send({}).expect(401);
    await request(app.url).get('/api/admin/provider-applications?status=bogus').set('cookie', adminCookie).expect(400);
  });

  it('approval: the provider appears in /api/print-providers, provider.connected is published, the applicant is emailed', async () => {
    const email = `apply.${Date.now()}@example.com`;
    const submitted = await apply({ email, stripeConnectId: VALID_CA, businessName: '<script>alert("x")</script> Inks' }).expect(201);
    const id = submitted.body.application.id as string;
    await request(app.url).get('/api/print-providers').expect(200, []);
    await eventually(
      async () => ((await mailboxFor(email)).some((m) => m.subject.startsWith('We received')) ? true : undefined),
      10_000,
      'received email',
    );

    const pending = await request(app.url).get('/api/admin/provider-applications?status=pending').set('cookie', adminCookie).expect(200);
    expect((pending.body.applications as ProviderApplicationView[]).map((a) => a.id)).toContain(id);

    const approved = await request(app.url)
      .post(`/api/admin/provider-applications/${id}/approve`)
      .set('cookie', adminCookie)
      .set('x-forwarded-for', '198.51.100.31')
      .set('user-agent', REVIEWER_AGENT)
      .send({ note: 'Welcome aboard' })
      .expect(200);
    expect(approved.body).toMatchObject({ status: 'approved', decisionNote: 'Welcome aboard', decidedBy: expect.stringContaining('@') });
    // Audited once, with the decision (ADR 0075): the administrator, where from, the application and what changed.
    const approval = {
      action: 'provider.approved',
      actor: { type: 'admin', id: expect.any(String), label: adminEmail },
      ip: '198.51.100.31',
      userAgent: REVIEWER_AGENT,
      target: { type: 'provider_application', id },
      companyId: null,
      outcome: 'succeeded',
      before: { status: 'pending', note: null },
      after: { status: 'approved', note: 'Welcome aboard', providerId: approved.body.providerId },
    };
    expect(await auditRows(id)).toEqual([approval]);

    const providers = await request(app.url).get('/api/print-providers').expect(200);
    // Listed with the public profile of the application it came from (the Print Providers page's cards).
    expect(providers.body).toEqual([
      expect.objectContaining({
        id: approved.body.providerId,
        name: '<script>alert("x")</script> Inks',
        stripeAccountId: VALID_CA,
        contactName: 'Jean Roy',
        location: 'Canada and northern US',
        turnaroundTime: '3-5 business days',
      }),
    ]);

    await eventually(
      async () => {
        const rows = await db.query(
          `SELECT sent_at FROM catalog.outbox WHERE name = 'provider.connected' AND payload->>'applicationId' = $1`,
          [id],
        );
        return rows.rows[0]?.sent_at ? true : undefined;
      },
      10_000,
      'provider.connected to be published',
    );
    const decided = await eventually(
      async () => (await mailboxFor(email)).find((m) => m.subject.includes('approved')),
      10_000,
      'approval email',
    );
    expect(decided.text).toContain('Welcome aboard');

    const again = await request(app.url)
      .post(`/api/admin/provider-applications/${id}/reject`)
      .set('cookie', adminCookie)
      .send({})
      .expect(409);
    expect(again.body.message).toBe('This application has already been approved.');
    // The refused second decision recorded nothing.
    expect(await auditRows(id)).toEqual([approval]);
    // The account is now taken by a provider.
    await apply({ stripeConnectId: VALID_CA }).expect(409);
  });

  it('rejection: no provider, and the applicant is emailed with the note', async () => {
    const email = `reject.${Date.now()}@example.com`;
    const submitted = await apply({ email, stripeConnectId: VALID_US }).expect(201);
    const id = submitted.body.application.id as string;
    const rejected = await request(app.url)
      .post(`/api/admin/provider-applications/${id}/reject`)
      .set('cookie', adminCookie)
      .set('x-forwarded-for', '198.51.100.32')
      .set('user-agent', REVIEWER_AGENT)
      .send({ note: 'Please add samples of large-format work.' })
      .expect(200);
    expect(rejected.body).toMatchObject({ status: 'rejected', providerId: null });
    expect(await auditRows(id)).toEqual([
      {
        action: 'provider.rejected',
        actor: { type: 'admin', id: expect.any(String), label: adminEmail },
        ip: '198.51.100.32',
        userAgent: REVIEWER_AGENT,
        target: { type: 'provider_application', id },
        companyId: null,
        outcome: 'succeeded',
        before: { status: 'pending', note: null },
        after: { status: 'rejected', note: 'Please add samples of large-format work.' },
      },
    ]);
    const providers = (await request(app.url).get('/api/print-providers').expect(200)).body as Array<{ stripeAccountId: string }>;
    expect(providers.map((p) => p.stripeAccountId)).not.toContain(VALID_US);
    const mail = await eventually(
      async () => (await mailboxFor(email)).find((m) => m.subject.startsWith('Your PayMarket print provider application')),
      10_000,
      'rejection email',
    );
    expect(mail.text).toContain('Please add samples of large-format work.');
    await request(app.url).post('/api/admin/provider-applications/not-a-uuid/approve').set('cookie', adminCookie).send({}).expect(404);
  });

  it('files one application per Idempotency-Key: a repeat answers the first, another body under the key is refused', async () => {
    const key = randomUUID();
    const email = `once.${Date.now()}@example.com`;
    const before = await applicationCount();
    const first = await apply({ email, stripeConnectId: VALID_US }).set('Idempotency-Key', key).expect(201);
    const repeat = await apply({ email, stripeConnectId: VALID_US }).set('Idempotency-Key', key).expect(201);

    expect(repeat.body).toEqual(first.body);
    expect(await applicationCount()).toBe(before + 1);
    const events = await db.query(`SELECT name FROM catalog.outbox WHERE payload->>'applicationId' = $1`, [first.body.application.id]);
    expect(events.rows.map((r) => r.name)).toEqual(['provider.applied']);
    const kept = await db.query(`SELECT scope FROM catalog.idempotency_keys WHERE key = $1`, [key]);
    expect(kept.rows).toEqual([{ scope: 'provider-applications' }]);

    const other = await apply({ email, stripeConnectId: VALID_US, turnaroundTime: '1 week' }).set('Idempotency-Key', key).expect(422);
    expect(other.body.fields).toEqual({ 'Idempotency-Key': [expect.stringContaining('different request')] });
    await apply({ email }).set('Idempotency-Key', 'not a valid key').expect(400);
    expect(await applicationCount()).toBe(before + 1);

    await eventually(async () => ((await mailboxFor(email)).length > 0 ? true : undefined), 10_000, 'the received email');
    expect((await mailboxFor(email)).filter((m) => m.subject.startsWith('We received'))).toHaveLength(1);
  });
});
