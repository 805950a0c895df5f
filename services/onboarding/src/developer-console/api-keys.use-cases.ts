import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  API_KEY_MESSAGES,
  API_KEY_MESSAGES_V1 as M,
  MAX_ACTIVE_API_KEYS,
  type ApiAccountResponse,
  type ApiKeyList,
  type ApiKeyView,
  type AuditContext,
  type CreatedApiKey,
} from '@paymarket/contracts';
import {
  SERVICE_CONFIG,
  ServiceError,
  UnitOfWork,
  type OnceOutcome,
  type ServiceRuntimeConfig,
  type Transaction,
} from '@paymarket/platform';
import { AuditTrail } from '../auth/audit-trail.js';
import { Clock } from '../auth/clock.js';
import { hashSecret } from '../companies/credentials.js';
import { isActive, newSecretKey, PREFIX_LENGTH, toApiKeyView, type ApiKeyRow } from './api-keys.js';
import { ApiKeysRepository } from './api-keys.repository.js';

const HOUR_MS = 3_600_000;

/**
 * The answer to a repeated create or roll: which key the first call made, and what to do since its secret cannot be
 * shown again.
 */
export function alreadyCreated(key: Pick<ApiKeyView, 'id' | 'name' | 'prefix'>, by: 'create' | 'roll' = 'create'): string {
  const made =
    by === 'roll'
      ? 'An API key was already rolled with this Idempotency-Key: its new key'
      : 'An API key was already created with this Idempotency-Key:';
  const instead =
    by === 'roll'
      ? 'revoke that key and roll again with a new Idempotency-Key (or create a new key if the old one has stopped working).'
      : 'revoke that key and create a new one with a new Idempotency-Key.';
  return `${made} "${key.name}" (${key.prefix ?? ''}…, id ${key.id}). Its secret is shown only once. If you did not receive it, ${instead}`;
}

/** A key made by this call (with its secret, answered once) or by an earlier call with the same Idempotency-Key (409). */
function shownOnce(outcome: OnceOutcome<CreatedApiKey, ApiKeyView>, by: 'create' | 'roll'): CreatedApiKey {
  if (outcome.ran) return outcome.result;
  const message = alreadyCreated(outcome.kept, by);
  throw ServiceError.conflict(message, { 'Idempotency-Key': [message] });
}

/** Kept in idempotency_keys to answer a repeat: the key without its secret. */
const withoutSecret = ({ secret: _secret, ...view }: CreatedApiKey): ApiKeyView => view;

/** What the audit trail says of a key (ADR 0075): its name, mode, access and expiry, never its secret nor prefix. */
function described(key: Pick<ApiKeyView, 'name' | 'access' | 'prefix'>, expiresAt: Date | null, production: boolean) {
  const live = key.prefix ? key.prefix.startsWith('sk_live_') : production;
  return { name: key.name, mode: live ? 'live' : 'test', access: key.access, expiresAt: expiresAt?.toISOString() ?? null };
}

/**
 * A company's API keys (ADR 0037): several at once, full or read-only, each shown once; rolled with an overlap of up
 * to 24 hours (the old key keeps working until then) and revoked at once. Another company's key is not found.
 */
