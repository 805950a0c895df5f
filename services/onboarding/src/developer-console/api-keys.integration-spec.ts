import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { API_KEY_MESSAGES_V1 as M, ServiceErrorCodes, type AuditContext, type CreatedApiKey, type RpcEnvelope } from '@paymarket/contracts';
import { IDEMPOTENCY_MESSAGES, openServiceDatabase, ServiceError, UnitOfWork } from '@paymarket/platform';
import { createTestDatabase, type TestDatabase } from '@paymarket/platform/testing';
import { SqlAuditTrail } from '../auth/audit-trail.js';
import { SystemClock } from '../auth/clock.js';
import { hashSecret } from '../companies/credentials.js';
import { CreateBuyers1763769700000 } from '../database/migrations/1763769700000-create-buyers.js';
import { CreateSignInAndSessions1763780000000 } from '../database/migrations/1763780000000-create-sign-in-and-sessions.js';
import { CreateAccountDeletionRequests1763800000000 } from '../database/migrations/1763800000000-create-account-deletion-requests.js';
import { CreateCompanies1763810000000 } from '../database/migrations/1763810000000-create-companies.js';
import { CreateMarketplaces1763820000000 } from '../database/migrations/1763820000000-create-marketplaces.js';
import { DropCompanyWebhookSecret1763920000000 } from '../database/migrations/1763920000000-drop-company-webhook-secret.js';
import { ApiKeysAndConsole1763930000000 } from '../database/migrations/1763930000000-api-keys-and-console.js';
import { auditRows } from '../testing/audit-rows.js';
import { SqlApiKeysRepository } from './api-keys.repository.js';
import { alreadyCreated, ApiKeys } from './api-keys.use-cases.js';
import type { ConsoleSignIn } from './console-sign-in.use-cases.js';
import { DeveloperConsoleHandler } from './developer-console.handler.js';

jest.setTimeout(60_000);

/** The secret's characters after `sk_test_`: not even that part of it may be stored. */
const PREFIX_CHARS = 'sk_test_'.length;

/** Who asks, as the gateway says it (ADR 0075): every call carries it. */
const AUDIT: AuditContext = {
  actor: { type: 'console', id: 'console-1', label: 'ops@acme.example' },
  ip: '203.0.113.8',
  userAgent: 'Mozilla/5.0',
};

const envelope = (data: Record<string, unknown>): RpcEnvelope<unknown> => ({
  meta: { correlationId: randomUUID() },
  data: { audit: AUDIT, ...data },
});

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string; fields?: Record<string, string[]> }> {
  const error = await promise.then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return (error as ServiceError).getError() as { code: string; message: string; fields?: Record<string, string[]> };
}

