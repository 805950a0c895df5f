import { randomBytes } from 'node:crypto';
import type { ApiKeyView } from '@paymarket/contracts';

/** Characters of a secret kept to recognise it in lists ("sk_test_AbCd"). */
export const PREFIX_LENGTH = 12;

/** A new secret key; `live` picks sk_live_ (production) over sk_test_. */
export function newSecretKey(live: boolean): string {
  return `sk_${live ? 'live' : 'test'}_${randomBytes(32).toString('base64url')}`;
}

export interface ApiKeyRow {
  id: string;
  companyId: string;
  name: string;
  access: 'full' | 'read_only';
  prefix: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

/** A key works until it is revoked or its expiry (set when it was rolled) has passed. */
export function isActive(key: Pick<ApiKeyRow, 'revokedAt' | 'expiresAt'>, now: Date): boolean {
  return key.revokedAt === null && (key.expiresAt === null || key.expiresAt.getTime() > now.getTime());
}

export function toApiKeyView(row: ApiKeyRow): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    access: row.access,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
