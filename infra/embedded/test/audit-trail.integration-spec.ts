import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type pg from 'pg';
import request from 'supertest';
import {
  AUTH_MESSAGES,
  type AccountSession,
  type ApiAccessResponse,
  type ApiAccountResponse,
  type ApiOrderView,
  type AuditEntry,
  type AuditPage,
  type CreatedApiKey,
  type CreatedWebhookEndpoint,
  type MailboxMessage,
  type OrderView,
  type PaymentIntentResponse,
  type RefundView,
  type RevealCredentialsResponse,
  type SetupMarketplaceResponse,
  type WebhookSecretView,
} from '@paymarket/contracts';
import { verifyAuditLogAt } from '@paymarket/onboarding';
import { adminCreate, nextTotpCode, SoftPasskey } from '@paymarket/onboarding/testing';
import { operatorContext } from '@paymarket/platform';
import { eventually } from '@paymarket/platform/testing';
import type { EmbeddedPayMarket } from '../src/start-embedded.js';
import { ipsFrom, startTestApp, type TestApp } from './support/integrator-test-app.js';
import { orderAndPay } from './support/payments.js';
import { cookieOf, signInBuyer } from './support/sign-in.js';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

jest.setTimeout(240_000);

/** The Stripe emulator's demo print provider (receives transfers): the recipient of the orders here. */
const PROVIDER = 'acct_1PMDemoPrintCo00001';
/** Another emulator account that can receive transfers: a marketplace's payout account, then an approved provider. */
const MAPLE_INK = 'acct_1PMDemoMapleInk0002';
const PASSWORD = 'correct horse battery staple';
const WRONG_PASSWORD = 'not the right password at all';
/** Client addresses of the requests that are not themselves audited (rate limits stay apart). */
const freshIp = ipsFrom('10.97');

/** Where a request comes from: a distinct address and user agent per audited action, so each row can be told apart. */
interface Origin {
  ip: string;
  userAgent: string;
}

/** What a row of the trail must be, but its seq, id and times. */
type ExpectedRow = Pick<AuditEntry, 'action' | 'actor' | 'ip' | 'userAgent' | 'target' | 'companyId' | 'outcome' | 'producer'> & {
  before: unknown;
  after: unknown;
};

/** The TOTP codes (RFC 6238, SHA-1, 6 digits, 30 s) of `secret` within two steps of now. */
function totpCodesNear(secret: string): Set<string> {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...secret.replace(/=+$/, '').toUpperCase()].map((c) => alphabet.indexOf(c).toString(2).padStart(5, '0')).join('');
  const key = Buffer.from(Array.from({ length: Math.floor(bits.length / 8) }, (_, i) => parseInt(bits.slice(i * 8, i * 8 + 8), 2)));
  const now = Math.floor(Date.now() / 30_000);
  const codes = new Set<string>();
  for (let step = now - 2; step <= now + 2; step++) {
    const counter = Buffer.alloc(8);
    counter.writeBigUInt64BE(BigInt(step));
    const mac = createHmac('sha1', key).update(counter).digest();
    const offset = mac[mac.length - 1]! & 0xf;
    codes.add(String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0'));
  }
  return codes;
}

/** The `pm_admin=` cookie an answer sets. */
function adminCookieOf(response: request.Response): string {
  const cookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((c) => c.startsWith('pm_admin='));
  expect(cookie).toBeDefined();
  return cookie!.split(';')[0]!;
}

