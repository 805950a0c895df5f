import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { DataSource } from 'typeorm';
import {
  type AuditContext,
  ServiceErrorCodes,
  WEBHOOK_ENDPOINT_MESSAGES as M,
  type CreatedWebhookEndpoint,
  type RpcEnvelope,
  type WebhookDeliveryView,
  type WebhookSecretView,
} from '@paymarket/contracts';
import { IDEMPOTENCY_MESSAGES, openServiceDatabase, ServiceError, UnitOfWork, type ServiceRuntimeConfig } from '@paymarket/platform';
import { createTestDatabase, type TestDatabase } from '@paymarket/platform/testing';
import { CreateEmails1763769800000 } from '../src/database/migrations/1763769800000-create-emails.js';
import { CreateWebhooks1763850000000 } from '../src/database/migrations/1763850000000-create-webhooks.js';
import { WebhookEndpointSecrets1763900000000 } from '../src/database/migrations/1763900000000-webhook-endpoint-secrets.js';
import { WebhookDeliveryLogAndEvents1763910000000 } from '../src/database/migrations/1763910000000-webhook-delivery-log-and-events.js';
import { WebhookDeliveryTraceContext1764060000000 } from '../src/database/migrations/1764060000000-webhook-delivery-trace-context.js';
import { EmailSecrets1764100000000 } from '../src/database/migrations/1764100000000-email-secrets.js';
import { EmailEntity } from '../src/email/email.entity.js';
import { WebhookDeliveriesHandler } from '../src/webhooks/webhook-deliveries.handler.js';
import type { WebhookDeliveryWorker } from '../src/webhooks/webhook-delivery.worker.js';
import { ENDPOINT_GONE, WebhookEndpointsHandler } from '../src/webhooks/webhook-endpoints.handler.js';
import { keyRing, WebhookSecretBox } from '../src/webhooks/webhook-secret-box.js';
import { WebhookSecrets } from '../src/webhooks/webhook-secrets.js';
import { TypeOrmWebhooksRepository } from '../src/webhooks/webhooks.repository.js';

jest.setTimeout(60_000);

type Refusal = { code: string; message: string; fields?: Record<string, string[]> };

const envelope = (data: Record<string, unknown>): RpcEnvelope<unknown> => ({ meta: { correlationId: randomUUID() }, data });
/** Who changes endpoints and from where, as the gateway passes it with every change (ADR 0075). */
const AUDIT: AuditContext = {
  actor: { type: 'api_key', id: '6b1d7a3e-0000-4000-8000-000000000001', label: 'API key 6b1d7a3e-0000-4000-8000-000000000001' },
  ip: '203.0.113.50',
  userAgent: 'paymarket-node/1.0',
};
/** The envelope of an audited command: create, update, delete and roll. */
const audited = (data: Record<string, unknown>): RpcEnvelope<unknown> => envelope({ audit: AUDIT, ...data });

async function refusal(promise: Promise<unknown>): Promise<Refusal> {
  const error = await promise.then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return (error as ServiceError).getError() as Refusal;
}

const MISMATCH: Refusal = {
  code: ServiceErrorCodes.UNPROCESSABLE,
  message: IDEMPOTENCY_MESSAGES.BODY_MISMATCH,
  fields: { 'Idempotency-Key': [IDEMPOTENCY_MESSAGES.BODY_MISMATCH] },
};

