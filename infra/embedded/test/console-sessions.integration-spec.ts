import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import request from 'supertest';
import { AUTH_MESSAGES, type AccountSession, type MailboxMessage } from '@paymarket/contracts';
import { auditRows } from '@paymarket/onboarding/testing';
import { eventually } from '@paymarket/platform/testing';
import type { EmbeddedPayMarket } from '../src/start-embedded.js';
import { approvedCompany, ipsFrom, startTestApp, type ApprovedCompany, type TestApp } from './support/integrator-test-app.js';

jest.setTimeout(120_000);

const freshIp = ipsFrom('10.96');
const SAFARI_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

// ADR 0074 over HTTP: a developer-console user lists the company's console sessions and ends them; the console's own
// cookie is the only way in (a secret key is not a person signed in).
describe('developer console sessions', () => {
  let testApp: TestApp;
  let app: EmbeddedPayMarket;
  let db: pg.Client;
  const run = Date.now().toString(36);
  let acme: ApprovedCompany;
  let globex: ApprovedCompany;

  beforeAll(async () => {
    testApp = await startTestApp();
    ({ app, db } = testApp);
    acme = await approvedCompany(app.url, 'Acme Sessions', freshIp(), run);
    globex = await approvedCompany(app.url, 'Globex Sessions', freshIp(), run);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  async function signIn(company: ApprovedCompany, userAgent: string, ip: string): Promise<string> {
    await request(app.url).post('/api/console/sign-in/code').set('x-forwarded-for', ip).send({ email: company.email }).expect(202);
    const mail = await eventually(
      async () =>
        ((await request(app.url).get('/api/dev/mailbox?limit=200').expect(200)).body as MailboxMessage[]).find(
          (m) => m.to === company.email && m.subject.includes('developer console code'),
        ),
      10_000,
      'the console code email',
    );
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    const verified = await request(app.url)
      .post('/api/console/sign-in/verify')
      .set('x-forwarded-for', ip)
      .set('user-agent', userAgent)
      .send({ email: company.email, code })
      .expect(200);
    return String(verified.headers['set-cookie']).split(';')[0]!;
  }

  /**
   * A second console session of the company, as another browser would have it: written straight to the table, since
   * a second emailed code within a minute is refused (resend throttle) and the test should not wait for it.
   */
  async function anotherBrowser(company: ApprovedCompany): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await db.query(
      `INSERT INTO onboarding.sessions (id_hash, kind, subject_id, created_at, last_seen_at, idle_expires_at, absolute_expires_at, device, ip)
       VALUES ($1, 'console', $2, now() - interval '1 hour', now() - interval '5 minutes', now() + interval '1 hour', now() + interval '2 hours',
               'Firefox on Windows', '192.0.2.44')`,
      [createHash('sha256').update(token).digest('hex'), company.id],
    );
    return `pm_console=${token}`;
  }

  const list = async (cookie: string) =>
    ((await request(app.url).get('/api/console/sessions').set('cookie', cookie).expect(200)).body as { sessions: AccountSession[] })
      .sessions;

  it("lists the company's console sessions with device and IP, ends another one, and keeps other companies' apart", async () => {
    const mine = await signIn(acme, SAFARI_MAC, '203.0.113.9');
    const other = await anotherBrowser(acme);
    const globexCookie = await signIn(globex, SAFARI_MAC, freshIp());

    const sessions = await list(mine);
    expect(sessions.map(({ device, ip, current }) => ({ device, ip, current }))).toEqual([
      { device: 'Safari on macOS', ip: '203.0.113.9', current: true },
      { device: 'Firefox on Windows', ip: '192.0.2.44', current: false },
    ]);
    // Each sign-in is one audit row (ADR 0075) in the company's trail, naming the session it started by its public id.
    expect(await auditRows(db, { action: 'console.signed_in', actorId: acme.id })).toEqual([
      {
        action: 'console.signed_in',
        actor: { type: 'console', id: acme.id, label: acme.email },
        ip: '203.0.113.9',
        userAgent: SAFARI_MAC,
        target: { type: 'console_session', id: sessions[0]!.id },
        companyId: acme.id,
        outcome: 'succeeded',
        before: null,
        after: { factor: 'email_code' },
      },
    ]);

    const globexId = (await list(globexCookie))[0]!.id;
    expect(await auditRows(db, { action: 'console.signed_in', actorId: globex.id })).toEqual([
      expect.objectContaining({ target: { type: 'console_session', id: globexId }, companyId: globex.id }),
    ]);
    const refused = await request(app.url).delete(`/api/console/sessions/${globexId}`).set('cookie', mine).expect(404);
    expect(refused.body.message).toBe(AUTH_MESSAGES.SESSION_NOT_FOUND);
    await request(app.url).get('/api/console/me').set('cookie', globexCookie).expect(200);
    expect((await request(app.url).delete('/api/console/sessions/42').set('cookie', mine).expect(400)).body.fields).toEqual({
      id: [AUTH_MESSAGES.SESSION_ID_INVALID],
    });

    const ended = await request(app.url)
      .delete(`/api/console/sessions/${sessions[1]!.id}`)
      .set('cookie', mine)
      .set('x-forwarded-for', '203.0.113.9')
      .set('user-agent', SAFARI_MAC)
      .expect(200);
    expect(ended.body).toEqual({ ended: 1, signedOut: false });
    expect((await request(app.url).get('/api/console/me').set('cookie', other).expect(200)).body).toEqual({ company: null });
    // One audit row (ADR 0075) in the company's trail, by its console's contact; the refused 404 and 400 made none.
    expect(await auditRows(db, { action: 'session.ended', targetId: sessions[1]!.id })).toEqual([
      {
        action: 'session.ended',
        actor: { type: 'console', id: acme.id, label: acme.email },
        ip: '203.0.113.9',
        userAgent: SAFARI_MAC,
        target: { type: 'session', id: sessions[1]!.id },
        companyId: acme.id,
        outcome: 'succeeded',
        before: null,
        after: { ended: 1 },
      },
    ]);
    expect(await auditRows(db, { action: 'session.ended', targetId: globexId })).toEqual([]);
  });

  it('ends every other session, then the current one, which signs out', async () => {
    const mine = await anotherBrowser(acme);
    const other = await anotherBrowser(acme);

    expect((await request(app.url).delete('/api/console/sessions').set('cookie', mine).expect(200)).body.signedOut).toBe(false);
    expect((await request(app.url).get('/api/console/me').set('cookie', other).expect(200)).body).toEqual({ company: null });
    const current = (await list(mine)).filter((s) => s.current);
    expect(current).toHaveLength(1);
    // One row naming the session kept, with how many others ended.
    expect(await auditRows(db, { action: 'session.ended', targetId: current[0]!.id })).toEqual([
      expect.objectContaining({ companyId: acme.id, after: { ended: expect.any(Number), others: true } }),
    ]);

    const ended = await request(app.url).delete(`/api/console/sessions/${current[0]!.id}`).set('cookie', mine).expect(200);
    expect(ended.body).toEqual({ ended: 1, signedOut: true });
    expect(String(ended.headers['set-cookie'])).toMatch(/pm_console=;/);
  });

  it("records each refused code once, in the company's trail when the email is its contact's", async () => {
    const refuse = async (email: string, ip: string) => {
      const refused = await request(app.url)
        .post('/api/console/sign-in/verify')
        .set('x-forwarded-for', ip)
        .set('user-agent', SAFARI_MAC)
        .send({ email, code: '000000' })
        .expect(401);
      expect(refused.body.message).toBe(AUTH_MESSAGES.CODE_INVALID);
    };
    const failed = (email: string, ip: string, companyId: string | null) => ({
      action: 'console.sign_in_failed',
      // Nobody is signed in: the actor is the email tried.
      actor: { type: 'anonymous', id: null, label: email },
      ip,
      userAgent: SAFARI_MAC,
      target: { type: 'email', id: email },
      companyId,
      outcome: 'failed',
      before: null,
      after: { factor: 'email_code', reason: AUTH_MESSAGES.CODE_INVALID },
    });
    const signedInBefore = (await auditRows(db, { action: 'console.signed_in', actorId: acme.id })).length;

    // Acme's code was used: two more tries, two rows.
    const [first, second] = [freshIp(), freshIp()];
    await refuse(acme.email, first);
    await refuse(acme.email, second);
    expect(await auditRows(db, { action: 'console.sign_in_failed', targetId: acme.email })).toEqual([
      failed(acme.email, first, acme.id),
      failed(acme.email, second, acme.id),
    ]);
    // An address no company uses: a row of the platform's trail only.
    const stranger = `nobody-${run}@example.com`;
    const strangerIp = freshIp();
    await refuse(stranger, strangerIp);
    expect(await auditRows(db, { action: 'console.sign_in_failed', targetId: stranger })).toEqual([failed(stranger, strangerIp, null)]);
    expect(await auditRows(db, { action: 'console.signed_in', actorId: acme.id })).toHaveLength(signedInBefore);
  });

  it('takes only the console cookie: a secret key or no credential is 401', async () => {
    await request(app.url).get('/api/console/sessions').set('authorization', `Bearer ${acme.secretKey}`).expect(401);
    await request(app.url).get('/api/console/sessions').expect(401);
    await request(app.url).delete('/api/console/sessions').expect(401);
  });
});
