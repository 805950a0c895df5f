import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createHash } from 'node:crypto';
import pg from 'pg';
import request from 'supertest';
import { AUTH_MESSAGES } from '@paymarket/contracts';
import { startEmbedded, type EmbeddedPayMarket } from '@paymarket/embedded';
import { adminCreate, nextTotpCode, signInNewAdmin } from '@paymarket/onboarding';
import { createTestDatabase, testMessagingRuntime, type TestDatabase } from '@paymarket/platform/testing';

jest.setTimeout(180_000);

interface OpenApiDocument {
  paths: Record<string, Record<string, { security?: Array<Record<string, string[]>> }>>;
}

// ADR 0072 over HTTP (gateway, onboarding, real PostgreSQL): the password alone opens no admin route; the second
// factor is enrolled on the first sign-in, then required at each one.
describe('administrator second factor over HTTP', () => {
  let database: TestDatabase;
  let app: EmbeddedPayMarket;
  let db: pg.Client;
  const saved = { ...process.env };
  const password = 'correct horse battery staple';

  beforeAll(async () => {
    process.env.RATE_LIMIT_ADMIN_LOGIN = '1000,100,600';
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
    process.env = saved;
    await db?.end();
    await app?.close();
    await database?.drop();
  });

  let ipCounter = 1;
  const freshIp = () => `10.7.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

  async function newAdmin(): Promise<string> {
    const email = `ops.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const write = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      expect(await adminCreate(['--email', email, '--password', password], { DATABASE_URL: database.url })).toBe(0);
    } finally {
      write.mockRestore();
    }
    return email;
  }

  function adminCookie(response: request.Response): string | undefined {
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    return cookies.find((c) => c.startsWith('pm_admin='))?.split(';')[0];
  }

  /** Step 1 only: the half-signed-in session's cookie. */
  async function passwordOnly(email: string, ip = freshIp()): Promise<{ cookie: string; body: unknown }> {
    const login = await request(app.url).post('/api/admin/login').set('x-forwarded-for', ip).send({ email, password }).expect(200);
    return { cookie: adminCookie(login)!, body: login.body };
  }

  const sessionsOf = async (email: string) =>
    (
      await db.query(
        `SELECT s.revoked_at, s.factor_verified_at FROM onboarding.sessions s JOIN onboarding.admins a ON a.id::text = s.subject_id
          WHERE a.email = $1 AND s.kind = 'admin'`,
        [email],
      )
    ).rows as { revoked_at: Date | null; factor_verified_at: Date | null }[];

  describe('the half-signed-in session', () => {
    let email: string;
    let pending: string;

    beforeAll(async () => {
      email = await newAdmin();
      const login = await passwordOnly(email);
      pending = login.cookie;
      expect(login.body).toEqual({ admin: null, secondFactor: { email, step: 'enrol', totp: false, passkeys: false } });
    });

    it('is not signed in for the web app, which is told to enrol', async () => {
      await request(app.url)
        .get('/api/admin/session')
        .set('cookie', pending)
        .expect(200, { admin: null, secondFactor: { email, step: 'enrol', totp: false, passkeys: false } });
    });

    it('is refused by every route behind the admin guard with "second factor required", its cookie kept', async () => {
      const document = (await request(app.url).get('/api/openapi.json').expect(200)).body as OpenApiDocument;
      const guarded = Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.entries(operations)
          .filter(([, operation]) => operation.security?.some((requirement) => 'adminSession' in requirement))
          .map(([method]) => ({ method, path: path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000') })),
      );
      // Every admin route of today is behind the guard (a later one is swept too, by the loop below).
      const id = '00000000-0000-4000-8000-000000000000';
      expect(guarded.map((r) => `${r.method.toUpperCase()} ${r.path}`)).toEqual(
        expect.arrayContaining([
          'GET /api/admin/me',
          'GET /api/admin/companies',
          `POST /api/admin/approve-company/${id}`,
          'GET /api/admin/orders',
          `POST /api/admin/orders/${id}/refunds`,
          'GET /api/admin/ledger/verify',
          'GET /api/admin/provider-applications',
          `POST /api/admin/provider-applications/${id}/approve`,
          `POST /api/admin/provider-applications/${id}/reject`,
          'GET /api/admin/second-factor',
          'POST /api/admin/second-factor/recovery-codes',
          `DELETE /api/admin/second-factor/passkeys/${id}`,
        ]),
      );
      for (const { method, path } of guarded) {
        const agent = request(app.url);
        const calls = { get: agent.get, post: agent.post, put: agent.put, patch: agent.patch, delete: agent.delete };
        const call = calls[method as keyof typeof calls].call(agent, path);
        const r = await call.set('cookie', pending).set('idempotency-key', `k-${Math.random()}`).send({});
        expect({ route: `${method.toUpperCase()} ${path}`, status: r.status, message: r.body.message }).toEqual({
          route: `${method.toUpperCase()} ${path}`,
          status: 401,
          message: AUTH_MESSAGES.SECOND_FACTOR_REQUIRED,
        });
        expect(adminCookie(r)).toBeUndefined();
      }
    });

    it('cannot sign in with a code before a factor exists', async () => {
      const r = await request(app.url)
        .post('/api/admin/second-factor/verify/totp')
        .set('cookie', pending)
        .send({ code: '123456' })
        .expect(400);
      expect(r.body.fields).toEqual({ code: [AUTH_MESSAGES.TOTP_CODE_INVALID] });
    });
  });

  describe('TOTP enrolment and sign-in', () => {
    let email: string;
    let secret: string;
    let recoveryCodes: string[];

    it('enrols on the first sign-in: the secret is stored encrypted, the codes hashed, the session replaced', async () => {
      email = await newAdmin();
      const { cookie: pending } = await passwordOnly(email);
      const enrolment = await request(app.url).post('/api/admin/second-factor/totp/enrol').set('cookie', pending).expect(200);
      secret = enrolment.body.secret as string;
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(enrolment.body.otpauthUri).toMatch(new RegExp(`^otpauth://totp/PayMarket:.+\\?.*secret=${secret}`));
      expect(Buffer.from(String(enrolment.body.qrCode).replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toContain('<svg');

      const stored = (
        await db.query(`SELECT t.* FROM onboarding.admin_totp t JOIN onboarding.admins a ON a.id = t.admin_id WHERE a.email = $1`, [email])
      ).rows[0] as { secret_encrypted: string; confirmed_at: Date | null };
      expect(stored.secret_encrypted).toMatch(/^v1:dev:/);
      expect(stored.secret_encrypted).not.toContain(secret);
      expect(stored.confirmed_at).toBeNull();

      const wrong = await request(app.url)
        .post('/api/admin/second-factor/totp/confirm')
        .set('cookie', pending)
        .send({ code: '12345' })
        .expect(400);
      expect(wrong.body.fields).toEqual({ code: [AUTH_MESSAGES.TOTP_CODE_FORMAT] });

      const confirmed = await request(app.url)
        .post('/api/admin/second-factor/totp/confirm')
        .set('cookie', pending)
        .send({ code: await nextTotpCode(secret) })
        .expect(200);
      recoveryCodes = confirmed.body.recoveryCodes as string[];
      expect(recoveryCodes).toHaveLength(10);
      expect(new Set(recoveryCodes).size).toBe(10);
      for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{6}-[a-z2-7]{6}$/);
      const hashes = (
        await db.query(
          `SELECT code_hash FROM onboarding.admin_recovery_codes r JOIN onboarding.admins a ON a.id = r.admin_id WHERE a.email = $1`,
          [email],
        )
      ).rows as { code_hash: string }[];
      expect(hashes.map((h) => h.code_hash).sort()).toEqual(
        recoveryCodes.map((c) => createHash('sha256').update(c.replace('-', '')).digest('hex')).sort(),
      );

      const full = adminCookie(confirmed)!;
      expect(full).not.toBe(pending);
      await request(app.url).get('/api/admin/me').set('cookie', full).expect(200, { admin: confirmed.body.admin });
      // The half-signed-in session is gone (ids rotate), not upgraded in place.
      expect((await request(app.url).get('/api/admin/me').set('cookie', pending).expect(401)).body.message).toBe(
        AUTH_MESSAGES.ADMIN_REQUIRED,
      );
      const sessions = await sessionsOf(email);
      expect(sessions.filter((s) => !s.revoked_at)).toEqual([{ revoked_at: null, factor_verified_at: expect.any(Date) }]);
    });

    it('later sign-ins take the password, then a code; the factor cannot be replaced from a half-signed-in session', async () => {
      const login = await passwordOnly(email);
      expect(login.body).toEqual({ admin: null, secondFactor: { email, step: 'verify', totp: true, passkeys: false } });
      const enrolAgain = await request(app.url).post('/api/admin/second-factor/totp/enrol').set('cookie', login.cookie).expect(403);
      expect(enrolAgain.body.message).toBe(AUTH_MESSAGES.SECOND_FACTOR_ALREADY_SET_UP);
      const verified = await request(app.url)
        .post('/api/admin/second-factor/verify/totp')
        .set('cookie', login.cookie)
        .send({ code: await nextTotpCode(secret) })
        .expect(200);
      expect(verified.body).toEqual({ admin: { id: expect.any(String), email } });
      await request(app.url).get('/api/admin/me').set('cookie', adminCookie(verified)!).expect(200);
    });

    it('accepts a code once: the same code on another sign-in is a replay', async () => {
      const code = await nextTotpCode(secret);
      const first = await passwordOnly(email);
      await request(app.url).post('/api/admin/second-factor/verify/totp').set('cookie', first.cookie).send({ code }).expect(200);
      const second = await passwordOnly(email);
      const replay = await request(app.url)
        .post('/api/admin/second-factor/verify/totp')
        .set('cookie', second.cookie)
        .send({ code })
        .expect(400);
      expect(replay.body.fields).toEqual({ code: [AUTH_MESSAGES.TOTP_CODE_REUSED] });
      expect((await request(app.url).get('/api/admin/me').set('cookie', second.cookie).expect(401)).body.message).toBe(
        AUTH_MESSAGES.SECOND_FACTOR_REQUIRED,
      );
    });

    it('takes a recovery code once; a second use is refused', async () => {
      const [code] = recoveryCodes;
      const first = await passwordOnly(email);
      const used = await request(app.url)
        .post('/api/admin/second-factor/verify/recovery')
        .set('cookie', first.cookie)
        .send({ recoveryCode: code!.toUpperCase().replace('-', ' ') })
        .expect(200);
      expect(used.body).toEqual({ admin: { id: expect.any(String), email }, recoveryCodesLeft: 9 });
      const second = await passwordOnly(email);
      const again = await request(app.url)
        .post('/api/admin/second-factor/verify/recovery')
        .set('cookie', second.cookie)
        .send({ recoveryCode: code })
        .expect(400);
      expect(again.body.fields).toEqual({ recoveryCode: [AUTH_MESSAGES.RECOVERY_CODE_INVALID] });
    });

    it('lets a fully signed-in admin renew recovery codes and re-enrol TOTP, which ends every other session', async () => {
      // An admin of its own: each code is taken once, and this test needs three of one secret within its window.
      const ownEmail = await newAdmin();
      const enrolled = await signInNewAdmin(app.url, { email: ownEmail, password, ip: freshIp() });
      const other = enrolled.cookie;
      const { cookie: mine } = await signInNewAdminAgain(ownEmail, enrolled.secret);
      const renewed = await request(app.url).post('/api/admin/second-factor/recovery-codes').set('cookie', mine).expect(200);
      expect(renewed.body.recoveryCodes).toHaveLength(10);
      expect(renewed.body.recoveryCodes).not.toEqual(enrolled.recoveryCodes);
      const status = await request(app.url).get('/api/admin/second-factor').set('cookie', mine).expect(200);
      expect(status.body).toEqual({ totp: true, passkeys: [], recoveryCodesLeft: 10 });

      const enrolment = await request(app.url).post('/api/admin/second-factor/totp/enrol').set('cookie', mine).expect(200);
      const confirmed = await request(app.url)
        .post('/api/admin/second-factor/totp/confirm')
        .set('cookie', mine)
        .send({ code: await nextTotpCode(enrolment.body.secret as string) })
        .expect(200);
      await request(app.url).get('/api/admin/me').set('cookie', adminCookie(confirmed)!).expect(200);
      await request(app.url).get('/api/admin/me').set('cookie', other).expect(401);
      await request(app.url).get('/api/admin/me').set('cookie', mine).expect(401);
    });

    async function signInNewAdminAgain(adminEmail: string, totpSecret: string): Promise<{ cookie: string }> {
      const login = await passwordOnly(adminEmail);
      const verified = await request(app.url)
        .post('/api/admin/second-factor/verify/totp')
        .set('cookie', login.cookie)
        .send({ code: await nextTotpCode(totpSecret) })
        .expect(200);
      return { cookie: adminCookie(verified)! };
    }
  });

  describe('throttling', () => {
    it('refuses the 6th attempt of an account in 15 minutes with 429 and Retry-After, even with the right code', async () => {
      const email = await newAdmin();
      const { secret } = await signInNewAdmin(app.url, { email, password, ip: freshIp() });
      for (let i = 0; i < 5; i++) {
        const login = await passwordOnly(email);
        await request(app.url)
          .post('/api/admin/second-factor/verify/totp')
          .set('cookie', login.cookie)
          .set('x-forwarded-for', freshIp())
          .send({ code: '000000' })
          .expect(400);
      }
      const login = await passwordOnly(email);
      const blocked = await request(app.url)
        .post('/api/admin/second-factor/verify/totp')
        .set('cookie', login.cookie)
        .set('x-forwarded-for', freshIp())
        .send({ code: await nextTotpCode(secret) });
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toBe(AUTH_MESSAGES.SECOND_FACTOR_THROTTLED);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    });

    it('refuses an IP after 20 wrong codes across accounts', async () => {
      const ip = freshIp();
      const admins = await Promise.all([newAdmin(), newAdmin(), newAdmin(), newAdmin(), newAdmin()]);
      const enrolled = [];
      for (const email of admins) enrolled.push({ email, ...(await signInNewAdmin(app.url, { email, password, ip: freshIp() })) });
      for (const admin of enrolled) {
        for (let i = 0; i < 4; i++) {
          const login = await passwordOnly(admin.email);
          await request(app.url)
            .post('/api/admin/second-factor/verify/totp')
            .set('cookie', login.cookie)
            .set('x-forwarded-for', ip)
            .send({ code: '000000' })
            .expect(400);
        }
      }
      const login = await passwordOnly(enrolled[0]!.email);
      const blocked = await request(app.url)
        .post('/api/admin/second-factor/verify/totp')
        .set('cookie', login.cookie)
        .set('x-forwarded-for', ip)
        .send({ code: await nextTotpCode(enrolled[0]!.secret) });
      expect(blocked.status).toBe(429);
    });
  });

  describe('passkeys', () => {
    it('offers registration options bound to the host the browser used, and refuses a made-up answer without a 500', async () => {
      const email = await newAdmin();
      const { cookie } = await signInNewAdmin(app.url, { email, password, ip: freshIp() });
      const host = new URL(app.url).host.replace('127.0.0.1', 'localhost');
      const options = await request(app.url)
        .post('/api/admin/second-factor/passkeys/registration-options')
        .set('host', host)
        .set('cookie', cookie)
        .expect(200);
      expect(options.body.options).toMatchObject({
        rp: { id: 'localhost', name: 'PayMarket' },
        user: { name: email },
        challenge: expect.any(String),
      });
      const bad = await request(app.url)
        .post('/api/admin/second-factor/passkeys')
        .set('host', host)
        .set('cookie', cookie)
        .send({ response: { id: 'x', rawId: 'x', type: 'public-key', response: {} } })
        .expect(400);
      expect(bad.body.fields).toEqual({ response: [AUTH_MESSAGES.PASSKEY_FAILED] });
      // The challenge served one ceremony: a second answer finds it gone.
      const late = await request(app.url)
        .post('/api/admin/second-factor/passkeys')
        .set('host', host)
        .set('cookie', cookie)
        .send({ response: {} })
        .expect(400);
      expect(late.body.message).toBe(AUTH_MESSAGES.PASSKEY_EXPIRED);
      const none = await passwordOnly(email);
      const asked = await request(app.url)
        .post('/api/admin/second-factor/passkeys/authentication-options')
        .set('host', host)
        .set('cookie', none.cookie)
        .expect(400);
      expect(asked.body.message).toBe(AUTH_MESSAGES.PASSKEY_NONE);
    });
  });
});