@Injectable()
export class ApiKeys {
  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly config: Pick<ServiceRuntimeConfig, 'production'>,
    private readonly trail: AuditTrail,
  ) {}

  /** The key issued with a company's credentials (approval): its first, full-access key. */
  async issueDefault(tx: Transaction, companyId: string, secretKey: string, at: Date): Promise<void> {
    await this.keys.insert(tx, {
      id: randomUUID(),
      companyId,
      name: 'Default key',
      access: 'full',
      prefix: secretKey.slice(0, PREFIX_LENGTH),
      secretHash: hashSecret(secretKey),
      createdAt: at,
    });
  }

  /** `unauthorized` unless the secret is an active key of a company with API access. */
  async authenticate(secretKey: string): Promise<ApiAccountResponse> {
    const unauthorized = () => ServiceError.unauthorized(API_KEY_MESSAGES.REQUIRED);
    // Looked up by hash: the secret itself is never stored, and equality on a SHA-256 leaks nothing usable by timing.
    const key = await this.keys.byHash(hashSecret(secretKey));
    const now = this.clock.now();
    if (!key || !key.approved || !key.apiKey || !isActive(key, now)) throw unauthorized();
    await this.keys.touch(key.id, now);
    return {
      company: { id: key.companyId, name: key.companyName, website: key.website, apiKey: key.apiKey },
      livemode: secretKey.startsWith('sk_live_'),
      keyId: key.id,
      access: key.access,
    };
  }

  async list(companyId: string): Promise<ApiKeyList> {
    return { data: (await this.keys.list(companyId)).map(toApiKeyView) };
  }

  /**
   * At most one key per Idempotency-Key in the company. The secret is stored only hashed and shown once, so a repeat
   * cannot answer it again: it is refused (409) naming the key already made, which its caller revokes if the first
   * answer never arrived. Nothing secret is kept to answer the repeat with.
   */
  async create(
    companyId: string,
    input: { name: string; access: 'full' | 'read_only' },
    audit: AuditContext,
    idempotencyKey?: string,
  ): Promise<CreatedApiKey> {
    const once = { scope: `api-keys:${companyId}`, key: idempotencyKey, request: { name: input.name, access: input.access } };
    const outcome = await this.unitOfWork.runOnceKeeping(
      once,
      async (tx): Promise<CreatedApiKey> => {
        await this.keys.lockCompany(tx, companyId);
        const now = this.clock.now();
        if ((await this.keys.activeCount(tx, companyId, now)) >= MAX_ACTIVE_API_KEYS) throw ServiceError.conflict(M.TOO_MANY);
        const created = await this.insert(tx, companyId, input.name, input.access, now);
        await this.trail.record(tx, audit, {
          action: 'api_key.created',
          target: { type: 'api_key', id: created.id },
          companyId,
          after: described(created, null, this.config.production),
        });
        return created;
      },
      withoutSecret,
    );
    return shownOnce(outcome, 'create');
  }

  /**
   * A new key with the same name and access; the old one expires after `expiresInHours` (0: at once). At most one roll
   * per Idempotency-Key of the key: a repeat makes no second new key (nor cuts the overlap short) and, like a repeated
   * create, is refused (409) naming the new key, whose secret was shown once and is kept only hashed.
   */
  async roll(companyId: string, id: string, expiresInHours: number, audit: AuditContext, idempotencyKey?: string): Promise<CreatedApiKey> {
    const once = { scope: `api-key-rolls:${companyId}:${id}`, key: idempotencyKey, request: { expiresInHours } };
    const outcome = await this.unitOfWork.runOnceKeeping(
      once,
      async (tx): Promise<CreatedApiKey> => {
        await this.keys.lockCompany(tx, companyId);
        const now = this.clock.now();
        const old = await this.keys.find(tx, companyId, id);
        if (!old) throw ServiceError.notFound(M.NOT_FOUND);
        if (!isActive(old, now)) throw ServiceError.conflict(M.NOT_ACTIVE);
        const expiresAt = new Date(now.getTime() + expiresInHours * HOUR_MS);
        // Rolling never shortens an earlier, sooner expiry.
        const shortened = !old.expiresAt || old.expiresAt.getTime() > expiresAt.getTime();
        if (shortened) await this.keys.setExpiry(tx, old.id, expiresAt);
        const created = await this.insert(tx, companyId, old.name, old.access, now);
        await this.trail.record(tx, audit, {
          action: 'api_key.rolled',
          target: { type: 'api_key', id: old.id },
          companyId,
          before: { expiresAt: old.expiresAt?.toISOString() ?? null },
          after: { ...described(toApiKeyView(old), shortened ? expiresAt : old.expiresAt, this.config.production), newKeyId: created.id },
        });
        return created;
      },
      withoutSecret,
    );
    return shownOnce(outcome, 'roll');
  }

  /** Revoking a revoked key changes nothing, and records nothing. */
  async revoke(companyId: string, id: string, audit: AuditContext): Promise<ApiKeyView> {
    return this.unitOfWork.run(async (tx) => {
      const key = await this.keys.find(tx, companyId, id);
      if (!key) throw ServiceError.notFound(M.NOT_FOUND);
      const now = this.clock.now();
      await this.keys.revoke(tx, key.id, now);
      if (key.revokedAt === null) {
        await this.trail.record(tx, audit, {
          action: 'api_key.revoked',
          target: { type: 'api_key', id: key.id },
          companyId,
          before: { revokedAt: null },
          after: { revokedAt: now.toISOString(), ...described(toApiKeyView(key), key.expiresAt, this.config.production) },
        });
      }
      return toApiKeyView({ ...key, revokedAt: key.revokedAt ?? now });
    });
  }

  private async insert(tx: Transaction, companyId: string, name: string, access: ApiKeyRow['access'], now: Date): Promise<CreatedApiKey> {
    const secret = newSecretKey(this.config.production);
    const row: ApiKeyRow = {
      id: randomUUID(),
      companyId,
      name,
      access,
      prefix: secret.slice(0, PREFIX_LENGTH),
      createdAt: now,
      lastUsedAt: null,
      expiresAt: null,
      revokedAt: null,
    };
    await this.keys.insert(tx, { ...row, prefix: row.prefix!, secretHash: hashSecret(secret) });
    return { ...toApiKeyView(row), secret };
  }
}
