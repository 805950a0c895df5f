import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type pg from 'pg';
import request from 'supertest';
import type { EmbeddedPayMarket } from '@paymarket/embedded';
import { adminCreate, auditRows, signInNewAdmin } from '@paymarket/onboarding/testing';
import { operatorContext } from '@paymarket/platform';
import type { TestDatabase } from '@paymarket/platform/testing';
import { ADMIN_PASSWORD, startEmbeddedAdmin, type EmbeddedAdminHarness } from '../testing/embedded-admin.js';

jest.setTimeout(180_000);

/** Runs `npm run admin:create -- …` in-process against the test database: its exit code and what it printed. */
async function runAdminCreate(databaseUrl: string, ...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const capture = (into: string[]) => (chunk: string | Uint8Array) => (into.push(String(chunk)), true);
  const stdout = jest.spyOn(process.stdout, 'write').mockImplementation(capture(out) as typeof process.stdout.write);
  const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(capture(err) as typeof process.stderr.write);
  try {
    const code = await adminCreate(argv, { DATABASE_URL: databaseUrl });
    return { code, stdout: out.join(''), stderr: err.join('') };
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
  }
}

// ADR 0072's operator path: an administrator who lost their authenticator and every recovery code is reset with
// `npm run admin:create -- --email … --reset-second-factor`, then enrols again at the next sign-in.
describe('admin:create --reset-second-factor', () => {
  let harness: EmbeddedAdminHarness;
  let database: TestDatabase;
  let app: EmbeddedPayMarket;
  let db: pg.Client;
  const password = ADMIN_PASSWORD;

  beforeAll(async () => {
    harness = await startEmbeddedAdmin({ ipBlock: 9 });
    ({ app, db, database } = harness);
  });

  afterAll(async () => {
    await harness?.close();
  });

  /** Step 1 only: the half-signed-in session's `pm_admin=` cookie. */
  async function passwordOnly(email: string, ip: string): Promise<string> {
    const login = await request(app.url).post('/api/admin/login').set('x-forwarded-for', ip).send({ email, password }).expect(200);
    const cookies = ([] as string[]).concat(login.headers['set-cookie'] ?? []);
    return cookies.find((c) => c.startsWith('pm_admin='))!.split(';')[0]!;
  }

  const count = async (sql: string, email: string) =>
    ((await db.query(sql.replace('$ADMIN', `(SELECT id FROM onboarding.admins WHERE email = $1)`), [email])).rows[0] as { n: number }).n;

  const factorsOf = async (email: string) => ({
    totp: await count(`SELECT count(*)::int AS n FROM onboarding.admin_totp WHERE admin_id = $ADMIN`, email),
    recoveryCodes: await count(`SELECT count(*)::int AS n FROM onboarding.admin_recovery_codes WHERE admin_id = $ADMIN`, email),
    passkeys: await count(`SELECT count(*)::int AS n FROM onboarding.admin_passkeys WHERE admin_id = $ADMIN`, email),
    failures: await count(`SELECT count(*)::int AS n FROM onboarding.admin_factor_failures WHERE admin_id = $ADMIN`, email),
    liveSessions: await count(
      `SELECT count(*)::int AS n FROM onboarding.sessions WHERE kind = 'admin' AND subject_id = $ADMIN::text AND revoked_at IS NULL`,
      email,
    ),
  });

  describe('an enrolled administrator who lost the factor', () => {
    const email = 'lost.factor@example.com';
    let fullSession: string;

    beforeAll(async () => {
      expect((await runAdminCreate(database.url, '--email', email, '--password', password)).code).toBe(0);
      const admin = await signInNewAdmin(app.url, { email, password, ip: '10.9.0.1' });
      fullSession = admin.cookie;
      // A second sign-in with a recovery code (now used); a third left half-signed-in after a wrong code (counted).
      await request(app.url)
        .post('/api/admin/second-factor/verify/recovery')
        .set('x-forwarded-for', '10.9.0.2')
        .set('cookie', await passwordOnly(email, '10.9.0.2'))
        .send({ recoveryCode: admin.recoveryCodes[0] })
        .expect(200);
      await request(app.url)
        .post('/api/admin/second-factor/verify/totp')
        .set('x-forwarded-for', '10.9.0.3')
        .set('cookie', await passwordOnly(email, '10.9.0.3'))
        .send({ code: '000000' })
        .expect(400);
      // A passkey, as a registration stores it (a real ceremony needs a browser: the e2e spec does that).
      await db.query(
        `INSERT INTO onboarding.admin_passkeys (id, admin_id, public_key, counter, transports, created_at)
         SELECT 'credential-1', id, '\\x01'::bytea, 0, '{internal}', now() FROM onboarding.admins WHERE email = $1`,
        [email],
      );
      expect(await factorsOf(email)).toEqual({ totp: 1, recoveryCodes: 10, passkeys: 1, failures: 1, liveSessions: 3 });
      await request(app.url).get('/api/admin/me').set('cookie', fullSession).expect(200);
    });

    it('removes TOTP, recovery codes and passkeys, ends every session, and says so in one line', async () => {
      // The email as an operator may type it: the account is found as it was created.
      const run = await runAdminCreate(database.url, '--email', ' Lost.Factor@Example.com ', '--reset-second-factor');
      expect(run).toEqual({
        code: 0,
        stdout:
          'Administrator lost.factor@example.com: second factor removed (TOTP, 9 unused recovery codes, 1 passkey) and 3 sessions ' +
          'ended; the next sign-in at /admin sets one up again.\n',
        stderr: '',
      });
      expect(await factorsOf(email)).toEqual({ totp: 0, recoveryCodes: 0, passkeys: 0, failures: 0, liveSessions: 0 });
      await request(app.url).get('/api/admin/me').set('cookie', fullSession).expect(401);
      // One audit row (ADR 0075), by the operator at the shell with the command they ran: counts, never a secret.
      const adminId = ((await db.query(`SELECT id FROM onboarding.admins WHERE email = $1`, [email])).rows[0] as { id: string }).id;
      const command = `admin:create --email ${email} --reset-second-factor`;
      expect(await auditRows(db, { action: 'admin.second_factor_reset', targetId: adminId })).toEqual([
        {
          action: 'admin.second_factor_reset',
          actor: operatorContext(command).actor,
          ip: null,
          userAgent: null,
          target: { type: 'admin', id: adminId },
          companyId: null,
          outcome: 'succeeded',
          before: { authenticatorApp: true, unusedCodes: 9, passkeys: 1 },
          after: { authenticatorApp: false, unusedCodes: 0, passkeys: 0, sessionsEnded: 3 },
        },
      ]);
    });

    it('leaves the password as it was: the next sign-in takes it and enrols a factor again', async () => {
      const login = await request(app.url)
        .post('/api/admin/login')
        .set('x-forwarded-for', '10.9.0.6')
        .send({ email, password })
        .expect(200);
      expect(login.body).toEqual({ admin: null, secondFactor: { email, step: 'enrol', totp: false, passkeys: false } });
      const again = await signInNewAdmin(app.url, { email, password, ip: '10.9.0.4' });
      expect(again.recoveryCodes).toHaveLength(10);
      await request(app.url).get('/api/admin/me').set('cookie', again.cookie).expect(200);
    });
  });

  it('on an administrator with no factor, removes nothing and still ends the sessions', async () => {
    const fresh = 'never.enrolled@example.com';
    expect((await runAdminCreate(database.url, '--email', fresh, '--password', password)).code).toBe(0);
    await request(app.url).post('/api/admin/login').set('x-forwarded-for', '10.9.0.5').send({ email: fresh, password }).expect(200);
    const run = await runAdminCreate(database.url, '--email', fresh, '--reset-second-factor');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      'Administrator never.enrolled@example.com: second factor removed (no TOTP, 0 unused recovery codes, 0 passkeys) and 1 session ' +
        'ended; the next sign-in at /admin sets one up again.\n',
    );
  });

  it('records creating an administrator and setting a new password as the operator, never the password (ADR 0075)', async () => {
    const email = 'created.by.operator@example.com';
    expect((await runAdminCreate(database.url, '--email', email, '--password', password)).code).toBe(0);
    await request(app.url).post('/api/admin/login').set('x-forwarded-for', '10.9.0.7').send({ email, password }).expect(200);
    const again = await runAdminCreate(database.url, '--email', email, '--password', `${password} again`);
    expect(again.stdout).toBe(`Administrator ${email} already existed: password changed and their sessions ended.\n`);
    const adminId = ((await db.query(`SELECT id FROM onboarding.admins WHERE email = $1`, [email])).rows[0] as { id: string }).id;
    const operator = operatorContext(`admin:create --email ${email}`);
    expect(await auditRows(db, { action: 'admin.created', targetId: adminId })).toEqual([
      expect.objectContaining({ actor: operator.actor, target: { type: 'admin', id: adminId }, before: null, after: { email } }),
    ]);
    const set = await auditRows(db, { action: 'admin.password_set', targetId: adminId });
    expect(set).toEqual([
      expect.objectContaining({ actor: operator.actor, before: { email }, after: { email, sessionsEnded: 1 }, ip: null, userAgent: null }),
    ]);
    expect(JSON.stringify(set)).not.toContain(password);
  });

  it('refuses an unknown email in one line and changes nothing', async () => {
    const before = (await db.query(`SELECT count(*)::int AS n FROM onboarding.sessions WHERE revoked_at IS NULL`)).rows[0] as { n: number };
    const resets = (await auditRows(db, { action: 'admin.second_factor_reset' })).length;
    const run = await runAdminCreate(database.url, '--email', 'nobody@example.com', '--reset-second-factor');
    expect(run).toEqual({ code: 1, stdout: '', stderr: 'No administrator has the email nobody@example.com: nothing was reset.\n' });
    expect((await db.query(`SELECT count(*)::int AS n FROM onboarding.sessions WHERE revoked_at IS NULL`)).rows[0]).toEqual(before);
    expect(await auditRows(db, { action: 'admin.second_factor_reset' })).toHaveLength(resets);
  });

  it('refuses a reset combined with a password, or without an email, naming what to do (exit 2)', async () => {
    const withPassword = await runAdminCreate(database.url, '--email', 'x@example.com', '--password', password, '--reset-second-factor');
    expect(withPassword.code).toBe(2);
    expect(withPassword.stderr).toMatch(/^--reset-second-factor takes --email and no --password/);
    const noEmail = await runAdminCreate(database.url, '--reset-second-factor');
    expect(noEmail.code).toBe(2);
    expect(noEmail.stdout).toBe('');
  });

  it('on a database onboarding has not migrated to ADR 0072 yet (no factor tables), only ends the sessions', async () => {
    // A second database on the same server (a second createTestDatabase would stop the shared embedded server).
    const name = `${new URL(database.url).pathname.slice(1)}_bare`;
    await db.query(`CREATE DATABASE ${name}`);
    const bareUrl = Object.assign(new URL(database.url), { pathname: `/${name}` }).toString();
    try {
      expect((await runAdminCreate(bareUrl, '--email', 'early@example.com', '--password', password)).code).toBe(0);
      expect(await runAdminCreate(bareUrl, '--email', 'early@example.com', '--reset-second-factor')).toEqual({
        code: 0,
        stdout:
          'Administrator early@example.com: second factor removed (no TOTP, 0 unused recovery codes, 0 passkeys) and 0 sessions ' +
          'ended; the next sign-in at /admin sets one up again.\n',
        stderr: '',
      });
    } finally {
      await db.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  });
});
