import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createHash } from 'node:crypto';
import pg from 'pg';
import request from 'supertest';
import { AUTH_MESSAGES, type MailboxMessage } from '@paymarket/contracts';
import { startEmbedded, type EmbeddedPayMarket } from '@paymarket/embedded';
import { adminCreate, signInNewAdmin } from '@paymarket/onboarding/testing';
import { createTestDatabase, eventually, testMessagingRuntime, type TestDatabase } from '@paymarket/platform/testing';

jest.setTimeout(120_000);

// The whole product over HTTP (gateway, services, real PostgreSQL): cookies, guards, throttles and rate limits as a
// browser or an attacker meets them.
describe('identity and access over HTTP', () => {
  let database: TestDatabase;
  let app: EmbeddedPayMarket;
  let db: pg.Client;
  const saved = { ...process.env };

  beforeAll(async () => {
    // Small limits where a test proves them, generous ones elsewhere (read by the gateway at start).
    process.env.RATE_LIMIT_REGISTER_BUYER = '4,100,600';
    process.env.RATE_LIMIT_SIGN_IN_VERIFY = '1000,8,600';
    process.env.RATE_LIMIT_SIGN_IN_CODE = '1000,100,600';
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
  /** Each test speaks from its own client IP (the gateway trusts X-Forwarded-For), so per-IP limits stay apart. */
  const freshIp = () => `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

  async function registerBuyer(name = 'Ada Buyer'): Promise<string> {
    const email = `buyer.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
    await request(app.url).post('/api/register-buyer').set('x-forwarded-for', freshIp()).send({ name, email }).expect(201);
    return email;
  }

  async function mailFor(email: string, subject: RegExp): Promise<MailboxMessage> {
    return eventually(
      async () => {
        const response = await request(app.url).get('/api/dev/mailbox?limit=200').expect(200);
        return (response.body as MailboxMessage[]).find((m) => m.to === email && subject.test(m.subject));
      },
      10_000,
      `an email to ${email}`,
    );
  }

  async function codeFor(email: string): Promise<string> {
    const mail = await mailFor(email, /sign-in code/);
    return /(\d{6})/.exec(mail.subject)![1]!;
  }

  function sessionCookie(response: request.Response, name: string): string | undefined {
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    return cookies.find((c) => c.startsWith(`${name}=`));
  }

  const tokenOf = (cookie: string) => cookie.split(';')[0]!.split('=')[1]!;

  async function signIn(email: string): Promise<string> {
    await request(app.url).post('/api/auth/sign-in/code').set('x-forwarded-for', freshIp()).send({ email }).expect(202);
    const code = await codeFor(email);
    const response = await request(app.url).post('/api/auth/sign-in/verify').send({ email, code }).expect(200);
    return tokenOf(sessionCookie(response, 'pm_session')!);
  }

  const countSessions = async () =>
    Number((await db.query('SELECT count(*) AS n FROM onboarding.sessions WHERE revoked_at IS NULL')).rows[0].n);

  describe('buyer sign-in', () => {
    it('answers known and unknown emails alike; the known one gets a code, the unknown one an invitation', async () => {
      const known = await registerBuyer();
      const unknown = `stranger.${Date.now()}@example.com`;
      const a = await request(app.url).post('/api/auth/sign-in/code').send({ email: known.toUpperCase() });
      const b = await request(app.url).post('/api/auth/sign-in/code').send({ email: unknown });
      expect([a.status, b.status]).toEqual([202, 202]);
      expect(a.body).toEqual(b.body);
      expect(a.body).toEqual({ message: AUTH_MESSAGES.CODE_SENT });
      expect(Object.keys(a.headers).filter((h) => h.startsWith('set-cookie'))).toEqual([]);

      expect((await mailFor(known, /sign-in code/)).text).toMatch(/Your PayMarket sign-in code is \d{6}/);
      const invitation = await mailFor(unknown, /Sign in to PayMarket/);
      expect(invitation.text).toContain('/join');
      expect(invitation.text).not.toMatch(/\d{6}/);
    });

    it('signs in with the emailed code: an httpOnly SameSite=Lax cookie, /me, then sign-out revokes it', async () => {
      const email = await registerBuyer('Grace Hopper');
      await request(app.url).post('/api/auth/sign-in/code').send({ email }).expect(202);
      const code = await codeFor(email);
      const verified = await request(app.url)
        .post('/api/auth/sign-in/verify')
        .send({ email, code: ` ${code.slice(0, 3)} ${code.slice(3)} ` });
      expect(verified.status).toBe(200);
      expect(verified.body).toEqual({ buyer: { id: expect.any(String), name: 'Grace Hopper', email } });
      const cookie = sessionCookie(verified, 'pm_session')!;
      expect(cookie).toMatch(/^pm_session=[A-Za-z0-9_-]{43};/);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).toMatch(/Path=\//);
      expect(cookie).not.toMatch(/Secure/i); // development; production adds Secure
      const token = tokenOf(cookie);
      // Only a hash is stored.
      expect((await db.query('SELECT count(*) AS n FROM onboarding.sessions WHERE id_hash = $1', [token])).rows[0].n).toBe('0');

      const me = await request(app.url).get('/api/auth/me').set('cookie', `pm_session=${token}`).expect(200);
      expect(me.body.buyer).toMatchObject({ name: 'Grace Hopper', email });

      const out = await request(app.url).post('/api/auth/sign-out').set('cookie', `pm_session=${token}`).expect(200);
      expect(sessionCookie(out, 'pm_session')).toMatch(/pm_session=;.*Expires=Thu, 01 Jan 1970/);
      const after = await request(app.url).get('/api/auth/me').set('cookie', `pm_session=${token}`).expect(401);
      expect(after.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: AUTH_MESSAGES.SIGN_IN_REQUIRED });
    });

    it('refuses a code used twice, and burns a code after 5 wrong tries', async () => {
      const email = await registerBuyer();
      await request(app.url).post('/api/auth/sign-in/code').send({ email }).expect(202);
      const code = await codeFor(email);
      await request(app.url).post('/api/auth/sign-in/verify').send({ email, code }).expect(200);
      const twice = await request(app.url).post('/api/auth/sign-in/verify').send({ email, code }).expect(401);
      expect(twice.body.message).toBe(AUTH_MESSAGES.CODE_INVALID);

      const other = await registerBuyer();
      await request(app.url).post('/api/auth/sign-in/code').send({ email: other }).expect(202);
      const good = await codeFor(other);
      const bad = String((Number(good) + 1) % 1_000_000).padStart(6, '0');
      const answers = [];
      for (let i = 0; i < 6; i++)
        answers.push((await request(app.url).post('/api/auth/sign-in/verify').send({ email: other, code: bad })).body.message);
      expect(answers).toEqual([...Array(4).fill(AUTH_MESSAGES.CODE_INVALID), AUTH_MESSAGES.CODE_BURNED, AUTH_MESSAGES.CODE_BURNED]);
      const late = await request(app.url).post('/api/auth/sign-in/verify').send({ email: other, code: good });
      expect(late.status).toBe(401);
      expect(late.body.message).toBe(AUTH_MESSAGES.CODE_BURNED);
    });

    it('names a malformed code or email with 400', async () => {
      const response = await request(app.url).post('/api/auth/sign-in/verify').send({ email: 'x', code: '12ab' }).expect(400);
      expect(response.body.fields).toEqual({ email: [AUTH_MESSAGES.EMAIL_INVALID], code: [AUTH_MESSAGES.CODE_FORMAT] });
    });

    it('throttles resends (429 with Retry-After), per identity on verify, and per IP on registration', async () => {
      const email = await registerBuyer();
      await request(app.url).post('/api/auth/sign-in/code').send({ email }).expect(202);
      const again = await request(app.url).post('/api/auth/sign-in/code').send({ email }).expect(429);
      expect(again.body).toEqual({ statusCode: 429, error: 'Too Many Requests', message: AUTH_MESSAGES.RESEND_TOO_SOON });
      expect(Number(again.headers['retry-after'])).toBeGreaterThan(50);

      // Per identity: the 9th verify naming one email is refused whatever the IP.
      const target = `target.${Date.now()}@example.com`;
      const statuses = [];
      for (let i = 0; i < 9; i++) {
        statuses.push(
          (
            await request(app.url)
              .post('/api/auth/sign-in/verify')
              .set('x-forwarded-for', freshIp())
              .send({ email: target, code: '000000' })
          ).status,
        );
      }
      expect(statuses).toEqual([...Array(8).fill(401), 429]);

      // Per IP: the 5th registration from one address is refused and writes nothing; another address still registers.
      const ip = freshIp();
      const before = Number((await db.query('SELECT count(*) AS n FROM onboarding.buyers')).rows[0].n);
      const results = [];
      for (let i = 0; i < 5; i++) {
        results.push(
          await request(app.url)
            .post('/api/register-buyer')
            .set('x-forwarded-for', ip)
            .send({ name: 'Flood', email: `flood.${i}.${Date.now()}@example.com` }),
        );
      }
      expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 429]);
      expect(results[4]!.body).toEqual({
        statusCode: 429,
        error: 'Too Many Requests',
        message: expect.stringMatching(/^Too many attempts/),
      });
      expect(Number(results[4]!.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number((await db.query('SELECT count(*) AS n FROM onboarding.buyers')).rows[0].n)).toBe(before + 4);
      await request(app.url)
        .post('/api/register-buyer')
        .set('x-forwarded-for', freshIp())
        .send({ name: 'Other', email: `ok.${Date.now()}@example.com` })
        .expect(201);
    });
  });

  describe('administrators', () => {
    const password = 'correct horse battery staple';
    let adminEmail: string;

    beforeAll(async () => {
      adminEmail = `admin.${Date.now()}@example.com`;
      const out: string[] = [];
      const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => (out.push(String(chunk)), true));
      try {
        expect(await adminCreate(['--email', adminEmail, '--password', password], { DATABASE_URL: database.url })).toBe(0);
      } finally {
        write.mockRestore();
      }
      expect(out.join('')).toContain(`Administrator ${adminEmail} created`);
    });

    it('refuses a short password at creation and stores scrypt hashes only', async () => {
      const err: string[] = [];
      const write = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => (err.push(String(chunk)), true));
      try {
        expect(await adminCreate(['--email', 'short@example.com', '--password', 'elevenchars'], { DATABASE_URL: database.url })).toBe(1);
      } finally {
        write.mockRestore();
      }
      expect(err.join('')).toContain(AUTH_MESSAGES.PASSWORD_TOO_SHORT);
      const { rows } = await db.query('SELECT password_hash FROM onboarding.admins WHERE email = $1', [adminEmail]);
      expect(rows[0].password_hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    });

    it('logs in with pm_admin, answers /api/admin/me once the second factor is in, and logs out', async () => {
      const login = await request(app.url)
        .post('/api/admin/login')
        .set('x-forwarded-for', freshIp())
        .send({ email: adminEmail, password })
        .expect(200);
      expect(login.body).toEqual({ admin: null, secondFactor: { email: adminEmail, step: 'enrol', totp: false, passkeys: false } });
      const cookie = sessionCookie(login, 'pm_admin')!;
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      // The password alone is half a sign-in (ADR 0072; the second factor's own tests are admin-second-factor.integration-spec.ts).
      const pending = await request(app.url)
        .get('/api/admin/me')
        .set('cookie', `pm_admin=${tokenOf(cookie)}`)
        .expect(401);
      expect(pending.body.message).toBe(AUTH_MESSAGES.SECOND_FACTOR_REQUIRED);
      const token = tokenOf((await signInNewAdmin(app.url, { email: adminEmail, password, ip: freshIp() })).cookie);
      const me = await request(app.url).get('/api/admin/me').set('cookie', `pm_admin=${token}`).expect(200);
      expect(me.body).toEqual({ admin: { id: expect.any(String), email: adminEmail } });
      await request(app.url).post('/api/admin/logout').set('cookie', `pm_admin=${token}`).expect(200);
      await request(app.url).get('/api/admin/me').set('cookie', `pm_admin=${token}`).expect(401);
    });

    it('throttles wrong passwords per account: the 6th try is 429 with Retry-After, even with the right password', async () => {
      const email = `throttled.${Date.now()}@example.com`;
      await adminCreate(['--email', email, '--password', password], { DATABASE_URL: database.url });
      const ip = freshIp();
      const statuses = [];
      for (let i = 0; i < 5; i++) {
        const r = await request(app.url).post('/api/admin/login').set('x-forwarded-for', ip).send({ email, password: 'wrong password!!' });
        statuses.push(r.status);
        expect(r.body.message).toBe(AUTH_MESSAGES.ADMIN_LOGIN_FAILED);
      }
      expect(statuses).toEqual(Array(5).fill(401));
      const blocked = await request(app.url).post('/api/admin/login').set('x-forwarded-for', freshIp()).send({ email, password });
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual({ statusCode: 429, error: 'Too Many Requests', message: AUTH_MESSAGES.ADMIN_THROTTLED });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
      expect(sessionCookie(blocked, 'pm_admin')).toBeUndefined();
    });

    it('throttles failures per IP across accounts (20 in 15 minutes)', async () => {
      const ip = freshIp();
      for (let i = 0; i < 20; i++) {
        await request(app.url)
          .post('/api/admin/login')
          .set('x-forwarded-for', ip)
          .send({ email: `guess${i}@example.com`, password: 'nope nope nope' })
          .expect(401);
      }
      const blocked = await request(app.url).post('/api/admin/login').set('x-forwarded-for', ip).send({ email: adminEmail, password });
      expect(blocked.status).toBe(429);
      await request(app.url).post('/api/admin/login').set('x-forwarded-for', freshIp()).send({ email: adminEmail, password }).expect(200);
    });
  });

  describe('every guarded route refuses the wrong caller and changes nothing', () => {
    let buyerToken: string;
    let adminToken: string;

    beforeAll(async () => {
      buyerToken = await signIn(await registerBuyer());
      const email = `guard.admin.${Date.now()}@example.com`;
      await adminCreate(['--email', email, '--password', 'a long enough password'], { DATABASE_URL: database.url });
      adminToken = tokenOf((await signInNewAdmin(app.url, { email, password: 'a long enough password', ip: freshIp() })).cookie);
    });

    const forged = 'A'.repeat(43);

    it.each([
      ['no cookie', () => ''],
      ['a forged cookie', () => `pm_session=${forged}`],
      ['a malformed cookie', () => 'pm_session=../../etc'],
      ['an admin token in the buyer cookie', () => `pm_session=${adminToken}`],
      ['only an admin cookie', () => `pm_admin=${adminToken}`],
    ])('GET /api/auth/me with %s → 401', async (_label, cookie) => {
      const before = await countSessions();
      const r = await request(app.url).get('/api/auth/me').set('cookie', cookie());
      expect(r.status).toBe(401);
      expect(r.body.message).toBe(AUTH_MESSAGES.SIGN_IN_REQUIRED);
      expect(await countSessions()).toBe(before);
    });

    it.each([
      ['no cookie', () => ''],
      ['a forged cookie', () => `pm_admin=${forged}`],
      ['a buyer cookie', () => `pm_session=${buyerToken}`],
      ['a buyer token in the admin cookie', () => `pm_admin=${buyerToken}`],
    ])('GET /api/admin/me with %s → 401', async (_label, cookie) => {
      const before = await countSessions();
      const r = await request(app.url).get('/api/admin/me').set('cookie', cookie());
      expect(r.status).toBe(401);
      expect(r.body.message).toBe(AUTH_MESSAGES.ADMIN_REQUIRED);
      expect(await countSessions()).toBe(before);
    });

    it('an expired session is refused and its cookie cleared', async () => {
      const token = await signIn(await registerBuyer());
      await request(app.url).get('/api/auth/me').set('cookie', `pm_session=${token}`).expect(200);
      const idHash = createHash('sha256').update(token).digest('hex');
      await db.query(`UPDATE onboarding.sessions SET idle_expires_at = now() - interval '1 second' WHERE id_hash = $1`, [idHash]);
      const r = await request(app.url).get('/api/auth/me').set('cookie', `pm_session=${token}`).expect(401);
      expect(sessionCookie(r, 'pm_session')).toMatch(/^pm_session=;/);
    });

    it("sign-out and logout with someone else's or a forged token revoke nothing", async () => {
      const before = await countSessions();
      await request(app.url).post('/api/auth/sign-out').set('cookie', `pm_session=${forged}`).expect(200);
      await request(app.url).post('/api/auth/sign-out').set('cookie', `pm_session=${adminToken}`).expect(200);
      await request(app.url).post('/api/admin/logout').set('cookie', `pm_admin=${buyerToken}`).expect(200);
      expect(await countSessions()).toBe(before);
      await request(app.url).get('/api/auth/me').set('cookie', `pm_session=${buyerToken}`).expect(200);
      await request(app.url).get('/api/admin/me').set('cookie', `pm_admin=${adminToken}`).expect(200);
    });

    it('a revoked session stays refused after sign-out', async () => {
      const token = await signIn(await registerBuyer());
      await request(app.url).post('/api/auth/sign-out').set('cookie', `pm_session=${token}`).expect(200);
      await request(app.url).get('/api/auth/me').set('cookie', `pm_session=${token}`).expect(401);
    });
  });
});
