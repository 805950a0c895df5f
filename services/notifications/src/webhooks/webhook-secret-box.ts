import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { createLogger } from '@paymarket/platform';
import { IsOptional, Matches } from 'class-validator';

const log = createLogger('webhook-secrets');

/**
 * Webhook endpoint secrets at rest (ADR 0036): AES-256-GCM under a key ring from `WEBHOOK_SECRET_KEYS`
 * (`keyId:base64-of-32-bytes`, comma-separated). The first key encrypts; every key decrypts, so keys rotate by
 * putting a new one first, letting values be re-encrypted as they are read (`needsReEncryption`), then dropping the
 * old one. A stored value is `v1:<keyId>:<iv>:<tag>:<ciphertext>` (base64url parts); the endpoint id is bound as
 * associated data, so a value copied onto another endpoint does not decrypt.
 */
export class WebhookSecretsEnv {
  @IsOptional()
  @Matches(/^\s*[A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/_-]{43}=?\s*(,\s*[A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/_-]{43}=?\s*)*$/, {
    message: 'WEBHOOK_SECRET_KEYS must be a comma-separated list of keyId:base64(32 random bytes)',
  })
  WEBHOOK_SECRET_KEYS?: string;
}

export interface SecretKey {
  id: string;
  key: Buffer;
}

/**
 * Development and tests only: a fixed key anyone can read in this file. Production refuses to start without
 * WEBHOOK_SECRET_KEYS (keyRing).
 */
const DEVELOPMENT_KEY: SecretKey = { id: 'dev', key: createHash('sha256').update('paymarket development webhook secrets key').digest() };

export function keyRing(env: WebhookSecretsEnv, production: boolean): SecretKey[] {
  const raw = env.WEBHOOK_SECRET_KEYS?.trim();
  if (!raw) {
    if (production) throw new Error('WEBHOOK_SECRET_KEYS is required in production (keyId:base64 of 32 random bytes)');
    log.warn('WEBHOOK_SECRET_KEYS is not set: webhook endpoint secrets are encrypted with the fixed development key');
    return [DEVELOPMENT_KEY];
  }
  return raw.split(',').map((entry) => {
    const [id, encoded] = entry.trim().split(':') as [string, string];
    const key = Buffer.from(encoded.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (key.length !== 32) throw new Error(`WEBHOOK_SECRET_KEYS: key ${id} is not 32 bytes`);
    return { id, key };
  });
}

export class WebhookSecretBox {
  constructor(private readonly keys: SecretKey[]) {
    if (keys.length === 0) throw new Error('WebhookSecretBox needs at least one key');
  }

  encrypt(secret: string, endpointId: string): string {
    const { id, key } = this.keys[0]!;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(endpointId, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return ['v1', id, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join(':');
  }

  /** Throws when the value was tampered with, belongs to another endpoint, or its key is no longer in the ring. */
  decrypt(stored: string, endpointId: string): string {
    const [version, keyId, iv, tag, ciphertext] = stored.split(':');
    if (version !== 'v1' || !keyId || !iv || !tag || ciphertext === undefined) throw new Error('unreadable webhook secret');
    const key = this.keys.find((k) => k.id === keyId);
    if (!key) throw new Error(`webhook secret key ${keyId} is not in WEBHOOK_SECRET_KEYS`);
    const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(endpointId, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** The key new values are encrypted under (the first of the ring). */
  get currentKeyId(): string {
    return this.keys[0]!.id;
  }

  /** True when the value is under an older key than the current one (re-encrypt it). */
  needsReEncryption(stored: string): boolean {
    return stored.split(':')[1] !== this.keys[0]!.id;
  }
}

/** A Standard Webhooks secret: `whsec_` + base64 of 24 random bytes. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}