// notifications.create_webhook_endpoint and send_test_webhook with an Idempotency-Key (ADR 0048's retry audit): a
// retry after a lost answer makes nothing twice. Real PostgreSQL and SQL, through the RPC handlers.
describe('webhook endpoints and test events once per Idempotency-Key (notifications, real PostgreSQL)', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let endpoints: WebhookEndpointsHandler;
  let deliveries: WebhookDeliveriesHandler;
  let repository: TypeOrmWebhooksRepository;
  let secrets: WebhookSecrets;
  const kick = jest.fn();

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = await openServiceDatabase({
      url: database.url,
      schema: 'notifications',
      entities: [EmailEntity],
      migrations: [
        CreateEmails1763769800000,
        CreateWebhooks1763850000000,
        WebhookEndpointSecrets1763900000000,
        WebhookDeliveryLogAndEvents1763910000000,
        WebhookDeliveryTraceContext1764060000000,
        EmailSecrets1764100000000,
      ],
    });
    repository = new TypeOrmWebhooksRepository(dataSource);
    const box = new WebhookSecretBox(keyRing({ WEBHOOK_SECRET_KEYS: `k1:${randomBytes(32).toString('base64')}` }, true));
    const unitOfWork = new UnitOfWork(dataSource, 'notifications');
    secrets = new WebhookSecrets(repository, box);
    endpoints = new WebhookEndpointsHandler(repository, secrets, unitOfWork, {
      production: false,
    } as ServiceRuntimeConfig);
    deliveries = new WebhookDeliveriesHandler(repository, { kick } as unknown as WebhookDeliveryWorker, unitOfWork);
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  const endpointsOf = async (companyId: string) =>
    (await dataSource.query(`SELECT id FROM webhook_endpoints WHERE company_id = $1 ORDER BY created_at`, [companyId])) as Array<{
      id: string;
    }>;
  const testsTo = async (endpointId: string) =>
    (await dataSource.query(`SELECT id FROM webhook_deliveries WHERE endpoint_id = $1 AND event_type = 'webhook.test'`, [
      endpointId,
    ])) as Array<{ id: string }>;
  const kept = async (scope: string, key: string) =>
    (
      (await dataSource.query(`SELECT response::text AS response FROM idempotency_keys WHERE scope = $1 AND key = $2`, [
        scope,
        key,
      ])) as Array<{
        response: string | null;
      }>
    )[0]?.response;
  const register = (companyId: string, fields: Record<string, unknown>) =>
    endpoints.create(audited({ companyId, url: 'https://shop.example.com/hooks', events: ['payment.succeeded'], ...fields }));

  it('registers one endpoint for a repeated request and answers the repeat with the same endpoint and its secret', async () => {
    const companyId = randomUUID();
    const first = await register(companyId, { idempotencyKey: 'register-1' });
    expect(first.secret).toMatch(/^whsec_/);

    const repeat: CreatedWebhookEndpoint = await register(companyId, { idempotencyKey: 'register-1' });
    expect(repeat).toEqual(first);
    const revealed = await endpoints.reveal(envelope({ companyId, id: first.id }));
    expect(revealed.secret).toBe(first.secret);
    expect(await endpointsOf(companyId)).toEqual([{ id: first.id }]);

    // The answer kept for repeats holds the endpoint, never its secret (stored only encrypted, revealed on a repeat).
    const response = await kept(`webhook-endpoints:${companyId}`, 'register-1');
    expect(response).toContain(first.id);
    expect(response).not.toContain(first.secret.slice('whsec_'.length));
  });

  it('answers a repeat after a roll with the secret that signs now; after a delete, 409 naming Idempotency-Key', async () => {
    const companyId = randomUUID();
    const first = await register(companyId, { idempotencyKey: 'register-2' });
    const rolled = await endpoints.roll(audited({ companyId, id: first.id, expiresInHours: 0 }));
    expect((await register(companyId, { idempotencyKey: 'register-2' })).secret).toBe(rolled.secret);

    await endpoints.remove(audited({ companyId, id: first.id }));
    expect(await refusal(register(companyId, { idempotencyKey: 'register-2' }))).toEqual({
      code: ServiceErrorCodes.CONFLICT,
      message: ENDPOINT_GONE,
      fields: { 'Idempotency-Key': [ENDPOINT_GONE] },
    });
    expect(await endpointsOf(companyId)).toEqual([]);
  });

  it('refuses another request under the same key (422); keys are per company; without a key every call registers', async () => {
    const acme = randomUUID();
    const globex = randomUUID();
    await register(acme, { idempotencyKey: 'shared' });
    expect(await refusal(register(acme, { idempotencyKey: 'shared', events: ['order.updated'] }))).toEqual(MISMATCH);
    const theirs = await register(globex, { idempotencyKey: 'shared' });
    expect(await endpointsOf(acme)).toHaveLength(1);
    expect(await endpointsOf(globex)).toEqual([{ id: theirs.id }]);

    const plain = randomUUID();
    await register(plain, {});
    await register(plain, {});
    expect(await endpointsOf(plain)).toHaveLength(2);
  });

  it('sends one test event for a repeated request and answers the repeat with the same delivery', async () => {
    const companyId = randomUUID();
    const endpoint = await register(companyId, {});
    const other = await register(companyId, {});
    kick.mockClear();
    const send = (id: string, fields: Record<string, unknown> = {}) =>
      deliveries.test(envelope({ companyId, id, idempotencyKey: 'test-1', ...fields }));

    const first: WebhookDeliveryView = await send(endpoint.id);
    expect(first).toMatchObject({ endpointId: endpoint.id, eventType: 'webhook.test', status: 'pending' });
    // An explicit `type: webhook.test` is the same request as none.
    expect(await send(endpoint.id, { type: 'webhook.test' })).toEqual(first);
    expect(await testsTo(endpoint.id)).toEqual([{ id: first.id }]);
    expect(kick).toHaveBeenCalledTimes(1);
    // The same key for another endpoint is another request.
    expect(await refusal(send(other.id))).toEqual(MISMATCH);
    expect(await testsTo(other.id)).toEqual([]);

    // Without a key, every call sends one.
    await deliveries.test(envelope({ companyId, id: other.id }));
    await deliveries.test(envelope({ companyId, id: other.id }));
    expect(await testsTo(other.id)).toHaveLength(2);
  });

  it("replays a refused test the same way, and another company's key is its own", async () => {
    const companyId = randomUUID();
    const endpoint = await register(companyId, {});
    await endpoints.update(audited({ companyId, id: endpoint.id, enabled: false }));
    const send = () => deliveries.test(envelope({ companyId, id: endpoint.id, idempotencyKey: 'test-2' }));
    const disabled = await refusal(send());
    expect(disabled).toEqual({ code: ServiceErrorCodes.CONFLICT, message: M.TEST_DISABLED });
    expect(await refusal(send())).toEqual(disabled);

    // Another company cannot see the endpoint, whatever key it sends.
    expect(await refusal(deliveries.test(envelope({ companyId: randomUUID(), id: endpoint.id, idempotencyKey: 'test-2' })))).toEqual({
      code: ServiceErrorCodes.NOT_FOUND,
      message: M.NOT_FOUND,
    });
    expect(await testsTo(endpoint.id)).toEqual([]);
  });

  // notifications.roll_webhook_secret with an Idempotency-Key: a retry after a lost answer must not roll again from the
  // secret nobody saw, which would stop the one the receiver still verifies with at once instead of after the overlap.
  const roll = (companyId: string, id: string, fields: Record<string, unknown>) => endpoints.roll(audited({ companyId, id, ...fields }));
  /** What a delivery to the endpoint is signed with now. */
  const signing = async (companyId: string, id: string) => secrets.signingSecrets(id, (await repository.secretsOf(companyId, id))!);

  it('rolls once for a repeated request: the old secret keeps its overlap, the repeat answers the current secret', async () => {
    const companyId = randomUUID();
    const endpoint = await register(companyId, {});
    const first: WebhookSecretView = await roll(companyId, endpoint.id, { expiresInHours: 2, idempotencyKey: 'roll-1' });
    expect(first.secret).toMatch(/^whsec_/);
    expect(first.secret).not.toBe(endpoint.secret);
    expect(Date.parse(first.previousSecretExpiresAt!)).toBeGreaterThan(Date.now() + 3_600_000);

    const repeat = await roll(companyId, endpoint.id, { expiresInHours: 2, idempotencyKey: 'roll-1' });
    expect(repeat).toEqual(first);
    expect(await endpoints.reveal(envelope({ companyId, id: endpoint.id }))).toEqual(first);
    // Still signed with the secret the receiver verifies with (until the overlap ends) and the one the roll answered.
    expect(await signing(companyId, endpoint.id)).toEqual({ current: first.secret, previous: endpoint.secret });

    // The answer kept for repeats holds neither secret (stored only encrypted, revealed on a repeat).
    const response = await kept(`webhook-secret-rolls:${companyId}:${endpoint.id}`, 'roll-1');
    expect(response).toContain('previousSecretExpiresAt');
    expect(response).not.toContain(first.secret.slice('whsec_'.length));
    expect(response).not.toContain(endpoint.secret.slice('whsec_'.length));

    // Another request under the key is refused and rolls nothing.
    expect(await refusal(roll(companyId, endpoint.id, { expiresInHours: 0, idempotencyKey: 'roll-1' }))).toEqual(MISMATCH);
    expect(await signing(companyId, endpoint.id)).toEqual({ current: first.secret, previous: endpoint.secret });
  });

  it('a repeated 0-hour roll answers the secret it made (no second roll); the default overlap spelled out is the same request', async () => {
    const companyId = randomUUID();
    const endpoint = await register(companyId, {});
    const now: WebhookSecretView = await roll(companyId, endpoint.id, { expiresInHours: 0, idempotencyKey: 'roll-now' });
    expect(now.previousSecretExpiresAt).toBeNull();
    expect(await roll(companyId, endpoint.id, { expiresInHours: 0, idempotencyKey: 'roll-now' })).toEqual(now);
    expect(await signing(companyId, endpoint.id)).toEqual({ current: now.secret, previous: null });

    const byDefault = await roll(companyId, endpoint.id, { idempotencyKey: 'roll-default' });
    expect(await roll(companyId, endpoint.id, { expiresInHours: 24, idempotencyKey: 'roll-default' })).toEqual(byDefault);
    expect(await signing(companyId, endpoint.id)).toEqual({ current: byDefault.secret, previous: now.secret });
  });

  it('a repeat after a later roll answers the secret that signs now; keys are per endpoint and company; without one every call rolls', async () => {
    const companyId = randomUUID();
    const endpoint = await register(companyId, {});
    const other = await register(companyId, {});
    const first = await roll(companyId, endpoint.id, { idempotencyKey: 'roll-2' });
    // The same Idempotency-Key on another endpoint is that endpoint's own roll.
    const theirs = await roll(companyId, other.id, { idempotencyKey: 'roll-2' });
    expect(theirs.secret).not.toBe(first.secret);
    expect(await signing(companyId, other.id)).toEqual({ current: theirs.secret, previous: other.secret });
    // Another company cannot roll the endpoint, whatever key it sends.
    expect(await refusal(roll(randomUUID(), endpoint.id, { idempotencyKey: 'roll-2' }))).toEqual({
      code: ServiceErrorCodes.NOT_FOUND,
      message: M.NOT_FOUND,
    });

    // Without a key, every call rolls.
    const later = await roll(companyId, endpoint.id, {});
    const latest = await roll(companyId, endpoint.id, {});
    expect(new Set([first.secret, later.secret, latest.secret]).size).toBe(3);
    expect(await roll(companyId, endpoint.id, { idempotencyKey: 'roll-2' })).toEqual(
      await endpoints.reveal(envelope({ companyId, id: endpoint.id })),
    );
    expect((await signing(companyId, endpoint.id)).current).toBe(latest.secret);

    // Once the endpoint is deleted, the repeat finds nothing to answer with.
    await endpoints.remove(audited({ companyId, id: endpoint.id }));
    expect(await refusal(roll(companyId, endpoint.id, { idempotencyKey: 'roll-2' }))).toEqual({
      code: ServiceErrorCodes.NOT_FOUND,
      message: M.NOT_FOUND,
    });
  });

  // ADR 0075: every change to an endpoint is one audit row in notifications' outbox, in the change's transaction; a
  // replay or a change that changes nothing records nothing; a secret is never in it (a reveal is a read: no row).
  const auditRows = async (endpointId: string) =>
    (
      (await dataSource.query(`SELECT payload FROM outbox WHERE name = 'audit.recorded' AND payload->'target'->>'id' = $1 ORDER BY seq`, [
        endpointId,
      ])) as Array<{ payload: Record<string, unknown> }>
    ).map((r) => r.payload);
  const row = (action: string, id: string, companyId: string, before: unknown, after: unknown) => ({
    action,
    actor: AUDIT.actor,
    ip: '203.0.113.50',
    userAgent: 'paymarket-node/1.0',
    target: { type: 'webhook_endpoint', id },
    companyId,
    outcome: 'succeeded',
    before,
    after,
  });

  it('records each change to an endpoint once, with who, where from and what changed, never a secret', async () => {
    const companyId = randomUUID();
    const created = await register(companyId, { idempotencyKey: 'audit-1' });
    const afterCreate = [
      row('webhook_endpoint.created', created.id, companyId, null, {
        url: 'https://shop.example.com/hooks',
        events: ['payment.succeeded'],
        enabled: true,
        disabledReason: null,
        description: null,
      }),
    ];
    expect(await auditRows(created.id)).toEqual(afterCreate);
    // The idempotent replay registers nothing, and records nothing.
    await register(companyId, { idempotencyKey: 'audit-1' });
    expect(await auditRows(created.id)).toEqual(afterCreate);

    // Only the fields that changed; the same update again changes nothing and records nothing.
    await endpoints.update(audited({ companyId, id: created.id, description: 'Orders', enabled: false }));
    await endpoints.update(audited({ companyId, id: created.id, description: 'Orders', enabled: false }));
    const afterUpdate = [
      ...afterCreate,
      row(
        'webhook_endpoint.updated',
        created.id,
        companyId,
        { enabled: true, disabledReason: null, description: null },
        { enabled: false, disabledReason: 'manual', description: 'Orders' },
      ),
    ];
    expect(await auditRows(created.id)).toEqual(afterUpdate);

    // A reveal is a read: no row. A roll records that it rolled and until when the old secret signs; its replay nothing.
    await endpoints.reveal(envelope({ companyId, id: created.id }));
    const rolled = await roll(companyId, created.id, { expiresInHours: 2, idempotencyKey: 'audit-roll' });
    await roll(companyId, created.id, { expiresInHours: 2, idempotencyKey: 'audit-roll' });
    const afterRoll = [
      ...afterUpdate,
      row('webhook_endpoint.secret_rolled', created.id, companyId, null, {
        secretRolledAt: expect.any(String),
        previousExpiresAt: rolled.previousSecretExpiresAt,
      }),
    ];
    expect(await auditRows(created.id)).toEqual(afterRoll);

    await endpoints.remove(audited({ companyId, id: created.id }));
    expect(await refusal(endpoints.remove(audited({ companyId, id: created.id })))).toMatchObject({ code: ServiceErrorCodes.NOT_FOUND });
    const all = [
      ...afterRoll,
      row(
        'webhook_endpoint.deleted',
        created.id,
        companyId,
        {
          url: 'https://shop.example.com/hooks',
          events: ['payment.succeeded'],
          enabled: false,
          disabledReason: 'manual',
          description: 'Orders',
        },
        null,
      ),
    ];
    expect(await auditRows(created.id)).toEqual(all);
    const text = JSON.stringify(await auditRows(created.id));
    for (const secret of [created.secret, rolled.secret]) expect(text).not.toContain(secret.slice('whsec_'.length));
  });

  it('refuses a change without its audit context, naming the field, and changes nothing', async () => {
    const companyId = randomUUID();
    const endpoint = await register(companyId, {});
    const refused = await refusal(endpoints.update(envelope({ companyId, id: endpoint.id, enabled: false })));
    expect(refused).toMatchObject({ code: ServiceErrorCodes.INVALID, fields: { audit: [expect.stringContaining('audit')] } });
    expect(await refusal(endpoints.remove(envelope({ companyId, id: endpoint.id })))).toMatchObject({
      fields: { audit: expect.any(Array) },
    });
    expect(await endpoints.get(envelope({ companyId, id: endpoint.id }))).toMatchObject({ enabled: true });
    expect(await auditRows(endpoint.id)).toHaveLength(1);
  });
});
