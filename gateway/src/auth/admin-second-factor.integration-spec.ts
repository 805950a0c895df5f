import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createHash } from 'node:crypto';
import type pg from 'pg';
import request from 'supertest';
import { AUTH_MESSAGES, type AuditRecordedPayload } from '@paymarket/contracts';
import type { EmbeddedPayMarket } from '@paymarket/embedded';
import { auditRows, nextTotpCode, signInNewAdmin, SoftPasskey } from '@paymarket/onboarding/testing';
import { ADMIN_PASSWORD, adminCookie, startEmbeddedAdmin, type EmbeddedAdminHarness } from '../testing/embedded-admin.js';

jest.setTimeout(180_000);

interface OpenApiDocument {
  paths: Record<string, Record<string, { security?: Array<Record<string, string[]>> }>>;
}

// ADR 0072 over HTTP (gateway, onboarding, real PostgreSQL): the password alone opens no admin route; the second
// factor is enrolled on the first sign-in, then required at each one. Each sign-in, refusal and change of a factor is
// one row of the audit trail (ADR 0075).
describe('administrator second factor over HTTP', () => {
  let harness: EmbeddedAdminHarness;
  let app: EmbeddedPayMarket;
  let db: pg.Client;
  const password = ADMIN_PASSWORD;

  beforeAll(async () => {
    harness = await startEmbeddedAdmin({ ipBlock: 7 });
    ({ app, db } = harness);
  });

  afterAll(async () => {
    await harness?.close();
  });

  const freshIp = () => harness.freshIp();
  const newAdmin = () => harness.newAdmin();

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

  // ADR 0075: who signed in, with which factor, from where; each refusal in a transaction of its own (committed
  // although the request failed); each change of a factor. Rows are read from onboarding's outbox, where they wait for
  // the audit log, by the administrator they are about.
  describe('the audit trail', () => {
    const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    const adminIdOf = async (email: string) =>
      ((await db.query(`SELECT id FROM onboarding.admins WHERE email = $1`, [email])).rows[0] as { id: string }).id;
    // What the administrator's sign-ins and factors recorded: not the operator's admin:create that made the account.
    const rowsOf = async (adminId: string): Promise<AuditRecordedPayload[]> =>
      (await auditRows(db, { targetId: adminId })).filter((r) => r.actor.type !== 'operator');
    const byAdmin = (id: string, email: string, ip: string) => ({ actor: { type: 'admin' as const, id, label: email }, ip, userAgent: UA });
    const row = (fields: Partial<AuditRecordedPayload>) => ({
      companyId: null,
      outcome: 'succeeded',
      before: null,
      after: null,
      ...fields,
    });

    /** Password then TOTP code from a browser at `ip`: the full session's cookie. */
    async function signInWithTotp(email: string, secret: string, ip: string): Promise<string> {
      const pending = adminCookie(
        await request(app.url)
          .post('/api/admin/login')
          .set('x-forwarded-for', ip)
          .set('user-agent', UA)
          .send({ email, password })
          .expect(200),
      )!;
      const verified = await request(app.url)
        .post('/api/admin/second-factor/verify/totp')
        .set('x-forwarded-for', ip)
        .set('user-agent', UA)
        .set('cookie', pending)
        .send({ code: await nextTotpCode(secret) })
        .expect(200);
      return adminCookie(verified)!;
    }

    it('records a wrong password as a failed sign-in by nobody, named by the email tried, and the lockout too', async () => {
      const email = await newAdmin();
      const adminId = await adminIdOf(email);
      const ip = freshIp();
      for (let i = 0; i < 5; i++) {
        await request(app.url)
          .post('/api/admin/login')
          .set('x-forwarded-for', ip)
          .set('user-agent', UA)
          .send({ email, password: 'wrong password!' })
          .expect(401);
      }
      // The sixth is refused for the lockout, right password or not.
      await request(app.url)
        .post('/api/admin/login')
        .set('x-forwarded-for', ip)
        .set('user-agent', UA)
        .send({ email, password })
        .expect(429);

      const refused = (reason: string) =>
        row({
          action: 'admin.sign_in_failed',
          actor: { type: 'anonymous', id: null, label: email },
          ip,
          userAgent: UA,
          target: { type: 'admin', id: adminId },
          outcome: 'failed',
          after: { factor: 'password', reason },
        });
      expect(await rowsOf(adminId)).toEqual([
        ...Array<unknown>(5).fill(refused(AUTH_MESSAGES.ADMIN_LOGIN_FAILED)),
        refused(AUTH_MESSAGES.ADMIN_THROTTLED),
      ]);

      // An email that is nobody's: the row names the email, there being no account.
      const stranger = `nobody.${Date.now()}@example.com`;
      await request(app.url).post('/api/admin/login').set('x-forwarded-for', freshIp()).send({ email: stranger, password }).expect(401);
      expect(await auditRows(db, { targetId: stranger })).toEqual([
        expect.objectContaining({
          action: 'admin.sign_in_failed',
          target: { type: 'email', id: stranger },
          actor: expect.objectContaining({ label: stranger }),
        }),
      ]);
    });

    it('records the enrolment and the sign-in it completes, each later sign-in with its factor, refusals and renewed codes', async () => {
      const email = await newAdmin();
      const adminId = await adminIdOf(email);
      const ip = freshIp();
      const pending = adminCookie(
        await request(app.url)
          .post('/api/admin/login')
          .set('x-forwarded-for', ip)
          .set('user-agent', UA)
          .send({ email, password })
          .expect(200),
      )!;
      // The password step alone records nothing: the sign-in is not complete.
      expect(await rowsOf(adminId)).toEqual([]);
      const { secret } = (await request(app.url).post('/api/admin/second-factor/totp/enrol').set('cookie', pending).expect(200)).body as {
        secret: string;
      };
      const confirmed = await request(app.url)
        .post('/api/admin/second-factor/totp/confirm')
        .set('x-forwarded-for', ip)
        .set('user-agent', UA)
        .set('cookie', pending)
        .send({ code: await nextTotpCode(secret) })
        .expect(200);
      const recoveryCodes = confirmed.body.recoveryCodes as string[];
      const who = byAdmin(adminId, email, ip);
      const target = { type: 'admin', id: adminId };
      expect(await rowsOf(adminId)).toEqual([
        row({ action: 'admin.second_factor_enrolled', ...who, target, after: { factor: 'totp', replaced: false } }),
        row({ action: 'admin.signed_in', ...who, target, after: { factor: 'totp' } }),
      ]);

      // A later sign-in with a code, then a wrong code (counted, recorded, although the request failed).
      const ip2 = freshIp();
      const full = await signInWithTotp(email, secret, ip2);
      const wrongFrom = adminCookie(
        await request(app.url)
          .post('/api/admin/login')
          .set('x-forwarded-for', ip2)
          .set('user-agent', UA)
          .send({ email, password })
          .expect(200),
      )!;
      await request(app.url)
        .post('/api/admin/second-factor/verify/totp')
        .set('x-forwarded-for', ip2)
        .set('user-agent', UA)
        .set('cookie', wrongFrom)
        .send({ code: '000000' })
        .expect(400);
      // A recovery code: used, and the sign-in it completes; the same code again is refused.
      for (const expected of [200, 400]) {
        const login = adminCookie(
          await request(app.url)
            .post('/api/admin/login')
            .set('x-forwarded-for', ip2)
            .set('user-agent', UA)
            .send({ email, password })
            .expect(200),
        )!;
        await request(app.url)
          .post('/api/admin/second-factor/verify/recovery')
          .set('x-forwarded-for', ip2)
          .set('user-agent', UA)
          .set('cookie', login)
          .send({ recoveryCode: recoveryCodes[0] })
          .expect(expected);
      }
      // New recovery codes from the full session: by the administrator the gateway signed in.
      const fresh = await signInWithTotp(email, secret, ip2);
      await request(app.url)
        .post('/api/admin/second-factor/recovery-codes')
        .set('x-forwarded-for', ip2)
        .set('user-agent', UA)
        .set('cookie', fresh)
        .expect(200);
      await request(app.url).get('/api/admin/me').set('cookie', full).expect(401);

      const later = byAdmin(adminId, email, ip2);
      expect((await rowsOf(adminId)).slice(2)).toEqual([
        row({ action: 'admin.signed_in', ...later, target, after: { factor: 'totp' } }),
        row({
          action: 'admin.sign_in_failed',
          ...later,
          target,
          outcome: 'failed',
          after: { factor: 'totp', reason: AUTH_MESSAGES.TOTP_CODE_INVALID },
        }),
        row({ action: 'admin.recovery_code_used', ...later, target, after: { unusedCodes: 9 } }),
        row({ action: 'admin.signed_in', ...later, target, after: { factor: 'recovery_code' } }),
        row({
          action: 'admin.sign_in_failed',
          ...later,
          target,
          outcome: 'failed',
          after: { factor: 'recovery_code', reason: AUTH_MESSAGES.RECOVERY_CODE_INVALID },
        }),
        row({ action: 'admin.signed_in', ...later, target, after: { factor: 'totp' } }),
        row({ action: 'admin.recovery_codes_renewed', ...later, target, before: { unusedCodes: 9 }, after: { unusedCodes: 10 } }),
      ]);
      // Never a code nor a secret.
      const trail = JSON.stringify(await rowsOf(adminId));
      for (const secretValue of [secret, ...recoveryCodes]) expect(trail).not.toContain(secretValue);
    });

    it('records a passkey added, a sign-in with it, a refused one and its removal', async () => {
      const email = await newAdmin();
      const adminId = await adminIdOf(email);
      const ip = freshIp();
      const enrolled = await signInNewAdmin(app.url, { email, password, ip: freshIp() });
      // Passkeys need a host name (an IP address is no relying party): the browser's origin is localhost.
      const host = new URL(app.url).host.replace('127.0.0.1', 'localhost');
      const origin = `http://${host}`;
      const at = (r: request.Test) => r.set('host', host).set('x-forwarded-for', ip).set('user-agent', UA);
      const passkey = new SoftPasskey();

      const registration = await at(request(app.url).post('/api/admin/second-factor/passkeys/registration-options'))
        .set('cookie', enrolled.cookie)
        .expect(200);
      await at(request(app.url).post('/api/admin/second-factor/passkeys'))
        .set('cookie', enrolled.cookie)
        .send(passkey.register(registration.body.options, origin))
        .expect(201);

      /** Password, then the passkey's answer to the authentication options (or `tamper`ed): the answer. */
      const signInWithPasskey = async (tamper = false) => {
        const pending = adminCookie(await at(request(app.url).post('/api/admin/login')).send({ email, password }).expect(200))!;
        const options = await at(request(app.url).post('/api/admin/second-factor/passkeys/authentication-options'))
          .set('cookie', pending)
          .expect(200);
        const answer = passkey.authenticate(options.body.options, tamper ? 'http://evil.example' : origin);
        return at(request(app.url).post('/api/admin/second-factor/verify/passkey')).set('cookie', pending).send(answer);
      };
      const signedIn = await signInWithPasskey();
      expect(signedIn.status).toBe(200);
      expect((await signInWithPasskey(true)).status).toBe(400);
      await at(request(app.url).delete(`/api/admin/second-factor/passkeys/${passkey.id}`))
        .set('cookie', adminCookie(signedIn)!)
        .expect(200);

      const who = byAdmin(adminId, email, ip);
      const target = { type: 'admin', id: adminId };
      // After the TOTP enrolment's two rows (from signInNewAdmin).
      expect((await rowsOf(adminId)).slice(2)).toEqual([
        row({ action: 'admin.passkey_added', ...who, target, after: { passkey: passkey.id } }),
        row({ action: 'admin.signed_in', ...who, target, after: { factor: 'passkey' } }),
        row({
          action: 'admin.sign_in_failed',
          ...who,
          target,
          outcome: 'failed',
          after: { factor: 'passkey', reason: AUTH_MESSAGES.PASSKEY_FAILED },
        }),
        row({ action: 'admin.passkey_removed', ...who, target, before: { passkey: passkey.id } }),
      ]);
    });
  });
});
