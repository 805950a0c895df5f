import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { createLogger } from '@paymarket/platform';
import { IsOptional, Matches } from 'class-validator';

const log = createLogger('admin-factor-keys');

const KEY_LIST = /^\s*[A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/_-]{43}=?\s*(,\s*[A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/_-]{43}=?\s*)*$/;

/**
 * Administrators' TOTP secrets at rest (ADR 0072), the way webhook secrets are kept (ADR 0036): AES-256-GCM under a
 * key ring from `ADMIN_FACTOR_KEYS` (`keyId:base64-of-32-bytes`, comma-separated; the first encrypts, all decrypt).
 * A key of its own rather than WEBHOOK_SECRET_KEYS: the notifications service holding webhook keys must not be
 * able to read administrators' secrets. Keys rotate as webhook keys do: a new one put first, FactorSecretUpkeep
 * re-encrypts the stored secrets under it when onboarding starts, then the old one can be dropped.
 */
export class AdminFactorKeysEnv {
  @IsOptional()
  @Matches(KEY_LIST, { message: 'ADMIN_FACTOR_KEYS must be a comma-separated list of keyId:base64(32 random bytes)' })
  ADMIN_FACTOR_KEYS?: string;
}

export interface FactorKey {
  id: string;
  key: Buffer;
}

/** Development and tests only: a fixed key anyone can read here. Production refuses to start without ADMIN_FACTOR_KEYS. */
const DEVELOPMENT_KEY: FactorKey = { id: 'dev', key: createHash('sha256').update('paymarket development admin factor key').digest() };

export function factorKeyRing(env: AdminFactorKeysEnv, production: boolean): FactorKey[] {
  const raw = env.ADMIN_FACTOR_KEYS?.trim();
  if (!raw) {
    if (production) throw new Error('ADMIN_FACTOR_KEYS is required in production (keyId:base64 of 32 random bytes)');
    log.warn('ADMIN_FACTOR_KEYS is not set: administrators’ TOTP secrets are encrypted with the fixed development key');
    return [DEVELOPMENT_KEY];
  }
  return raw.split(',').map((entry) => {
    const [id, encoded] = entry.trim().split(':') as [string, string];
    const key = Buffer.from(encoded.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (key.length !== 32) throw new Error(`ADMIN_FACTOR_KEYS: key ${id} is not 32 bytes`);
    return { id, key };
  });
}

/** `v1:<keyId>:<iv>:<tag>:<ciphertext>`, the admin id bound as associated data (a value moved to another admin fails). */
export class FactorSecretBox {
  constructor(private readonly keys: FactorKey[]) {
    if (keys.length === 0) throw new Error('FactorSecretBox needs at least one key');
  }

  encrypt(secret: string, adminId: string): string {
    const { id, key } = this.keys[0]!;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(`admin-totp:${adminId}`, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return ['v1', id, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join(':');
  }

  /** Throws when the value was tampered with, belongs to another admin, or its key left the ring. */
  decrypt(stored: string, adminId: string): string {
    const [version, keyId, iv, tag, ciphertext] = stored.split(':');
    if (version !== 'v1' || !keyId || !iv || !tag || ciphertext === undefined) throw new Error('unreadable admin TOTP secret');
    const key = this.keys.find((k) => k.id === keyId);
    if (!key) throw new Error(`admin TOTP secret key ${keyId} is not in ADMIN_FACTOR_KEYS`);
    const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(`admin-totp:${adminId}`, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** The key new values are encrypted under (the first of the ring). */
  get currentKeyId(): string {
    return this.keys[0]!.id;
  }

  /** True when the value is not under the current key (an older key, or unreadable): FactorSecretUpkeep re-encrypts it. */
  needsReEncryption(stored: string): boolean {
    return stored.split(':')[1] !== this.currentKeyId;
  }
}