// onboarding.create_api_key with an Idempotency-Key (ADR 0048's retry audit): real PostgreSQL, through the handler.
describe('API keys created once per Idempotency-Key (onboarding, real PostgreSQL)', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let sut: DeveloperConsoleHandler;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = await openServiceDatabase({
      url: database.url,
      schema: 'onboarding',
      entities: [],
      migrations: [
        CreateBuyers1763769700000,
        CreateSignInAndSessions1763780000000,
        CreateAccountDeletionRequests1763800000000,
        CreateCompanies1763810000000,
        CreateMarketplaces1763820000000,
        DropCompanyWebhookSecret1763920000000,
        ApiKeysAndConsole1763930000000,
      ],
    });
    const unitOfWork = new UnitOfWork(dataSource, 'onboarding');
    const keys = new ApiKeys(
      new SqlApiKeysRepository(dataSource),
      unitOfWork,
      new SystemClock(),
      { production: false },
      new SqlAuditTrail(unitOfWork),
    );
    sut = new DeveloperConsoleHandler(keys, {} as ConsoleSignIn);
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  async function newCompany(): Promise<string> {
    const id = randomUUID();
    await dataSource.query(
      `INSERT INTO companies (id, name, website, business_type, contact_name, email, verification_status, risk_score, checks, has_api_access)
       VALUES ($1, 'Acme', 'https://acme.example', 'saas', 'Ada', $2, 'approved', 0, '[]', true)`,
      [id, `ops.${id}@acme.example`],
    );
    return id;
  }
  const keysOf = async (companyId: string) =>
    (await dataSource.query(`SELECT id, name, secret_hash FROM api_keys WHERE company_id = $1`, [companyId])) as Array<{
      id: string;
      name: string;
      secret_hash: Buffer;
    }>;

  it('makes one key for a repeated request; the repeat is refused (409 naming the key), the secret is never kept', async () => {
    const companyId = await newCompany();
    const request = { companyId, name: 'Reporting', access: 'read_only', idempotencyKey: 'create-key-1' };
    const created = await sut.create(envelope(request));
    expect(created).toMatchObject({ name: 'Reporting', access: 'read_only', secret: expect.stringMatching(/^sk_test_/) });

    const repeat = await refusal(sut.create(envelope(request)));
    const message = alreadyCreated(created);
    expect(repeat).toEqual({ code: ServiceErrorCodes.CONFLICT, message, fields: { 'Idempotency-Key': [message] } });
    expect(message).toContain(created.id);
    expect(message).toContain(`${created.prefix}…`);
    // Asked again later: the same answer, still no second key.
    expect(await refusal(sut.create(envelope(request)))).toEqual(repeat);

    const rows = await keysOf(companyId);
    expect(rows.map((r) => r.id)).toEqual([created.id]);
    expect(rows[0]!.secret_hash.equals(hashSecret(created.secret))).toBe(true);
    // What answers a repeat is the key without its secret: nothing secret in idempotency_keys.
    const kept = (await dataSource.query(`SELECT response::text AS response FROM idempotency_keys WHERE scope = $1 AND key = $2`, [
      `api-keys:${companyId}`,
      'create-key-1',
    ])) as Array<{ response: string }>;
    expect(kept).toHaveLength(1);
    expect(kept[0]!.response).toContain(created.id);
    expect(kept[0]!.response).not.toContain(created.secret);
    expect(kept[0]!.response).not.toContain(created.secret.slice(PREFIX_CHARS));
    // One audit row (ADR 0075), in the transaction that made the key; the refused repeats made none. Never the secret.
    const audited = await auditRows(dataSource, { targetId: created.id });
    expect(audited).toEqual([
      {
        action: 'api_key.created',
        actor: AUDIT.actor,
        ip: AUDIT.ip,
        userAgent: AUDIT.userAgent,
        target: { type: 'api_key', id: created.id },
        companyId,
        outcome: 'succeeded',
        before: null,
        after: { name: 'Reporting', mode: 'test', access: 'read_only', expiresAt: null },
      },
    ]);
    expect(JSON.stringify(audited)).not.toContain(created.secret.slice(PREFIX_CHARS));
  });

  it('refuses another request under the same key (422 naming Idempotency-Key) and keys are per company', async () => {
    const acme = await newCompany();
    const globex = await newCompany();
    await sut.create(envelope({ companyId: acme, name: 'CI', access: 'full', idempotencyKey: 'shared-key' }));
    const other = await refusal(sut.create(envelope({ companyId: acme, name: 'CI 2', access: 'full', idempotencyKey: 'shared-key' })));
    expect(other).toEqual({
      code: ServiceErrorCodes.UNPROCESSABLE,
      message: IDEMPOTENCY_MESSAGES.BODY_MISMATCH,
      fields: { 'Idempotency-Key': [IDEMPOTENCY_MESSAGES.BODY_MISMATCH] },
    });
    // Another company's key of the same name is its own: it gets its key and its secret.
    const theirs: CreatedApiKey = await sut.create(
      envelope({ companyId: globex, name: 'CI', access: 'full', idempotencyKey: 'shared-key' }),
    );
    expect(theirs.secret).toMatch(/^sk_test_/);
    expect((await keysOf(acme)).map((r) => r.name)).toEqual(['CI']);
    expect((await keysOf(globex)).map((r) => r.id)).toEqual([theirs.id]);
  });

  it('without a key runs every time, and refuses a malformed key naming Idempotency-Key', async () => {
    const companyId = await newCompany();
    await sut.create(envelope({ companyId, name: 'Deploy', access: 'full' }));
    await sut.create(envelope({ companyId, name: 'Deploy', access: 'full' }));
    expect(await keysOf(companyId)).toHaveLength(2);
    const bad = await refusal(sut.create(envelope({ companyId, name: 'Deploy', access: 'full', idempotencyKey: 'has space' })));
    expect(bad.fields).toEqual({ 'Idempotency-Key': [IDEMPOTENCY_MESSAGES.INVALID_KEY] });
    expect(await keysOf(companyId)).toHaveLength(2);
  });

  it('refuses a command without who asked (audit), naming the field, and changes nothing', async () => {
    const companyId = await newCompany();
    const bare = (data: Record<string, unknown>): RpcEnvelope<unknown> => ({ meta: { correlationId: randomUUID() }, data });
    // The handler throws before any work starts: wrapped so both a throw and a rejection are caught.
    const refused = await refusal(Promise.resolve().then(() => sut.create(bare({ companyId, name: 'Nobody', access: 'full' }))));
    expect(refused).toMatchObject({ code: ServiceErrorCodes.INVALID, fields: { audit: [expect.any(String)] } });
    const malformed = await refusal(
      Promise.resolve().then(() => sut.create(bare({ companyId, name: 'Nobody', access: 'full', audit: { actor: { type: 'root' } } }))),
    );
    expect(malformed).toMatchObject({ code: ServiceErrorCodes.INVALID, fields: { audit: [expect.any(String)] } });
    expect(await keysOf(companyId)).toEqual([]);
  });

  // onboarding.roll_api_key with an Idempotency-Key: a retry after a lost answer must not make a second new key.
  const keptFor = async (scope: string, key: string) =>
    (await dataSource.query(`SELECT response::text AS response FROM idempotency_keys WHERE scope = $1 AND key = $2`, [
      scope,
      key,
    ])) as Array<{
      response: string | null;
    }>;
  const expiryOf = async (id: string) =>
    ((await dataSource.query(`SELECT expires_at FROM api_keys WHERE id = $1`, [id])) as Array<{ expires_at: Date | null }>)[0]!.expires_at;

  it('rolls once for a repeated request; the repeat is refused (409 naming the new key), the secret is never kept', async () => {
    const companyId = await newCompany();
    const old = await sut.create(envelope({ companyId, name: 'Checkout', access: 'full' }));
    const request = { companyId, id: old.id, expiresInHours: 2, idempotencyKey: 'roll-key-1' };
    const rolled: CreatedApiKey = await sut.roll(envelope(request));
    expect(rolled).toMatchObject({ name: 'Checkout', access: 'full', secret: expect.stringMatching(/^sk_test_/) });
    expect(rolled.id).not.toBe(old.id);
    const overlapEnds = await expiryOf(old.id);
    expect(overlapEnds!.getTime()).toBeGreaterThan(Date.now() + 3_600_000);

    const repeat = await refusal(sut.roll(envelope(request)));
    const message = alreadyCreated(rolled, 'roll');
    expect(repeat).toEqual({ code: ServiceErrorCodes.CONFLICT, message, fields: { 'Idempotency-Key': [message] } });
    expect(message).toContain(rolled.id);
    expect(message).toContain(`${rolled.prefix}…`);
    expect(message).toContain('shown only once');
    expect(message).toContain('revoke that key and roll again');
    // Asked again later: the same answer, still one new key, and the old key's overlap is as the first roll set it.
    expect(await refusal(sut.roll(envelope(request)))).toEqual(repeat);
    const rows = await keysOf(companyId);
    expect(rows.map((r) => r.id).sort()).toEqual([old.id, rolled.id].sort());
    expect(rows.find((r) => r.id === rolled.id)!.secret_hash.equals(hashSecret(rolled.secret))).toBe(true);
    expect(await expiryOf(old.id)).toEqual(overlapEnds);

    // What answers a repeat is the new key without its secret: nothing secret in idempotency_keys.
    const kept = await keptFor(`api-key-rolls:${companyId}:${old.id}`, 'roll-key-1');
    expect(kept).toHaveLength(1);
    expect(kept[0]!.response).toContain(rolled.id);
    expect(kept[0]!.response).not.toContain(rolled.secret);
    expect(kept[0]!.response).not.toContain(rolled.secret.slice(PREFIX_CHARS));
    expect(kept[0]!.response).not.toContain(old.secret.slice(PREFIX_CHARS));
    // One api_key.rolled row naming the rolled key and its overlap; the repeats recorded nothing more.
    expect(await auditRows(dataSource, { action: 'api_key.rolled', targetId: old.id })).toEqual([
      expect.objectContaining({
        actor: AUDIT.actor,
        target: { type: 'api_key', id: old.id },
        companyId,
        before: { expiresAt: null },
        after: { name: 'Checkout', mode: 'test', access: 'full', expiresAt: overlapEnds!.toISOString(), newKeyId: rolled.id },
      }),
    ]);
  });

  it('a repeated 0-hour roll names the new key instead of refusing the old one as expired; no second key', async () => {
    const companyId = await newCompany();
    const old = await sut.create(envelope({ companyId, name: 'Deploy', access: 'read_only' }));
    const request = { companyId, id: old.id, expiresInHours: 0, idempotencyKey: 'roll-now' };
    const rolled: CreatedApiKey = await sut.roll(envelope(request));
    const message = alreadyCreated(rolled, 'roll');
    expect(await refusal(sut.roll(envelope(request)))).toEqual({
      code: ServiceErrorCodes.CONFLICT,
      message,
      fields: { 'Idempotency-Key': [message] },
    });
    expect((await keysOf(companyId)).map((r) => r.id).sort()).toEqual([old.id, rolled.id].sort());
    // Without a key, a roll of the expired old key is refused as before.
    expect(await refusal(sut.roll(envelope({ companyId, id: old.id, expiresInHours: 0 })))).toEqual({
      code: ServiceErrorCodes.CONFLICT,
      message: M.NOT_ACTIVE,
    });
  });

  it('refuses another roll under the same key (422); keys are per company and per API key; without one every call rolls', async () => {
    const companyId = await newCompany();
    const first = await sut.create(envelope({ companyId, name: 'A', access: 'full' }));
    const second = await sut.create(envelope({ companyId, name: 'B', access: 'full' }));
    await sut.roll(envelope({ companyId, id: first.id, expiresInHours: 3, idempotencyKey: 'shared-roll' }));
    const before = await expiryOf(first.id);
    expect(await refusal(sut.roll(envelope({ companyId, id: first.id, expiresInHours: 0, idempotencyKey: 'shared-roll' })))).toEqual({
      code: ServiceErrorCodes.UNPROCESSABLE,
      message: IDEMPOTENCY_MESSAGES.BODY_MISMATCH,
      fields: { 'Idempotency-Key': [IDEMPOTENCY_MESSAGES.BODY_MISMATCH] },
    });
    // The refused request changed nothing: the old key keeps its overlap.
    expect(await expiryOf(first.id)).toEqual(before);
    expect(await keysOf(companyId)).toHaveLength(3);

    // The same Idempotency-Key rolling another of the company's keys is that key's own roll.
    const other: CreatedApiKey = await sut.roll(envelope({ companyId, id: second.id, expiresInHours: 3, idempotencyKey: 'shared-roll' }));
    expect(other).toMatchObject({ name: 'B', secret: expect.stringMatching(/^sk_test_/) });
    // Another company's key is not found, whatever Idempotency-Key it comes with.
    expect(
      await refusal(sut.roll(envelope({ companyId: await newCompany(), id: first.id, expiresInHours: 3, idempotencyKey: 'shared-roll' }))),
    ).toEqual({ code: ServiceErrorCodes.NOT_FOUND, message: M.NOT_FOUND });
    expect(await keysOf(companyId)).toHaveLength(4);

    // The default overlap (24 hours) left out or spelled out is the same request: the repeat, not a second roll.
    const byDefault: CreatedApiKey = await sut.roll(envelope({ companyId, id: second.id, idempotencyKey: 'default-roll' }));
    expect(
      await refusal(sut.roll(envelope({ companyId, id: second.id, expiresInHours: 24, idempotencyKey: 'default-roll' }))),
    ).toMatchObject({
      code: ServiceErrorCodes.CONFLICT,
      message: alreadyCreated(byDefault, 'roll'),
    });
    expect(await keysOf(companyId)).toHaveLength(5);

    // Without a key, every call rolls (the old key is still active during its overlap).
    await sut.roll(envelope({ companyId, id: second.id }));
    await sut.roll(envelope({ companyId, id: second.id }));
    expect(await keysOf(companyId)).toHaveLength(7);
  });
});
