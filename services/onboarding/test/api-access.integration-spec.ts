import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import pg from 'pg';
import request from 'supertest';
import {
  API_ACCESS_MESSAGES as M,
  CREDENTIALS_LINK_MESSAGES,
  type AdminCompaniesResponse,
  type ApiAccessResponse,
  type MailboxMessage,
} from '@paymarket/contracts';
import { startEmbedded, type EmbeddedPayMarket } from '@paymarket/embedded';
import { adminCreate, auditRows, signInNewAdmin } from '@paymarket/onboarding/testing';
import { createTestDatabase, eventually, testMessagingRuntime, type TestDatabase } from '@paymarket/platform/testing';
import { createHash } from 'node:crypto';

jest.setTimeout(90_000);

// API access requests and the admin company review over HTTP with the whole stack and a real PostgreSQL.
describe('API access requests and company review, end to end over HTTP', () => {
  let database: TestDatabase;
  let app: EmbeddedPayMarket;
  let db: pg.Client;
  let adminCookie: string;
  let adminEmail: string;
  const run = Date.now().toString(36);
  let client = 0;
  // Each simulated applicant comes from its own address, so the public-form rate limit is never what a test meets.
  const fromNewClient = () => `10.77.${Math.floor(++client / 250)}.${client % 250}`;
  const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

  const company = (overrides: Record<string, unknown> = {}) => ({
    name: 'Acme Prints Ltd',
    website: `https://acme-${run}.com`,
    email: `ops.${client + 1}@acme-${run}.com`,
    businessType: 'saas',
    contactName: 'Ada Lovelace',
    contactPhone: '+1 416 555 0134',
    taxId: 'CA-123456789',
    ...overrides,
  });
  const apply = (body: object) => request(app.url).post('/api/request-api-access').set('x-forwarded-for', fromNewClient()).send(body);
  const mailboxFor = async (email: string) =>
    ((await request(app.url).get('/api/dev/mailbox?limit=200').expect(200)).body as MailboxMessage[]).filter((m) => m.to === email);
  const storedRow = async (id: string) => (await db.query('SELECT * FROM onboarding.companies WHERE id = $1', [id])).rows[0];

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
    const email = `company.reviewer.${run}@example.com`;
    adminEmail = email;
    const password = 'a long enough admin password';
    expect(await adminCreate(['--email', email, '--password', password], { DATABASE_URL: database.url })).toBe(0);
    // Password, then the second factor enrolled on this first sign-in (ADR 0072).
    adminCookie = (await signInNewAdmin(app.url, { email, password })).cookie;
    expect(adminCookie).toBeDefined();
  });

  afterAll(async () => {
    await db?.end();
    await app?.close();
    await database?.drop();
  });

  it('approves a low-risk company at once and shows its credentials this one time; the secret is stored only hashed', async () => {
    const input = company();
    const response = await apply(input).set('x-forwarded-for', '203.0.113.71').set('user-agent', FIREFOX).expect(201);
    const body = response.body as ApiAccessResponse;
    expect(body).toMatchObject({
      success: true,
      status: 'approved',
      company: { id: expect.any(String), name: 'Acme Prints Ltd', riskScore: 0, verificationStatus: 'approved' },
      credentials: {
        apiKey: expect.stringMatching(/^pk_test_[0-9a-f]{32}$/),
        secretKey: expect.stringMatching(/^sk_test_[A-Za-z0-9_-]{43}$/),
      },
    });
    const { secretKey, apiKey } = body.credentials!;
    const row = await storedRow(body.company.id);
    expect(row).toMatchObject({ verification_status: 'approved', has_api_access: true, api_key: apiKey, email: input.email });
    expect((row.secret_key_hash as Buffer).equals(createHash('sha256').update(secretKey).digest())).toBe(true);
    // The secret appears nowhere in clear in the database.
    const dump = await db.query(`SELECT count(*)::int AS n FROM onboarding.companies c WHERE row_to_json(c)::text LIKE $1`, [
      `%${secretKey}%`,
    ]);
    expect(dump.rows[0].n).toBe(0);
    const outbox = await db.query(`SELECT count(*)::int AS n FROM onboarding.outbox WHERE payload::text LIKE $1`, [`%${secretKey}%`]);
    expect(outbox.rows[0].n).toBe(0);
    const events = await db.query(`SELECT name FROM onboarding.outbox WHERE payload->>'companyId' = $1 ORDER BY seq`, [body.company.id]);
    expect(events.rows.map((r) => r.name)).toEqual(['company.approved', 'audit.recorded']);
    // The risk checks approved it, so PayMarket itself is the actor of its one audit row (ADR 0075), from the request.
    expect(await auditRows(db, { targetId: body.company.id })).toEqual([
      {
        action: 'company.approved',
        actor: { type: 'system', id: null, label: 'automatic risk check' },
        ip: '203.0.113.71',
        userAgent: FIREFOX,
        target: { type: 'company', id: body.company.id },
        companyId: body.company.id,
        outcome: 'succeeded',
        before: null,
        after: { status: 'approved', riskScore: 0 },
      },
    ]);
    // The secret key works against the API; a wrong or missing one does not.
    const account = await request(app.url).get('/api/v1/account').set('authorization', `Bearer ${secretKey}`).expect(200);
    expect(account.body).toEqual({
      company: { id: body.company.id, name: 'Acme Prints Ltd', website: input.website, apiKey },
      livemode: false,
      keyId: expect.any(String),
      access: 'full',
    });
    await request(app.url).get('/api/v1/account').expect(401);
    await request(app.url)
      .get('/api/v1/account')
      .set('authorization', `Bearer ${secretKey.slice(0, -1)}x`)
      .expect(401);
    await request(app.url).get('/api/v1/account').set('authorization', `Bearer ${apiKey}`).expect(401);
    // The contact is told by email, without any secret in it.
    const mails = await eventually(
      async () => {
        const found = await mailboxFor(input.email);
        return found.length > 0 ? found : undefined;
      },
      10_000,
      'the approval email',
    );
    expect(mails[0]!.subject).toContain('API access approved');
    expect(JSON.stringify(mails)).not.toContain(secretKey);
  });

  it('refuses a second live application for the same email with 409', async () => {
    const input = company();
    await apply(input).expect(201);
    const approvals = (await auditRows(db, { action: 'company.approved' })).length;
    const again = await apply({ ...input, name: 'Acme Again' }).expect(409);
    expect(again.body.fields).toEqual({ email: ['An API access application for this email already exists.'] });
    // The refused repeat decided nothing, so it recorded nothing.
    expect(await auditRows(db, { action: 'company.approved' })).toHaveLength(approvals);
  });

  it('sends a free-mail applicant to review: flagged, next steps, company id, risk score and review time, no credentials', async () => {
    const email = `ada.${run}.${client + 1}@gmail.com`;
    const response = await apply(company({ email })).expect(201);
    const body = response.body as ApiAccessResponse;
    expect(body).toMatchObject({
      success: true,
      status: 'pending_review',
      company: { id: expect.any(String), riskScore: 36, verificationStatus: 'flagged' },
      nextSteps: expect.arrayContaining([expect.stringContaining(email)]),
      estimatedReviewTime: '24 hours',
    });
    expect(body.credentials).toBeUndefined();
    const row = await storedRow(body.company.id);
    expect(row).toMatchObject({ verification_status: 'flagged', has_api_access: false, api_key: null, secret_key_hash: null });
    // Nothing is decided yet: no audit row until an administrator approves it.
    expect(await auditRows(db, { targetId: body.company.id })).toEqual([]);
    await eventually(
      async () => ((await mailboxFor(email)).some((m) => m.subject.includes('under review')) ? true : undefined),
      10_000,
      'the review email',
    );
  });

  it('rejects a disposable-email applicant with the reason and the appeal process', async () => {
    const response = await apply(company({ email: `x.${run}@mailinator.com` }))
      .set('x-forwarded-for', '203.0.113.72')
      .set('user-agent', FIREFOX)
      .expect(201);
    const body = response.body as ApiAccessResponse;
    expect(body).toMatchObject({
      success: false,
      status: 'rejected',
      reason: expect.stringContaining('mailinator.com is a disposable email service.'),
      appeal: { process: expect.any(String), email: expect.stringContaining('@') },
      company: { verificationStatus: 'rejected' },
    });
    expect(body.company.riskScore).toBeGreaterThanOrEqual(70);
    expect(body.credentials).toBeUndefined();
    // One audit row: the risk checks rejected it, with the score and the reason the applicant was given.
    expect(await auditRows(db, { targetId: body.company.id })).toEqual([
      {
        action: 'company.rejected',
        actor: { type: 'system', id: null, label: 'automatic risk check' },
        ip: '203.0.113.72',
        userAgent: FIREFOX,
        target: { type: 'company', id: body.company.id },
        companyId: body.company.id,
        outcome: 'succeeded',
        before: null,
        after: { status: 'rejected', riskScore: body.company.riskScore, reason: body.reason },
      },
    ]);
    // The audit log accepts a system actor and appends the row, shown in the company's console too.
    const appended = await eventually(
      async () =>
        (
          await db.query(`SELECT actor_type, actor_id, actor_label, company_id FROM onboarding.audit_log WHERE target_id = $1`, [
            body.company.id,
          ])
        ).rows[0],
      10_000,
      'the appended audit row',
    );
    expect(appended).toEqual({ actor_type: 'system', actor_id: null, actor_label: 'automatic risk check', company_id: body.company.id });
  });

  it('answers 400 naming the field for invalid input, storing nothing', async () => {
    const before = Number((await db.query('SELECT count(*) AS n FROM onboarding.companies')).rows[0].n);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: '' }, 'name', M.NAME],
      [{ website: 'not a url' }, 'website', M.WEBSITE],
      [{ email: 'nope' }, 'email', M.EMAIL],
      [{ businessType: 'casino' }, 'businessType', M.BUSINESS_TYPE],
      [{ contactName: '   ' }, 'contactName', M.CONTACT_NAME],
      [{ taxId: 12 }, 'taxId', M.TAX_ID],
    ];
    for (const [override, field, message] of cases) {
      const response = await apply(company(override)).expect(400);
      expect(response.body.fields).toEqual({ [field]: [message] });
    }
    const missing = await apply({}).expect(400);
    expect(Object.keys(missing.body.fields).sort()).toEqual(['businessType', 'contactName', 'email', 'name', 'website']);
    await apply({ ...company(), extra: 1 }).expect(400);
    expect(Number((await db.query('SELECT count(*) AS n FROM onboarding.companies')).rows[0].n)).toBe(before);
  });

  it('lets only administrators list and approve companies', async () => {
    await request(app.url).get('/api/admin/companies').expect(401);
    await request(app.url).post(`/api/admin/approve-company/00000000-0000-4000-8000-000000000000`).send({ notes: 'x' }).expect(401);
    // A real buyer session is not an admin session, in either cookie.
    const buyer = `buyer.${run}@example.com`;
    await request(app.url)
      .post('/api/register-buyer')
      .set('x-forwarded-for', fromNewClient())
      .send({ name: 'Bea', email: buyer })
      .expect(201);
    await request(app.url).post('/api/auth/sign-in/code').send({ email: buyer }).expect(202);
    const code = await eventually(
      async () => (await mailboxFor(buyer)).map((m) => /sign-in code: (\d{6})/.exec(m.subject)?.[1]).find(Boolean),
      10_000,
      'the sign-in code',
    );
    const verified = await request(app.url).post('/api/auth/sign-in/verify').send({ email: buyer, code }).expect(200);
    const buyerToken = ([] as string[])
      .concat(verified.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith('pm_session='))!
      .slice('pm_session='.length);
    await request(app.url).get('/api/admin/companies').set('cookie', `pm_session=${buyerToken}`).expect(401);
    await request(app.url).get('/api/admin/companies').set('cookie', `pm_admin=${buyerToken}`).expect(401);
    await request(app.url)
      .post('/api/admin/approve-company/00000000-0000-4000-8000-000000000000')
      .set('cookie', `pm_admin=${buyerToken}`)
      .send({})
      .expect(401);
    await request(app.url).get('/api/admin/companies').set('cookie', 'pm_admin=forged-token').expect(401);
  });

  it('lists companies with counts and check details, and approves a flagged company once: 404 unknown, 409 decided', async () => {
    const email = `grace.${run}@yahoo.com`;
    const flagged = (await apply(company({ email, name: 'Hopper Labs' })).expect(201)).body as ApiAccessResponse;
    const rejected = (await apply(company({ email: `r.${run}@yopmail.com` })).expect(201)).body as ApiAccessResponse;

    const list = (await request(app.url).get('/api/admin/companies').set('cookie', adminCookie).expect(200)).body as AdminCompaniesResponse;
    expect(list.total).toBe(list.companies.length);
    expect(list.approved + list.flagged + list.pending + list.rejected).toBe(list.total);
    expect(list.flagged).toBeGreaterThanOrEqual(2);
    expect(list.rejected).toBeGreaterThanOrEqual(2);
    const listed = list.companies.find((c) => c.id === flagged.company.id)!;
    expect(listed).toMatchObject({ name: 'Hopper Labs', email, verificationStatus: 'flagged', riskScore: 36, hasApiAccess: false });
    expect(listed.checksDetails).toHaveLength(8);
    expect(listed.checksDetails[0]).toEqual({ type: 'website_format', status: 'pass', score: 100, detail: expect.any(String) });
    // Nothing secret ever leaves in the admin list.
    const raw = JSON.stringify(list);
    expect(raw).not.toMatch(/secret|sk_test_|whsec_|credentials_link/i);

    await request(app.url)
      .post('/api/admin/approve-company/00000000-0000-4000-8000-000000000000')
      .set('cookie', adminCookie)
      .send({})
      .expect(404);
    await request(app.url).post('/api/admin/approve-company/not-a-uuid').set('cookie', adminCookie).send({}).expect(404);
    await request(app.url)
      .post(`/api/admin/approve-company/${flagged.company.id}`)
      .set('cookie', adminCookie)
      .send({ notes: 7 })
      .expect(400);

    const approved = await request(app.url)
      .post(`/api/admin/approve-company/${flagged.company.id}`)
      .set('cookie', adminCookie)
      .set('x-forwarded-for', '203.0.113.61')
      .set('user-agent', 'Mozilla/5.0 (Macintosh) Safari/605.1.15')
      .send({ notes: 'Called the contact; the gmail address is the founder’s.' })
      .expect(200);
    expect(approved.body).toMatchObject({
      success: true,
      company: {
        id: flagged.company.id,
        name: 'Hopper Labs',
        verificationStatus: 'approved',
        hasApiAccess: true,
        verificationNotes: expect.stringContaining('Called'),
      },
    });
    expect(JSON.stringify(approved.body)).not.toMatch(/sk_test_|whsec_/);
    const conflict = await request(app.url)
      .post(`/api/admin/approve-company/${flagged.company.id}`)
      .set('cookie', adminCookie)
      .send({})
      .expect(409);
    expect(conflict.body.message).toContain('already approved');
    await request(app.url).post(`/api/admin/approve-company/${rejected.company.id}`).set('cookie', adminCookie).send({}).expect(409);
    // One audit row (ADR 0075) by the administrator, in the company's trail too; the refused repeat recorded nothing.
    const adminId = ((await db.query('SELECT id FROM onboarding.admins WHERE email = $1', [adminEmail])).rows[0] as { id: string }).id;
    expect(await auditRows(db, { targetId: flagged.company.id })).toEqual([
      {
        action: 'company.approved',
        actor: { type: 'admin', id: adminId, label: adminEmail },
        ip: '203.0.113.61',
        userAgent: 'Mozilla/5.0 (Macintosh) Safari/605.1.15',
        target: { type: 'company', id: flagged.company.id },
        companyId: flagged.company.id,
        outcome: 'succeeded',
        before: { status: 'flagged', notes: null },
        after: { status: 'approved', notes: 'Called the contact; the gmail address is the founder’s.' },
      },
    ]);
    // The rejected one keeps only the risk checks' row: the refused approval added none.
    expect((await auditRows(db, { targetId: rejected.company.id })).map((r) => [r.action, r.actor.type])).toEqual([
      ['company.rejected', 'system'],
    ]);

    // The contact gets a one-time link; the token is stored only as a hash.
    const link = await eventually(
      async () =>
        (await mailboxFor(email)).map((m) => /(\/api-access\?company=[0-9a-f-]+&token=[A-Za-z0-9_-]+)/.exec(m.text)?.[1]).find(Boolean),
      10_000,
      'the credentials link email',
    );
    const url = new URL(link, 'http://x');
    const token = url.searchParams.get('token')!;
    const row = await storedRow(flagged.company.id);
    expect((row.credentials_link_hash as Buffer).equals(createHash('sha256').update(token).digest())).toBe(true);
    expect(row.api_key).toBeNull();

    const wrong = await request(app.url)
      .post('/api/api-access/credentials')
      .send({ companyId: flagged.company.id, token: 'x'.repeat(43) })
      .expect(400);
    expect(wrong.body.message).toBe(CREDENTIALS_LINK_MESSAGES.INVALID);

    const revealed = await request(app.url).post('/api/api-access/credentials').send({ companyId: flagged.company.id, token }).expect(200);
    expect(revealed.body).toMatchObject({
      company: { id: flagged.company.id, name: 'Hopper Labs' },
      credentials: {
        apiKey: expect.stringMatching(/^pk_test_/),
        secretKey: expect.stringMatching(/^sk_test_/),
      },
    });
    const after = await storedRow(flagged.company.id);
    expect(after.api_key).toBe(revealed.body.credentials.apiKey);
    expect((after.secret_key_hash as Buffer).equals(createHash('sha256').update(revealed.body.credentials.secretKey).digest())).toBe(true);
    expect(after.credentials_link_used_at).not.toBeNull();
    // The link works once, and the revealed secret key works against the API.
    await request(app.url).post('/api/api-access/credentials').send({ companyId: flagged.company.id, token }).expect(400);
    const account = await request(app.url)
      .get('/api/v1/account')
      .set('authorization', `Bearer ${revealed.body.credentials.secretKey}`)
      .expect(200);
    expect(account.body.company).toMatchObject({ id: flagged.company.id, name: 'Hopper Labs' });
  });
});
