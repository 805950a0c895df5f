import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type pg from 'pg';
import request from 'supertest';
import {
  API_KEY_MESSAGES_V1 as M,
  AUTH_MESSAGES,
  CONSOLE_MESSAGES,
  MAX_ACTIVE_API_KEYS,
  type ApiAccountResponse,
  type ApiKeyList,
  type ConsoleMeResponse,
  type CreatedApiKey,
  type MailboxMessage,
} from '@paymarket/contracts';
import { auditRows } from '@paymarket/onboarding/testing';
import { eventually } from '@paymarket/platform/testing';
import type { EmbeddedPayMarket } from '../src/start-embedded.js';
import { approvedCompany, ipsFrom, startTestApp, type ApprovedCompany, type TestApp } from './support/integrator-test-app.js';

jest.setTimeout(120_000);

const freshIp = ipsFrom('10.95');

// ADR 0037 over HTTP: several API keys per company (full or read-only, shown once, rolled with an overlap, revoked),
// and the developer console's sign-in by an emailed code, whose session every /api/v1 route accepts.
describe('API keys and the developer console sign-in', () => {
  let testApp: TestApp;
  let app: EmbeddedPayMarket;
  let db: pg.Client;
  const run = Date.now().toString(36);
  let acme: ApprovedCompany;
  let globex: ApprovedCompany;

  const withKey = (secret: string) => ({
    get: (path: string) => request(app.url).get(path).set('authorization', `Bearer ${secret}`),
    post: (path: string) => request(app.url).post(path).set('authorization', `Bearer ${secret}`),
    delete: (path: string) => request(app.url).delete(path).set('authorization', `Bearer ${secret}`),
  });

  async function codeFor(email: string): Promise<string> {
    const mail = await eventually(
      async () => {
        const response = await request(app.url).get('/api/dev/mailbox?limit=200').expect(200);
        return (response.body as MailboxMessage[]).find((m) => m.to === email && m.subject.includes('developer console code'));
      },
      10_000,
      'the console code email',
    );
    return /\b(\d{6})\b/.exec(mail.text)![1]!;
  }

  beforeAll(async () => {
    testApp = await startTestApp();
    ({ app, db } = testApp);
    acme = await approvedCompany(app.url, 'Acme Keys', freshIp(), run);
    globex = await approvedCompany(app.url, 'Globex Keys', freshIp(), run);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('issues a working default key on approval, and creates full and read-only keys shown once', async () => {
    const account = (await withKey(acme.secretKey).get('/api/v1/account').expect(200)).body as ApiAccountResponse;
    expect(account).toMatchObject({ company: { id: acme.id }, access: 'full', keyId: expect.any(String) });
    const listed = (await withKey(acme.secretKey).get('/api/v1/api-keys').expect(200)).body as ApiKeyList;
    expect(listed.data).toEqual([
      expect.objectContaining({ name: 'Default key', access: 'full', prefix: acme.secretKey.slice(0, 12), revokedAt: null }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(acme.secretKey);

    const readOnly = (await withKey(acme.secretKey).post('/api/v1/api-keys').send({ name: 'Reporting', access: 'read_only' }).expect(201))
      .body as CreatedApiKey;
    expect(readOnly).toMatchObject({ name: 'Reporting', access: 'read_only', secret: expect.stringMatching(/^sk_test_/) });
    expect(readOnly.prefix).toBe(readOnly.secret.slice(0, 12));
    // A read-only key reads, and is refused anything else.
    await withKey(readOnly.secret).get('/api/v1/orders').expect(200);
    const refused = await withKey(readOnly.secret).post('/api/v1/orders').send({}).expect(403);
    expect(refused.body.message).toBe(M.READ_ONLY);
    await withKey(readOnly.secret).post('/api/v1/api-keys').send({ name: 'Escalate', access: 'full' }).expect(403);
    expect((await withKey(readOnly.secret).get('/api/v1/api-keys').expect(403)).body.message).toBe(M.FULL_ACCESS_REQUIRED);

    const bad = await withKey(acme.secretKey).post('/api/v1/api-keys').send({ name: '', access: 'admin' }).expect(400);
    expect(bad.body.fields).toEqual({ name: [M.NAME], access: [M.ACCESS] });
    // The secret is never stored in clear.
    const stored = await db.query(`SELECT secret_hash FROM onboarding.api_keys WHERE id = $1`, [readOnly.id]);
    expect(Buffer.from(stored.rows[0].secret_hash).toString('utf8')).not.toContain(readOnly.secret);
  });

  it('rolls a key with an overlap (both work) or at once (the old one stops), and revokes', async () => {
    const key = (await withKey(acme.secretKey).post('/api/v1/api-keys').send({ name: 'Server', access: 'full' }).expect(201))
      .body as CreatedApiKey;
    const overlapped = (await withKey(acme.secretKey).post(`/api/v1/api-keys/${key.id}/roll`).expect(201)).body as CreatedApiKey;
    expect(overlapped).toMatchObject({ name: 'Server', access: 'full' });
    await withKey(key.secret).get('/api/v1/orders').expect(200);
    await withKey(overlapped.secret).get('/api/v1/orders').expect(200);
    const old = ((await withKey(acme.secretKey).get('/api/v1/api-keys').expect(200)).body as ApiKeyList).data.find((k) => k.id === key.id)!;
    expect(Date.parse(old.expiresAt!)).toBeGreaterThan(Date.now() + 23 * 3_600_000);

    const immediate = (await withKey(acme.secretKey).post(`/api/v1/api-keys/${overlapped.id}/roll`).send({ expiresInHours: 0 }).expect(201))
      .body as CreatedApiKey;
    await withKey(overlapped.secret).get('/api/v1/orders').expect(401);
    await withKey(immediate.secret).get('/api/v1/orders').expect(200);
    expect((await withKey(acme.secretKey).post(`/api/v1/api-keys/${overlapped.id}/roll`).send({}).expect(409)).body.message).toBe(
      M.NOT_ACTIVE,
    );
    expect(
      (await withKey(acme.secretKey).post(`/api/v1/api-keys/${immediate.id}/roll`).send({ expiresInHours: 25 }).expect(400)).body.fields,
    ).toEqual({ expiresInHours: [M.EXPIRES_IN_HOURS] });

    const revoked = (await withKey(acme.secretKey).delete(`/api/v1/api-keys/${immediate.id}`).expect(200)).body;
    expect(revoked).toMatchObject({ id: immediate.id, revokedAt: expect.any(String) });
    await withKey(immediate.secret).get('/api/v1/orders').expect(401);

    // Another company's key: not found, unchanged.
    await withKey(globex.secretKey).delete(`/api/v1/api-keys/${key.id}`).expect(404);
    await withKey(globex.secretKey).post(`/api/v1/api-keys/${key.id}/roll`).expect(404);
    await withKey(acme.secretKey).delete('/api/v1/api-keys/not-a-key').expect(404);
    await withKey(key.secret).get('/api/v1/orders').expect(200);
  });

  // ADR 0075: each key made, rolled or revoked is one row of the company's audit trail, by the key that called (by id,
  // never its secret), with where the call came from; a repeat that changes nothing records nothing.
  it('records each key created, rolled and revoked once, by the calling key, never a secret', async () => {
    const callerKeyId = ((await withKey(acme.secretKey).get('/api/v1/account').expect(200)).body as ApiAccountResponse).keyId!;
    const ip = freshIp();
    const userAgent = 'acme-deployer/1.0';
    const from = (test: request.Test) => test.set('x-forwarded-for', ip).set('user-agent', userAgent);
    const create = () =>
      from(withKey(acme.secretKey).post('/api/v1/api-keys'))
        .set('idempotency-key', `audited-${run}`)
        .send({ name: 'Audited', access: 'read_only' });
    const created = (await create().expect(201)).body as CreatedApiKey;
    // The same Idempotency-Key again makes no key (409 naming the first) and no row.
    await create().expect(409);
    const rolled = (
      await from(withKey(acme.secretKey).post(`/api/v1/api-keys/${created.id}/roll`))
        .send({ expiresInHours: 2 })
        .expect(201)
    ).body as CreatedApiKey;
    await from(withKey(acme.secretKey).delete(`/api/v1/api-keys/${rolled.id}`)).expect(200);
    // Revoking a revoked key changes nothing: no second row.
    await from(withKey(acme.secretKey).delete(`/api/v1/api-keys/${rolled.id}`)).expect(200);

    const common = {
      actor: { type: 'api_key', id: callerKeyId, label: `API key ${callerKeyId}` },
      ip,
      userAgent,
      companyId: acme.id,
      outcome: 'succeeded',
    };
    const described = { name: 'Audited', mode: 'test', access: 'read_only' };
    const first = await auditRows(db, { targetId: created.id });
    expect(first).toEqual([
      {
        ...common,
        action: 'api_key.created',
        target: { type: 'api_key', id: created.id },
        before: null,
        after: { ...described, expiresAt: null },
      },
      {
        ...common,
        action: 'api_key.rolled',
        target: { type: 'api_key', id: created.id },
        before: { expiresAt: null },
        after: { ...described, expiresAt: expect.any(String), newKeyId: rolled.id },
      },
    ]);
    const second = await auditRows(db, { targetId: rolled.id });
    expect(second).toEqual([
      {
        ...common,
        action: 'api_key.revoked',
        target: { type: 'api_key', id: rolled.id },
        before: { revokedAt: null },
        after: { ...described, revokedAt: expect.any(String), expiresAt: null },
      },
    ]);
    const trail = JSON.stringify([...first, ...second]);
    for (const secret of [acme.secretKey, created.secret, rolled.secret]) expect(trail).not.toContain(secret.slice('sk_test_'.length));
  });

  it(`allows at most ${MAX_ACTIVE_API_KEYS} active keys`, async () => {
    const { rows } = await db.query(
      `SELECT count(*)::int AS n FROM onboarding.api_keys WHERE company_id = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`,
      [globex.id],
    );
    for (let n = rows[0].n; n < MAX_ACTIVE_API_KEYS; n++) {
      await withKey(globex.secretKey)
        .post('/api/v1/api-keys')
        .send({ name: `Key ${n}`, access: 'read_only' })
        .expect(201);
    }
    expect(
      (await withKey(globex.secretKey).post('/api/v1/api-keys').send({ name: 'One too many', access: 'full' }).expect(409)).body.message,
    ).toBe(M.TOO_MANY);
  });

  it('signs a company in to the console with an emailed code; its session works on /api/v1 and ends on sign-out', async () => {
    const agent = request.agent(app.url);
    expect((await agent.get('/api/console/me').expect(200)).body).toEqual({ company: null });
    await agent.get('/api/v1/api-keys').expect(401);

    const asked = await agent
      .post('/api/console/sign-in/code')
      .set('x-forwarded-for', freshIp())
      .send({ email: acme.email.toUpperCase() })
      .expect(202);
    expect(asked.body).toEqual({ message: CONSOLE_MESSAGES.CODE_SENT });
    // An address without a company gets the same answer and no email.
    const stranger = `nobody-${run}@example.com`;
    expect(
      (await agent.post('/api/console/sign-in/code').set('x-forwarded-for', freshIp()).send({ email: stranger }).expect(202)).body,
    ).toEqual(asked.body);
    const code = await codeFor(acme.email);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(
      (
        await agent
          .post('/api/console/sign-in/verify')
          .set('x-forwarded-for', freshIp())
          .send({ email: acme.email, code: wrong })
          .expect(401)
      ).body.message,
    ).toBe(AUTH_MESSAGES.CODE_INVALID);
    const verified = await agent
      .post('/api/console/sign-in/verify')
      .set('x-forwarded-for', freshIp())
      .send({ email: acme.email, code })
      .expect(200);
    expect((verified.body as ConsoleMeResponse).company).toMatchObject({ id: acme.id, email: acme.email });
    const cookie = String(verified.headers['set-cookie']);
    expect(cookie).toMatch(/pm_console=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    // The code works once.
    await agent.post('/api/console/sign-in/verify').set('x-forwarded-for', freshIp()).send({ email: acme.email, code }).expect(401);

    expect(((await agent.get('/api/console/me').expect(200)).body as ConsoleMeResponse).company?.id).toBe(acme.id);
    const keys = (await agent.get('/api/v1/api-keys').expect(200)).body as ApiKeyList;
    expect(keys.data.length).toBeGreaterThan(0);
    const made = (await agent.post('/api/v1/api-keys').send({ name: 'From the console', access: 'full' }).expect(201))
      .body as CreatedApiKey;
    await withKey(made.secret).get('/api/v1/account').expect(200);
    // A bearer header decides alone: a wrong key is refused even with the console cookie.
    await agent.get('/api/v1/api-keys').set('authorization', 'Bearer sk_test_wrongwrongwrongwrongwrong').expect(401);

    await agent.post('/api/console/sign-out').expect(200);
    expect((await agent.get('/api/console/me').expect(200)).body).toEqual({ company: null });
    await agent.get('/api/v1/api-keys').expect(401);
    const mails = (await request(app.url).get('/api/dev/mailbox?limit=200').expect(200)).body as MailboxMessage[];
    expect(mails.filter((m) => m.to === stranger)).toEqual([]);
  });

  it('refuses malformed sign-in bodies naming the field', async () => {
    const bad = await request(app.url)
      .post('/api/console/sign-in/verify')
      .set('x-forwarded-for', freshIp())
      .send({ email: 'nope', code: '12' })
      .expect(400);
    expect(bad.body.fields).toEqual({ email: [AUTH_MESSAGES.EMAIL_INVALID], code: [AUTH_MESSAGES.CODE_FORMAT] });
  });
});