// ADR 0075 end to end: ONE embedded PayMarket on a real PostgreSQL, every privileged action done once over HTTP as a
// person or an integration would, then the trail read back through /api/admin/audit (and the console's, and the CSV):
// each action exactly once, with who, from where, what and before/after, never a secret; then audit:verify's check
// finds the chain intact, and the one row changed behind its back.
describe('the audit trail of every privileged action, end to end', () => {
  let testApp: TestApp;
  let app: EmbeddedPayMarket;
  let db: pg.Client;
  let receiver: WebhookReceiver;
  const run = Date.now().toString(36);
  let originCount = 0;
  /** A new origin for one audited action. */
  const origin = (what: string): Origin => ({ ip: `203.0.113.${++originCount}`, userAgent: `audit-trail-spec/${what} (${run})` });
  const from = (test: request.Test, where?: Origin): request.Test =>
    where ? test.set('x-forwarded-for', where.ip).set('user-agent', where.userAgent) : test.set('x-forwarded-for', freshIp());

  /** Every row expected in the trail, in the order the actions were done. */
  const expected: ExpectedRow[] = [];
  /** Every secret the spec saw or used: none may be in any row, nor in the CSV. */
  const secrets: string[] = [PASSWORD, WRONG_PASSWORD];

  // The actors, known once they exist.
  const adminEmail = `ops.audit.${run}@example.com`;
  const operatorEmail = `ops.lost.${run}@example.com`;
  let adminId: string;
  let adminCookie: string;
  let acme: { id: string; email: string; secretKey: string; keyId: string; consoleCookie: string };
  let globex: { id: string; email: string; secretKey: string; keyId: string };
  /** An instant between the main part and the second administrator's (the from/to filters' boundary). */
  let boundary: string;

  const adminActor = () => ({ type: 'admin' as const, id: adminId, label: adminEmail });
  const keyActor = (company: { keyId: string }) => ({ type: 'api_key' as const, id: company.keyId, label: `API key ${company.keyId}` });
  const consoleActor = () => ({ type: 'console' as const, id: acme.id, label: acme.email });
  const withKey = (secret: string) => ({ authorization: `Bearer ${secret}` });

  const mailbox = async () => (await request(app.url).get('/api/dev/mailbox?limit=200').expect(200)).body as MailboxMessage[];
  const mailTo = (email: string, matches: (m: MailboxMessage) => boolean, what: string) =>
    eventually(async () => (await mailbox()).find((m) => m.to === email && matches(m)), 15_000, what);

  /** Every row of a view of the trail (the admin's by default, or a console's), newest first, read page by page. */
  async function readTrail(query: Record<string, string> = {}, cookie = adminCookie, path = '/api/admin/audit'): Promise<AuditEntry[]> {
    const entries: AuditEntry[] = [];
    let before: number | null = null;
    do {
      const page = (
        await request(app.url)
          .get(path)
          .query({ ...query, limit: '200', ...(before === null ? {} : { before: String(before) }) })
          .set('cookie', cookie)
          .expect(200)
      ).body as AuditPage;
      entries.push(...page.entries);
      before = page.nextBefore;
    } while (before !== null);
    return entries;
  }

  /** Password, then a TOTP enrolment confirmed from `where`, as /admin does on a first sign-in: the full session. */
  async function enrol(email: string, where: Origin): Promise<{ cookie: string; secret: string; recoveryCodes: string[] }> {
    const pending = adminCookieOf(await from(request(app.url).post('/api/admin/login')).send({ email, password: PASSWORD }).expect(200));
    const { secret } = (
      await from(request(app.url).post('/api/admin/second-factor/totp/enrol')).set('cookie', pending).send({}).expect(200)
    ).body as { secret: string };
    const confirmed = await from(request(app.url).post('/api/admin/second-factor/totp/confirm'), where)
      .set('cookie', pending)
      .send({ code: await nextTotpCode(secret) })
      .expect(200);
    const { recoveryCodes } = confirmed.body as { recoveryCodes: string[] };
    secrets.push(secret, ...recoveryCodes);
    return { cookie: adminCookieOf(confirmed), secret, recoveryCodes };
  }

  /**
   * `npm run admin:create -- --email … --password …` by an operator at the shell: a new administrator (an
   * `admin.created` row by the operator, naming the command without its password). Answers the administrator's id.
   */
  async function createAdmin(email: string): Promise<string> {
    expect(await runAdminCreate('--email', email, '--password', PASSWORD)).toBe(0);
    const id = ((await db.query(`SELECT id FROM onboarding.admins WHERE email = $1`, [email])).rows[0] as { id: string }).id;
    expected.push({
      action: 'admin.created',
      actor: operatorContext(`admin:create --email ${email}`).actor,
      ip: null,
      userAgent: null,
      target: { type: 'admin', id },
      companyId: null,
      outcome: 'succeeded',
      producer: 'onboarding',
      before: null,
      after: { email },
    });
    return id;
  }

  /** `npm run admin:create -- …` in-process on the app's database (its output silenced): the exit code. */
  async function runAdminCreate(...argv: string[]): Promise<number> {
    const write = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      return await adminCreate(argv, { DATABASE_URL: testApp.databaseUrl });
    } finally {
      write.mockRestore();
    }
  }

  /** An application for API access from `where` (a free-mail contact is flagged for review, a company domain approved). */
  async function applyForApiAccess(name: string, email: string, where: Origin): Promise<ApiAccessResponse> {
    const slug = name.toLowerCase().replace(/[^a-z]/g, '');
    return (
      await from(request(app.url).post('/api/request-api-access'), where)
        .send({
          name,
          website: `https://${slug}-${run}.com`,
          email,
          businessType: 'saas',
          contactName: 'Ada Lovelace',
          contactPhone: '+1 416 555 0134',
          taxId: 'CA-123456789',
        })
        .expect(201)
    ).body as ApiAccessResponse;
  }

  const keyIdOf = async (secret: string) =>
    ((await from(request(app.url).get('/api/v1/account')).set(withKey(secret)).expect(200)).body as ApiAccountResponse).keyId!;

  beforeAll(async () => {
    testApp = await startTestApp();
    ({ app, db } = testApp);
    receiver = await startWebhookReceiver('/hooks');
  });

  afterAll(async () => {
    await receiver?.close();
    await testApp?.close();
  });

  it('an administrator signs in, fails, uses a recovery code, renews the codes, adds and removes a passkey, ends a session', async () => {
    adminId = await createAdmin(adminEmail);
    const target = { type: 'admin', id: adminId };
    const onboarding = { companyId: null, producer: 'onboarding' };

    // A wrong password: nobody is signed in, the actor is the email tried.
    const wrongPassword = origin('wrong-password');
    const refused = await from(request(app.url).post('/api/admin/login'), wrongPassword)
      .send({ email: adminEmail, password: WRONG_PASSWORD })
      .expect(401);
    expect(refused.body.message).toBe(AUTH_MESSAGES.ADMIN_LOGIN_FAILED);
    expected.push({
      action: 'admin.sign_in_failed',
      actor: { type: 'anonymous', id: null, label: adminEmail },
      ...wrongPassword,
      target,
      ...onboarding,
      outcome: 'failed',
      before: null,
      after: { factor: 'password', reason: AUTH_MESSAGES.ADMIN_LOGIN_FAILED },
    });

    // The first sign-in: the password, then an authenticator app enrolled (two rows: the factor, the sign-in).
    const enrolment = origin('totp-enrol');
    const first = await enrol(adminEmail, enrolment);
    adminCookie = first.cookie;
    const byAdmin = { actor: adminActor(), target, ...onboarding, outcome: 'succeeded' as const };
    expected.push(
      { action: 'admin.second_factor_enrolled', ...byAdmin, ...enrolment, before: null, after: { factor: 'totp', replaced: false } },
      { action: 'admin.signed_in', ...byAdmin, ...enrolment, before: null, after: { factor: 'totp' } },
    );

    // A second sign-in: a wrong code (refused, recorded), then a recovery code (used, signed in).
    // (The session keeps the address it was started from: the password step's.)
    const secondLogin = freshIp();
    const pending = adminCookieOf(
      await request(app.url)
        .post('/api/admin/login')
        .set('x-forwarded-for', secondLogin)
        .send({ email: adminEmail, password: PASSWORD })
        .expect(200),
    );
    const wrongCode = origin('wrong-totp');
    const code = ['000000', '111111', '222222', '333333', '444444', '555555'].find((c) => !totpCodesNear(first.secret).has(c))!;
    await from(request(app.url).post('/api/admin/second-factor/verify/totp'), wrongCode).set('cookie', pending).send({ code }).expect(400);
    expected.push({
      action: 'admin.sign_in_failed',
      ...byAdmin,
      ...wrongCode,
      outcome: 'failed',
      before: null,
      after: { factor: 'totp', reason: AUTH_MESSAGES.TOTP_CODE_INVALID },
    });
    const recovery = origin('recovery-code');
    const recovered = await from(request(app.url).post('/api/admin/second-factor/verify/recovery'), recovery)
      .set('cookie', pending)
      .send({ recoveryCode: first.recoveryCodes[0] })
      .expect(200);
    expect(recovered.body).toMatchObject({ recoveryCodesLeft: 9 });
    const secondCookie = adminCookieOf(recovered);
    expected.push(
      { action: 'admin.recovery_code_used', ...byAdmin, ...recovery, before: null, after: { unusedCodes: 9 } },
      { action: 'admin.signed_in', ...byAdmin, ...recovery, before: null, after: { factor: 'recovery_code' } },
    );

    // From the first session, the second one is ended.
    const sessions = (
      (await from(request(app.url).get('/api/admin/sessions')).set('cookie', adminCookie).expect(200)).body as {
        sessions: AccountSession[];
      }
    ).sessions;
    const other = sessions.find((s) => !s.current)!;
    expect(other).toMatchObject({ ip: secondLogin });
    const ending = origin('session-end');
    expect(
      (
        await from(request(app.url).delete(`/api/admin/sessions/${other.id}`), ending)
          .set('cookie', adminCookie)
          .expect(200)
      ).body,
    ).toEqual({ ended: 1, signedOut: false });
    await request(app.url).get('/api/admin/me').set('cookie', secondCookie).expect(401);
    expected.push({
      action: 'session.ended',
      ...byAdmin,
      ...ending,
      target: { type: 'session', id: other.id },
      before: null,
      after: { ended: 1 },
    });

    // New recovery codes (9 unused before, 10 after).
    const renewal = origin('recovery-codes');
    const renewed = (
      await from(request(app.url).post('/api/admin/second-factor/recovery-codes'), renewal).set('cookie', adminCookie).send({}).expect(200)
    ).body as { recoveryCodes: string[] };
    secrets.push(...renewed.recoveryCodes);
    expected.push({
      action: 'admin.recovery_codes_renewed',
      ...byAdmin,
      ...renewal,
      before: { unusedCodes: 9 },
      after: { unusedCodes: 10 },
    });

    // A passkey added, then removed (a relying party needs a host name: the browser's origin is localhost).
    const host = new URL(app.url).host.replace('127.0.0.1', 'localhost');
    const passkey = new SoftPasskey();
    const options = await from(request(app.url).post('/api/admin/second-factor/passkeys/registration-options'))
      .set('host', host)
      .set('cookie', adminCookie)
      .expect(200);
    const adding = origin('passkey-add');
    await from(request(app.url).post('/api/admin/second-factor/passkeys'), adding)
      .set('host', host)
      .set('cookie', adminCookie)
      .send(passkey.register(options.body.options, `http://${host}`))
      .expect(201);
    const removing = origin('passkey-remove');
    await from(request(app.url).delete(`/api/admin/second-factor/passkeys/${passkey.id}`), removing)
      .set('host', host)
      .set('cookie', adminCookie)
      .expect(200);
    expected.push(
      { action: 'admin.passkey_added', ...byAdmin, ...adding, before: null, after: { passkey: passkey.id } },
      { action: 'admin.passkey_removed', ...byAdmin, ...removing, before: { passkey: passkey.id }, after: null },
    );
  });

  it('the administrator approves a flagged company; it and another company manage keys, webhooks, a marketplace and refunds', async () => {
    // Globex: a company domain, approved at once by the risk checks (a row by PayMarket itself, from where it applied).
    const globexApplication = origin('apply-globex');
    const globexEmail = `ops@globexaudit-${run}.com`;
    const globexAnswer = await applyForApiAccess('Globex Audit', globexEmail, globexApplication);
    expect(globexAnswer.status).toBe('approved');
    const globexSecret = globexAnswer.credentials!.secretKey;
    globex = { id: globexAnswer.company.id, email: globexEmail, secretKey: globexSecret, keyId: await keyIdOf(globexSecret) };
    secrets.push(globexSecret);
    expected.push({
      action: 'company.approved',
      actor: { type: 'system', id: null, label: 'automatic risk check' },
      ...globexApplication,
      target: { type: 'company', id: globex.id },
      companyId: globex.id,
      outcome: 'succeeded',
      producer: 'onboarding',
      before: null,
      after: { status: 'approved', riskScore: 0 },
    });

    // Acme: a free-mail contact, flagged for review (no row yet), approved by the administrator.
    const acmeEmail = `acme.audit.${run}@gmail.com`;
    const flagged = await applyForApiAccess('Acme Audit', acmeEmail, origin('apply-acme'));
    expect(flagged).toMatchObject({ status: 'pending_review', company: { verificationStatus: 'flagged' } });
    const acmeId = flagged.company.id;
    const approval = origin('company-approve');
    const notes = 'Called the founder: the gmail address is theirs.';
    await from(request(app.url).post(`/api/admin/approve-company/${acmeId}`), approval)
      .set('cookie', adminCookie)
      .send({ notes })
      .expect(200);
    expected.push({
      action: 'company.approved',
      actor: adminActor(),
      ...approval,
      target: { type: 'company', id: acmeId },
      companyId: acmeId,
      outcome: 'succeeded',
      producer: 'onboarding',
      before: { status: 'flagged', notes: null },
      after: { status: 'approved', notes },
    });
    // The contact opens the emailed one-time link: the credentials, shown once.
    const link = await mailTo(acmeEmail, (m) => /\/api-access\?company=/.test(m.text), 'the credentials link');
    const token = new URL(/(\/api-access\?company=[0-9a-f-]+&token=[A-Za-z0-9_-]+)/.exec(link.text)![1]!, 'http://x').searchParams.get(
      'token',
    )!;
    secrets.push(token);
    const revealed = (await from(request(app.url).post('/api/api-access/credentials')).send({ companyId: acmeId, token }).expect(200))
      .body as RevealCredentialsResponse;
    const acmeSecret = revealed.credentials.secretKey;
    secrets.push(acmeSecret);
    // Its console, signed in by an emailed code: a wrong code first (refused, recorded in Acme's trail too), then the right one.
    await from(request(app.url).post('/api/console/sign-in/code')).send({ email: acmeEmail }).expect(202);
    const consoleMail = await mailTo(acmeEmail, (m) => m.subject.includes('developer console code'), 'the console code');
    const consoleCode = /\b(\d{6})\b/.exec(consoleMail.text)![1]!;
    const consoleRefused = origin('console-sign-in-failed');
    await from(request(app.url).post('/api/console/sign-in/verify'), consoleRefused)
      .send({ email: acmeEmail, code: consoleCode === '000000' ? '111111' : '000000' })
      .expect(401);
    const consoleSignIn = origin('console-sign-in');
    const consoleCookie = cookieOf(
      await from(request(app.url).post('/api/console/sign-in/verify'), consoleSignIn)
        .send({ email: acmeEmail, code: consoleCode })
        .expect(200),
    );
    acme = { id: acmeId, email: acmeEmail, secretKey: acmeSecret, keyId: await keyIdOf(acmeSecret), consoleCookie };
    const ofAcme = { companyId: acme.id, outcome: 'succeeded' as const };
    const consoleSession = (
      (await request(app.url).get('/api/console/sessions').set('cookie', consoleCookie).expect(200)).body as { sessions: AccountSession[] }
    ).sessions.find((s) => s.current)!;
    expected.push(
      {
        action: 'console.sign_in_failed',
        actor: { type: 'anonymous', id: null, label: acmeEmail },
        ...consoleRefused,
        target: { type: 'email', id: acmeEmail },
        companyId: acme.id,
        outcome: 'failed',
        producer: 'onboarding',
        before: null,
        after: { factor: 'email_code', reason: AUTH_MESSAGES.CODE_INVALID },
      },
      {
        action: 'console.signed_in',
        actor: consoleActor(),
        ...consoleSignIn,
        target: { type: 'console_session', id: consoleSession.id },
        ...ofAcme,
        producer: 'onboarding',
        before: null,
        after: { factor: 'email_code' },
      },
    );
    const asConsole = { cookie: acme.consoleCookie };

    // API keys: made in the console, rolled with the default key, the new one revoked in the console.
    const keyMade = origin('api-key-create');
    const made = (
      await from(request(app.url).post('/api/v1/api-keys'), keyMade).set(asConsole).send({ name: 'Deploy', access: 'full' }).expect(201)
    ).body as CreatedApiKey;
    const keyRolled = origin('api-key-roll');
    const rolled = (
      await from(request(app.url).post(`/api/v1/api-keys/${made.id}/roll`), keyRolled)
        .set(withKey(acme.secretKey))
        .send({ expiresInHours: 1 })
        .expect(201)
    ).body as CreatedApiKey;
    const keyRevoked = origin('api-key-revoke');
    await from(request(app.url).delete(`/api/v1/api-keys/${rolled.id}`), keyRevoked)
      .set(asConsole)
      .expect(200);
    secrets.push(made.secret, rolled.secret);
    const deploy = { name: 'Deploy', mode: 'test', access: 'full' };
    expected.push(
      {
        action: 'api_key.created',
        actor: consoleActor(),
        ...keyMade,
        target: { type: 'api_key', id: made.id },
        ...ofAcme,
        producer: 'onboarding',
        before: null,
        after: { ...deploy, expiresAt: null },
      },
      {
        action: 'api_key.rolled',
        actor: keyActor(acme),
        ...keyRolled,
        target: { type: 'api_key', id: made.id },
        ...ofAcme,
        producer: 'onboarding',
        before: { expiresAt: null },
        after: { ...deploy, expiresAt: expect.any(String), newKeyId: rolled.id },
      },
      {
        action: 'api_key.revoked',
        actor: consoleActor(),
        ...keyRevoked,
        target: { type: 'api_key', id: rolled.id },
        ...ofAcme,
        producer: 'onboarding',
        before: { revokedAt: null },
        after: { ...deploy, revokedAt: expect.any(String), expiresAt: null },
      },
    );
    // Globex makes a key with its own: a row of Globex's trail, which Acme's console must not show.
    const globexKey = origin('api-key-create-globex');
    const reporting = (
      await from(request(app.url).post('/api/v1/api-keys'), globexKey)
        .set(withKey(globex.secretKey))
        .send({ name: 'Reporting', access: 'read_only' })
        .expect(201)
    ).body as CreatedApiKey;
    secrets.push(reporting.secret);
    expected.push({
      action: 'api_key.created',
      actor: keyActor(globex),
      ...globexKey,
      target: { type: 'api_key', id: reporting.id },
      companyId: globex.id,
      outcome: 'succeeded',
      producer: 'onboarding',
      before: null,
      after: { name: 'Reporting', mode: 'test', access: 'read_only', expiresAt: null },
    });

    // An order paid through the integrator API and partly refunded with the key.
    const order = (
      await from(request(app.url).post('/api/v1/orders'))
        .set(withKey(acme.secretKey))
        .send({ orderId: `audit_${run}`, amount: '100.00', currency: 'usd', recipient: PROVIDER })
        .expect(201)
    ).body as ApiOrderView;
    const intent = (
      await from(request(app.url).post(`/api/v1/orders/${order.id}/payment-intent`))
        .set(withKey(acme.secretKey))
        .expect(200)
    ).body as PaymentIntentResponse;
    await from(request(app.url).post(`/api/v1/payments/${intent.paymentIntentId}/test-card`))
      .set(withKey(acme.secretKey))
      .send({ cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' })
      .expect(200);
    await eventually(
      async () => ((await db.query(`SELECT 1 FROM payments.transfers WHERE order_id = $1`, [order.id])).rows.length ? true : undefined),
      15_000,
      'the transfer of the integrator order',
    );
    const apiRefund = origin('refund-api');
    const refund = (
      await from(request(app.url).post('/api/v1/refunds'), apiRefund)
        .set(withKey(acme.secretKey))
        .set('idempotency-key', randomUUID())
        .send({ order: order.id, amount: 2500, reason: 'requested_by_customer' })
        .expect(201)
    ).body as RefundView;
    expected.push({
      action: 'order.refunded',
      actor: keyActor(acme),
      ...apiRefund,
      target: { type: 'order', id: order.id },
      ...ofAcme,
      producer: 'payments',
      before: { orderStatus: 'completed', refunded: '0.00' },
      after: {
        refundId: refund.id,
        amount: '25.00',
        currency: 'usd',
        reason: 'requested_by_customer',
        orderStatus: 'partially_refunded',
        refunded: '25.00',
      },
    });

    // A webhook endpoint: registered with the key, changed in the console, its secret rolled, deleted.
    const hookMade = origin('webhook-create');
    const endpoint = (
      await from(request(app.url).post('/api/v1/webhook-endpoints'), hookMade)
        .set(withKey(acme.secretKey))
        .send({ url: receiver.url, events: ['payment.succeeded'], description: 'Orders service' })
        .expect(201)
    ).body as CreatedWebhookEndpoint;
    secrets.push(endpoint.secret);
    const hookChanged = origin('webhook-update');
    await from(request(app.url).patch(`/api/v1/webhook-endpoints/${endpoint.id}`), hookChanged)
      .set(asConsole)
      .send({ events: ['payment.succeeded', 'payment.refunded'] })
      .expect(200);
    const hookRolled = origin('webhook-roll');
    const rolledSecret = (
      await from(request(app.url).post(`/api/v1/webhook-endpoints/${endpoint.id}/secret/roll`), hookRolled)
        .set(withKey(acme.secretKey))
        .send({ expiresInHours: 2 })
        .expect(201)
    ).body as WebhookSecretView;
    secrets.push(rolledSecret.secret);
    const hookDeleted = origin('webhook-delete');
    await from(request(app.url).delete(`/api/v1/webhook-endpoints/${endpoint.id}`), hookDeleted)
      .set(asConsole)
      .expect(200);
    const hookTarget = { target: { type: 'webhook_endpoint', id: endpoint.id }, ...ofAcme, producer: 'notifications' };
    const registered = {
      url: receiver.url,
      events: ['payment.succeeded'],
      enabled: true,
      disabledReason: null,
      description: 'Orders service',
    };
    expected.push(
      { action: 'webhook_endpoint.created', actor: keyActor(acme), ...hookMade, ...hookTarget, before: null, after: registered },
      {
        action: 'webhook_endpoint.updated',
        actor: consoleActor(),
        ...hookChanged,
        ...hookTarget,
        before: { events: ['payment.succeeded'] },
        after: { events: ['payment.succeeded', 'payment.refunded'] },
      },
      {
        action: 'webhook_endpoint.secret_rolled',
        actor: keyActor(acme),
        ...hookRolled,
        ...hookTarget,
        before: null,
        after: { secretRolledAt: expect.any(String), previousExpiresAt: rolledSecret.previousSecretExpiresAt },
      },
      {
        action: 'webhook_endpoint.deleted',
        actor: consoleActor(),
        ...hookDeleted,
        ...hookTarget,
        before: { ...registered, events: ['payment.succeeded', 'payment.refunded'] },
        after: null,
      },
    );

    // A marketplace registered with Acme's email, attached, its fee terms set with the key and its payout account in the console.
    const marketplaceId = (
      (
        await from(request(app.url).post('/api/setup-marketplace'))
          .send({
            companyName: 'Acme Audit',
            marketplaceDomain: `shop-${run}.example.com`,
            contactEmail: acme.email,
            adminEmail: `admin.${run}@tenant.example`,
          })
          .expect(201)
      ).body as SetupMarketplaceResponse
    ).marketplace.id;
    await from(request(app.url).post('/api/v1/marketplace/attach')).set(withKey(acme.secretKey)).send({ marketplaceId }).expect(200);
    const terms = origin('marketplace-terms');
    await from(request(app.url).patch('/api/v1/marketplace'), terms)
      .set(withKey(acme.secretKey))
      .send({ customFees: true, transactionFeeUsd: '2.50', transactionFeeCad: '3.10', platformFee: '7.5' })
      .expect(200);
    const payout = origin('marketplace-payout');
    await from(request(app.url).patch('/api/v1/marketplace'), payout).set(asConsole).send({ payoutAccountId: MAPLE_INK }).expect(200);
    const marketplace = { target: { type: 'marketplace', id: marketplaceId }, ...ofAcme, producer: 'onboarding' };
    expected.push(
      {
        action: 'marketplace.terms_changed',
        actor: keyActor(acme),
        ...terms,
        ...marketplace,
        before: { customFees: false, transactionFeeUsdMinor: null, transactionFeeCadMinor: null, platformFeeBps: null },
        after: { customFees: true, transactionFeeUsdMinor: 250, transactionFeeCadMinor: 310, platformFeeBps: 750 },
      },
      {
        action: 'marketplace.payout_account_changed',
        actor: consoleActor(),
        ...payout,
        ...marketplace,
        before: { payoutAccountId: null },
        after: { payoutAccountId: MAPLE_INK },
      },
    );
  });

  it('the administrator refunds a buyer order and reviews two provider applications; a buyer erases their account', async () => {
    // A buyer's order, paid at checkout, partly refunded by the administrator.
    const buyerCookie = await signInBuyer(app.url, 'Payer', `payer.${run}@example.com`, freshIp);
    const orderId = `order_audit_${run}`;
    await orderAndPay(app.url, buyerCookie, { orderId, amount: '100.00', currency: 'usd', printProviderStripeAccountId: PROVIDER });
    await eventually(
      async () =>
        (await db.query(`SELECT 1 FROM payments.transfers t JOIN payments.orders o ON o.id = t.order_id WHERE o.order_id = $1`, [orderId]))
          .rows.length
          ? true
          : undefined,
      15_000,
      'the transfer of the buyer order',
    );
    const adminRefund = origin('refund-admin');
    const refunded = (
      await from(request(app.url).post(`/api/admin/orders/${orderId}/refunds`), adminRefund)
        .set('cookie', adminCookie)
        .set('idempotency-key', randomUUID())
        .send({ amount: '10.00', reason: 'Damaged in transit' })
        .expect(201)
    ).body as OrderView;
    expected.push({
      action: 'order.refunded',
      actor: adminActor(),
      ...adminRefund,
      target: { type: 'order', id: refunded.id },
      companyId: null,
      outcome: 'succeeded',
      producer: 'payments',
      before: { orderStatus: 'completed', refunded: '0.00' },
      after: {
        refundId: expect.any(String),
        amount: '10.00',
        currency: 'usd',
        reason: 'Damaged in transit',
        orderStatus: 'partially_refunded',
        refunded: '10.00',
      },
    });

    // Two print provider applications: one approved, one rejected.
    const apply = async (businessName: string, stripeConnectId: string) =>
      (
        (
          await from(request(app.url).post('/api/provider-applications'))
            .send({
              businessName,
              contactName: 'Jean Roy',
              email: `${businessName.toLowerCase().replace(/[^a-z]/g, '')}.${run}@example.com`,
              phone: '4165550100',
              businessAddress: '12 King Street West, Toronto, ON',
              website: 'mapleink.example.com',
              yearsInBusiness: '3-5',
              serviceArea: 'Canada and northern US',
              printCapabilities: 'Offset, large-format and digital presses up to 64 inches wide',
              turnaroundTime: '3-5 business days',
              stripeConnectId,
              portfolioDescription: 'Fifteen years of packaging, posters and books for publishers, breweries and galleries in Ontario.',
              terms: true,
            })
            .expect(201)
        ).body as { application: { id: string } }
      ).application.id;
    const good = await apply('Maple Ink Printing', MAPLE_INK);
    const doubtful = await apply('Fly By Night Prints', PROVIDER);
    const approving = origin('provider-approve');
    const approved = await from(request(app.url).post(`/api/admin/provider-applications/${good}/approve`), approving)
      .set('cookie', adminCookie)
      .send({ note: 'Portfolio checked' })
      .expect(200);
    const rejecting = origin('provider-reject');
    await from(request(app.url).post(`/api/admin/provider-applications/${doubtful}/reject`), rejecting)
      .set('cookie', adminCookie)
      .send({ note: 'No portfolio' })
      .expect(200);
    const review = { actor: adminActor(), companyId: null, outcome: 'succeeded' as const, producer: 'catalog' };
    expected.push(
      {
        action: 'provider.approved',
        ...review,
        ...approving,
        target: { type: 'provider_application', id: good },
        before: { status: 'pending', note: null },
        after: { status: 'approved', note: 'Portfolio checked', providerId: (approved.body as { providerId: string }).providerId },
      },
      {
        action: 'provider.rejected',
        ...review,
        ...rejecting,
        target: { type: 'provider_application', id: doubtful },
        before: { status: 'pending', note: null },
        after: { status: 'rejected', note: 'No portfolio' },
      },
    );

    // A buyer, signed in by registering, asks to delete their account and confirms from the emailed link.
    const leaverEmail = `leaver.${run}@example.com`;
    const leaver = (
      (await from(request(app.url).post('/api/register-buyer')).send({ name: 'Leaver', email: leaverEmail }).expect(201)).body as {
        buyer: { id: string };
      }
    ).buyer.id;
    await from(request(app.url).post('/api/account-deletion-requests')).send({ email: leaverEmail, confirmation: 'DELETE' }).expect(202);
    const deletionMail = await mailTo(leaverEmail, (m) => m.subject === 'Confirm the deletion of your PayMarket account', 'the link');
    const deletionToken = /delete-account\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(deletionMail.text)![1]!;
    secrets.push(deletionToken);
    const erasure = origin('account-erase');
    await from(request(app.url).post('/api/account-deletion-requests/confirm'), erasure).send({ token: deletionToken }).expect(200);
    expected.push({
      action: 'account.erased',
      actor: { type: 'account', id: leaver, label: 'account holder' },
      ...erasure,
      target: { type: 'account', id: leaver },
      companyId: null,
      outcome: 'succeeded',
      producer: 'onboarding',
      before: { status: 'active' },
      after: { status: 'erased', sessionsEnded: 1 },
    });
  });

  it('an operator creates another administrator, who signs in, then resets its second factor (admin:create)', async () => {
    // Everything so far happened before this instant; this administrator's creation, sign-in and reset after it.
    await new Promise((resolve) => setTimeout(resolve, 20));
    boundary = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const lostId = await createAdmin(operatorEmail);
    const target = { type: 'admin', id: lostId };
    const signIn = origin('totp-enrol-lost');
    await enrol(operatorEmail, signIn);
    const lost = { actor: { type: 'admin' as const, id: lostId, label: operatorEmail }, ...signIn, target, companyId: null };
    expected.push(
      {
        action: 'admin.second_factor_enrolled',
        ...lost,
        outcome: 'succeeded',
        producer: 'onboarding',
        before: null,
        after: { factor: 'totp', replaced: false },
      },
      { action: 'admin.signed_in', ...lost, outcome: 'succeeded', producer: 'onboarding', before: null, after: { factor: 'totp' } },
    );

    expect(await runAdminCreate('--email', operatorEmail, '--reset-second-factor')).toBe(0);
    expected.push({
      action: 'admin.second_factor_reset',
      actor: operatorContext(`admin:create --email ${operatorEmail} --reset-second-factor`).actor,
      ip: null,
      userAgent: null,
      target,
      companyId: null,
      outcome: 'succeeded',
      producer: 'onboarding',
      before: { authenticatorApp: true, unusedCodes: 10, passkeys: 0 },
      after: { authenticatorApp: false, unusedCodes: 0, passkeys: 0, sessionsEnded: 1 },
    });
  });

  describe('read back through /api/admin/audit', () => {
    let trail: AuditEntry[];
    const keyOf = (row: Pick<AuditEntry, 'action' | 'target' | 'ip'>) => `${row.action} ${row.target.type}:${row.target.id} from ${row.ip}`;

    beforeAll(async () => {
      // Eventually consistent (outbox → broker → onboarding's consumer): wait for as many rows as actions, then a
      // moment more, so that a row recorded twice would be there too.
      await eventually(async () => ((await readTrail()).length >= expected.length ? true : undefined), 15_000, 'every audit row');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      trail = await readTrail();
    });

    it('holds each action exactly once, newest first, with who, from where, what and before/after', () => {
      expect(trail.map(keyOf).sort()).toEqual(expected.map(keyOf).sort());
      for (const want of expected) {
        const rows = trail.filter((r) => keyOf(r) === keyOf(want));
        expect(rows).toHaveLength(1);
        const { action, actor, ip, userAgent, target, companyId, outcome, before, after, producer } = rows[0]!;
        expect({ action, actor, ip, userAgent, target, companyId, outcome, before, after, producer }).toEqual(want);
      }
      // Newest first, with no gap: seq n … 1, each recorded after it occurred.
      expect(trail.map((r) => r.seq)).toEqual(Array.from({ length: trail.length }, (_, i) => trail.length - i));
      for (const row of trail) expect(Date.parse(row.recordedAt)).toBeGreaterThanOrEqual(Date.parse(row.occurredAt));
    });

    it('holds no secret anywhere: not in any row, nor in the CSV', async () => {
      const csv = (await request(app.url).get('/api/admin/audit.csv').set('cookie', adminCookie).expect(200)).text;
      const everything = `${JSON.stringify(trail)}\n${csv}`;
      expect(secrets.length).toBeGreaterThan(30);
      for (const secret of secrets) {
        expect(everything).not.toContain(secret);
        // A key's secret without its `sk_test_` prefix, a recovery code without its dash.
        expect(everything).not.toContain(secret.replace(/^(sk|whsec)_(test_)?/, '').replace(/^([a-z2-7]{6})-([a-z2-7]{6})$/, '$1$2'));
      }
      expect(everything).not.toMatch(/sk_(test|live)_[A-Za-z0-9_-]{8}|whsec_[A-Za-z0-9_-]{8}/);
    });

    it('exports the same rows as CSV: the header, then one line per row, newest first', async () => {
      const csv = await request(app.url).get('/api/admin/audit.csv').set('cookie', adminCookie).expect(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      const lines = csv.text.split('\r\n');
      expect(lines.pop()).toBe('');
      expect(lines[0]).toBe(
        'seq,occurred_at,action,actor_type,actor_id,actor_label,ip,user_agent,target_type,target_id,company_id,outcome,before,after',
      );
      expect(lines).toHaveLength(trail.length + 1);
      expect(lines.slice(1).map((line) => Number(line.split(',')[0]))).toEqual(trail.map((r) => r.seq));
      // Filtered like the list.
      const refunds = (await request(app.url).get('/api/admin/audit.csv?action=order.refunded').set('cookie', adminCookie).expect(200))
        .text;
      expect(refunds.split('\r\n').filter(Boolean)).toHaveLength(1 + 2);
    });

    it('narrows the list by actor, action, target and time, and pages it', async () => {
      const seqs = (rows: AuditEntry[]) => rows.map((r) => r.seq);
      const where = (keep: (r: AuditEntry) => boolean) => seqs(trail.filter(keep));

      // The administrator's email, in any case: their rows, and the refused sign-in that tried it.
      const byAdmin = await readTrail({ actor: adminEmail.toUpperCase() });
      expect(seqs(byAdmin)).toEqual(where((r) => r.actor.label === adminEmail));
      expect(byAdmin).toHaveLength(expected.filter((e) => e.actor.label === adminEmail).length);
      expect(byAdmin.filter((r) => r.actor.type !== 'admin').map((r) => [r.actor.type, r.action])).toEqual([
        ['anonymous', 'admin.sign_in_failed'],
      ]);
      // An API key by its id.
      expect(seqs(await readTrail({ actor: acme.keyId }))).toEqual(where((r) => r.actor.id === acme.keyId));
      expect(await readTrail({ actor: acme.keyId })).toHaveLength(5);

      const refunds = await readTrail({ action: 'order.refunded' });
      expect(refunds.map((r) => [r.actor.type, r.producer])).toEqual([
        ['admin', 'payments'],
        ['api_key', 'payments'],
      ]);
      // Acme's company id as the target: only the administrator's approval (the review itself recorded nothing).
      expect((await readTrail({ target: acme.id })).map((r) => [r.action, r.actor.type])).toEqual([['company.approved', 'admin']]);
      // Two filters at once.
      expect((await readTrail({ actor: acme.email, action: 'api_key.revoked' })).map((r) => r.target.id)).toEqual(
        trail.filter((r) => r.action === 'api_key.revoked').map((r) => r.target.id),
      );

      // Time: from is inclusive, to exclusive; the boundary falls between the main part and the operator's part.
      const after = await readTrail({ from: boundary });
      expect(after.map((r) => r.action).sort()).toEqual([
        'admin.created',
        'admin.second_factor_enrolled',
        'admin.second_factor_reset',
        'admin.signed_in',
      ]);
      const before = await readTrail({ to: boundary });
      expect([...seqs(after), ...seqs(before)]).toEqual(seqs(trail));
      expect(seqs(await readTrail({ from: new Date(Date.parse(boundary) - 3_600_000).toISOString(), to: boundary }))).toEqual(seqs(before));

      // Pages of 4, newest first, end to end.
      const paged: AuditEntry[] = [];
      let cursor: number | null = null;
      do {
        const page = (
          await request(app.url)
            .get('/api/admin/audit')
            .query({ limit: '4', ...(cursor === null ? {} : { before: String(cursor) }) })
            .set('cookie', adminCookie)
            .expect(200)
        ).body as AuditPage;
        expect(page.entries.length).toBeLessThanOrEqual(4);
        paged.push(...page.entries);
        cursor = page.nextBefore;
      } while (cursor !== null);
      expect(seqs(paged)).toEqual(seqs(trail));

      // A malformed filter is refused naming it.
      const bad = await request(app.url).get('/api/admin/audit?action=order.deleted').set('cookie', adminCookie).expect(400);
      expect(Object.keys(bad.body.fields)).toEqual(['action']);
      // Only an administrator reads it.
      await request(app.url).get('/api/admin/audit').set('cookie', acme.consoleCookie).expect(401);
    });

    it("shows a company's console its own rows only (whoever acted), and its CSV", async () => {
      const mine = await readTrail({}, acme.consoleCookie, '/api/console/audit');
      expect(mine.map((r) => r.seq)).toEqual(trail.filter((r) => r.companyId === acme.id).map((r) => r.seq));
      expect(mine.map((r) => r.action).sort()).toEqual(
        [
          'company.approved',
          'console.sign_in_failed',
          'console.signed_in',
          'api_key.created',
          'api_key.rolled',
          'api_key.revoked',
          'order.refunded',
          'webhook_endpoint.created',
          'webhook_endpoint.updated',
          'webhook_endpoint.secret_rolled',
          'webhook_endpoint.deleted',
          'marketplace.terms_changed',
          'marketplace.payout_account_changed',
        ].sort(),
      );
      // Not Globex's rows, nor the platform's own (administrators' sign-ins, the buyer's refund, provider reviews, the erasure).
      expect(mine.filter((r) => r.companyId !== acme.id)).toEqual([]);
      expect(JSON.stringify(mine)).not.toContain(globex.id);
      // Its filters stay within the company: another company's target finds nothing.
      expect(await readTrail({ target: globex.id }, acme.consoleCookie, '/api/console/audit')).toEqual([]);
      expect((await readTrail({ action: 'order.refunded' }, acme.consoleCookie, '/api/console/audit')).map((r) => r.actor.type)).toEqual([
        'api_key',
      ]);
      const csv = (await request(app.url).get('/api/console/audit.csv').set('cookie', acme.consoleCookie).expect(200)).text;
      expect(csv.split('\r\n').filter(Boolean)).toHaveLength(mine.length + 1);
      // A secret key is an integration, not a person: it cannot read the console's trail.
      await request(app.url).get('/api/console/audit').set(withKey(acme.secretKey)).expect(401);
    });

    it('verifies the hash chain, and names the seq of a row changed behind its back', async () => {
      const intact = await verifyAuditLogAt({ databaseUrl: testApp.databaseUrl });
      expect(intact).toMatchObject({ ok: true, rows: trail.length, problems: [] });
      expect(intact.head).toMatch(/^[0-9a-f]{64}$/);

      const terms = trail.find((r) => r.action === 'marketplace.terms_changed')!;
      // The database refuses the change itself…
      await expect(db.query(`UPDATE onboarding.audit_log SET after = '{}' WHERE seq = $1`, [terms.seq])).rejects.toThrow(
        'audit_log is append-only',
      );
      // …so someone able to disable its trigger does it; the chain tells.
      await db.query(`ALTER TABLE onboarding.audit_log DISABLE TRIGGER audit_log_no_change`);
      try {
        await db.query(`UPDATE onboarding.audit_log SET after = jsonb_set(after, '{platformFeeBps}', '0') WHERE seq = $1`, [terms.seq]);
      } finally {
        await db.query(`ALTER TABLE onboarding.audit_log ENABLE TRIGGER audit_log_no_change`);
      }
      const broken = await verifyAuditLogAt({ databaseUrl: testApp.databaseUrl });
      expect(broken).toMatchObject({
        ok: false,
        rows: trail.length,
        problems: [`seq ${terms.seq}: hash does not match the row (changed after it was appended)`],
      });
    });
  });
});
