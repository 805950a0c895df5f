import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type pg from 'pg';
import request from 'supertest';
import { AUTH_MESSAGES, type AccountSession } from '@paymarket/contracts';
import type { EmbeddedPayMarket } from '@paymarket/embedded';
import { auditRows, nextTotpCode, signInNewAdmin } from '@paymarket/onboarding/testing';
import { ADMIN_PASSWORD, adminCookie, startEmbeddedAdmin, type EmbeddedAdminHarness } from '../testing/embedded-admin.js';

jest.setTimeout(180_000);

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0';

// ADR 0074 over HTTP (gateway, onboarding, real PostgreSQL): an administrator lists their own sessions and ends any of
// them; a credential change ends every other one. Ending sessions is audited (ADR 0075).
describe('administrator sessions over HTTP', () => {
  let harness: EmbeddedAdminHarness;
  let app: EmbeddedPayMarket;
  let db: pg.Client;
  const password = ADMIN_PASSWORD;

  beforeAll(async () => {
    harness = await startEmbeddedAdmin({ ipBlock: 74 });
    ({ app, db } = harness);
  });

  afterAll(async () => {
    await harness?.close();
  });

  const freshIp = () => harness.freshIp();

  /** A new administrator enrolled with TOTP (from a Node client): its id, email, secret and first full session. */
  async function newAdmin(): Promise<{ id: string; email: string; secret: string; cookie: string }> {
    const email = await harness.newAdmin();
    const enrolled = await signInNewAdmin(app.url, { email, password, ip: freshIp() });
    const id = ((await db.query(`SELECT id FROM onboarding.admins WHERE email = $1`, [email])).rows[0] as { id: string }).id;
    return { id, email, secret: enrolled.secret, cookie: enrolled.cookie };
  }

  /** Password and code from a browser with this user agent and address: the new full session's cookie. */
  async function signInFrom(admin: { email: string; secret: string }, userAgent: string, ip: string): Promise<string> {
    const login = await request(app.url)
      .post('/api/admin/login')
      .set('user-agent', userAgent)
      .set('x-forwarded-for', ip)
      .send({ email: admin.email, password })
      .expect(200);
    const verified = await request(app.url)
      .post('/api/admin/second-factor/verify/totp')
      .set('user-agent', userAgent)
      .set('x-forwarded-for', ip)
      .set('cookie', adminCookie(login)!)
      .send({ code: await nextTotpCode(admin.secret) })
      .expect(200);
    return adminCookie(verified)!;
  }

  const list = async (cookie: string) =>
    ((await request(app.url).get('/api/admin/sessions').set('cookie', cookie).expect(200)).body as { sessions: AccountSession[] }).sessions;

  it('lists only my live sessions, newest first, with device, IP, times and which one is current', async () => {
    const me = await newAdmin();
    const someoneElse = await newAdmin();
    const laptop = await signInFrom(me, CHROME_LINUX, '203.0.113.7');
    const phone = await signInFrom(me, FIREFOX_ANDROID, '198.51.100.20');

    const sessions = await list(laptop);

    expect(sessions.map(({ device, ip, current }) => ({ device, ip, current }))).toEqual([
      { device: 'Firefox on Android', ip: '198.51.100.20', current: false },
      { device: 'Chrome on Linux', ip: '203.0.113.7', current: true },
      // The enrolment's session, from Node's fetch.
      { device: 'Node.js', ip: expect.stringMatching(/^10\.74\./), current: false },
    ]);
    for (const s of sessions) {
      expect(s.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Date.parse(s.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(s.createdAt));
    }
    expect((await list(phone)).find((s) => s.current)?.device).toBe('Firefox on Android');
    expect((await list(someoneElse.cookie)).map((s) => s.id)).not.toEqual(expect.arrayContaining([sessions[0]!.id]));
    // The raw user agent is kept beside the label, capped.
    const raw = await db.query(`SELECT user_agent FROM onboarding.sessions WHERE id = $1`, [sessions[1]!.id]);
    expect(raw.rows[0].user_agent).toBe(CHROME_LINUX);
  });

  it("ends another of my sessions; another administrator's id is 404 and a malformed one a 400 naming id", async () => {
    const me = await newAdmin();
    const other = await newAdmin();
    const phone = await signInFrom(me, FIREFOX_ANDROID, freshIp());
    const laptop = await signInFrom(me, CHROME_LINUX, freshIp());
    const phoneId = (await list(laptop)).find((s) => s.device === 'Firefox on Android')!.id;
    const othersId = (await list(other.cookie))[0]!.id;

    const refused = await request(app.url).delete(`/api/admin/sessions/${othersId}`).set('cookie', laptop).expect(404);
    expect(refused.body.message).toBe(AUTH_MESSAGES.SESSION_NOT_FOUND);
    await request(app.url).get('/api/admin/me').set('cookie', other.cookie).expect(200);
    const malformed = await request(app.url).delete('/api/admin/sessions/not-a-uuid').set('cookie', laptop).expect(400);
    expect(malformed.body.fields).toEqual({ id: [AUTH_MESSAGES.SESSION_ID_INVALID] });

    const ip = freshIp();
    const ended = await request(app.url)
      .delete(`/api/admin/sessions/${phoneId}`)
      .set('cookie', laptop)
      .set('x-forwarded-for', ip)
      .set('user-agent', CHROME_LINUX)
      .expect(200);
    expect(ended.body).toEqual({ ended: 1, signedOut: false });
    expect(adminCookie(ended)).toBeUndefined();
    await request(app.url).get('/api/admin/me').set('cookie', phone).expect(401);
    await request(app.url).get('/api/admin/me').set('cookie', laptop).expect(200);
    // One audit row (ADR 0075) naming the session ended; the refused 404 and 400 recorded nothing.
    expect(await auditRows(db, { action: 'session.ended', actorId: me.id })).toEqual([
      {
        action: 'session.ended',
        actor: { type: 'admin', id: me.id, label: me.email },
        ip,
        userAgent: CHROME_LINUX,
        target: { type: 'session', id: phoneId },
        companyId: null,
        outcome: 'succeeded',
        before: null,
        after: { ended: 1 },
      },
    ]);
    // Ending it again ends nothing (404), and records nothing.
    await request(app.url).delete(`/api/admin/sessions/${phoneId}`).set('cookie', laptop).expect(404);
    expect(await auditRows(db, { action: 'session.ended', actorId: me.id })).toHaveLength(1);
  });

  it('ending the current session signs out and clears the cookie', async () => {
    const me = await newAdmin();
    const currentId = (await list(me.cookie)).find((s) => s.current)!.id;

    const ended = await request(app.url).delete(`/api/admin/sessions/${currentId}`).set('cookie', me.cookie).expect(200);

    expect(ended.body).toEqual({ ended: 1, signedOut: true });
    expect(String(ended.headers['set-cookie'])).toMatch(/pm_admin=;/);
    await request(app.url).get('/api/admin/me').set('cookie', me.cookie).expect(401);
  });

  it('"End all other sessions" keeps only the current one', async () => {
    const me = await newAdmin();
    const phone = await signInFrom(me, FIREFOX_ANDROID, freshIp());
    const laptop = await signInFrom(me, CHROME_LINUX, freshIp());

    const ip = freshIp();
    const ended = await request(app.url)
      .delete('/api/admin/sessions')
      .set('cookie', laptop)
      .set('x-forwarded-for', ip)
      .set('user-agent', CHROME_LINUX)
      .expect(200);

    expect(ended.body).toEqual({ ended: 2, signedOut: false });
    for (const cookie of [me.cookie, phone]) await request(app.url).get('/api/admin/me').set('cookie', cookie).expect(401);
    const [kept] = await list(laptop);
    expect(kept).toMatchObject({ current: true });
    // Again: nothing left to end, so no second row. The row names the session kept, with how many ended.
    expect((await request(app.url).delete('/api/admin/sessions').set('cookie', laptop).expect(200)).body).toEqual({
      ended: 0,
      signedOut: false,
    });
    expect(await auditRows(db, { action: 'session.ended', actorId: me.id })).toEqual([
      expect.objectContaining({
        actor: { type: 'admin', id: me.id, label: me.email },
        ip,
        userAgent: CHROME_LINUX,
        target: { type: 'session', id: kept!.id },
        companyId: null,
        after: { ended: 2, others: true },
      }),
    ]);
  });

  it('refuses a half-signed-in session and a signed-out caller on every session route', async () => {
    const me = await newAdmin();
    const login = await request(app.url).post('/api/admin/login').set('x-forwarded-for', freshIp()).send({ email: me.email, password });
    const pending = adminCookie(login)!;
    const id = (await list(me.cookie))[0]!.id;
    for (const [method, path] of [
      ['get', '/api/admin/sessions'],
      ['delete', '/api/admin/sessions'],
      ['delete', `/api/admin/sessions/${id}`],
    ] as const) {
      const half = await request(app.url)[method](path).set('cookie', pending).expect(401);
      expect(half.body.message).toBe(AUTH_MESSAGES.SECOND_FACTOR_REQUIRED);
      await request(app.url)[method](path).expect(401);
    }
    await request(app.url).get('/api/admin/me').set('cookie', me.cookie).expect(200);
  });

  it('renewing recovery codes ends every other session and keeps this one', async () => {
    const me = await newAdmin();
    const laptop = await signInFrom(me, CHROME_LINUX, freshIp());

    await request(app.url).post('/api/admin/second-factor/recovery-codes').set('cookie', laptop).expect(200);

    await request(app.url).get('/api/admin/me').set('cookie', me.cookie).expect(401);
    await request(app.url).get('/api/admin/me').set('cookie', laptop).expect(200);
  });

  it('records last seen at most once a minute: a session resolved now keeps the stored time', async () => {
    const me = await newAdmin();
    const before = (await list(me.cookie)).find((s) => s.current)!;
    // Pretend the session was last seen two minutes ago: the next request records the visit, the one after does not.
    await db.query(`UPDATE onboarding.sessions SET last_seen_at = last_seen_at - interval '2 minutes' WHERE id = $1`, [before.id]);
    await request(app.url).get('/api/admin/me').set('cookie', me.cookie).expect(200);
    const touched = (await db.query(`SELECT last_seen_at FROM onboarding.sessions WHERE id = $1`, [before.id])).rows[0]
      .last_seen_at as Date;
    expect(touched.getTime()).toBeGreaterThanOrEqual(Date.parse(before.lastSeenAt));
    await request(app.url).get('/api/admin/me').set('cookie', me.cookie).expect(200);
    const again = (await db.query(`SELECT last_seen_at FROM onboarding.sessions WHERE id = $1`, [before.id])).rows[0].last_seen_at as Date;
    expect(again.getTime()).toBe(touched.getTime());
  });
});
