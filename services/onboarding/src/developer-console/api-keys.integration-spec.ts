import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { ServiceErrorCodes, type CreatedApiKey, type RpcEnvelope } from '@paymarket/contracts';
import { IDEMPOTENCY_MESSAGES, openServiceDatabase, ServiceError, UnitOfWork } from '@paymarket/platform';
import { createTestDatabase, type TestDatabase } from '@paymarket/platform/testing';
import { SystemClock } from '../auth/clock.js';
import { hashSecret } from '../companies/credentials.js';
import { CreateBuyers1763769700000 } from '../database/migrations/1763769700000-create-buyers.js';
import { CreateSignInAndSessions1763780000000 } from '../database/migrations/1763780000000-create-sign-in-and-sessions.js';
import { CreateAccountDeletionRequests1763800000000 } from '../database/migrations/1763800000000-create-account-deletion-requests.js';
import { CreateCompanies1763810000000 } from '../database/migrations/1763810000000-create-companies.js';
import { CreateMarketplaces1763820000000 } from '../database/migrations/1763820000000-create-marketplaces.js';
import { DropCompanyWebhookSecret1763920000000 } from '../database/migrations/1763920000000-drop-company-webhook-secret.js';
import { ApiKeysAndConsole1763930000000 } from '../database/migrations/1763930000000-api-keys-and-console.js';
import { SqlApiKeysRepository } from './api-keys.repository.js';
import { alreadyCreated, ApiKeys } from './api-keys.use-cases.js';
import type { ConsoleSignIn } from './console-sign-in.use-cases.js';
import { DeveloperConsoleHandler } from './developer-console.handler.js';

jest.setTimeout(60_000);

/** The secret's characters after `sk_test_`: not even that part of it may be stored. */
const PREFIX_CHARS = 'sk_test_'.length;

const envelope = (data: Record<string, unknown>): RpcEnvelope<unknown> => ({ meta: { correlationId: randomUUID() }, data });

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
    const keys = new ApiKeys(new SqlApiKeysRepository(dataSource), new UnitOfWork(dataSource, 'onboarding'), new SystemClock(), {
      production: false,
    });
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
});
