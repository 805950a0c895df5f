import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from '@paymarket/platform';
import { generateWebhookSecret, keyRing, WebhookSecretBox, WebhookSecretsEnv } from './webhook-secret-box.js';

const key = (id: string) => `${id}:${randomBytes(32).toString('base64')}`;

describe(WebhookSecretBox.name, () => {
  it('round-trips a secret and never stores it in clear', () => {
    const sut = new WebhookSecretBox(keyRing({ WEBHOOK_SECRET_KEYS: key('k1') }, true));
    const secret = generateWebhookSecret();
    const stored = sut.encrypt(secret, 'endpoint-1');
    expect(stored).not.toContain(secret.slice(6));
    expect(stored.startsWith('v1:k1:')).toBe(true);
    expect(sut.decrypt(stored, 'endpoint-1')).toBe(secret);
  });

  it('refuses a tampered value and a value moved to another endpoint', () => {
    const sut = new WebhookSecretBox(keyRing({ WEBHOOK_SECRET_KEYS: key('k1') }, true));
    const stored = sut.encrypt(generateWebhookSecret(), 'endpoint-1');
    const parts = stored.split(':');
    parts[4] = Buffer.from('x'.repeat(32)).toString('base64url');
    expect(() => sut.decrypt(parts.join(':'), 'endpoint-1')).toThrow();
    expect(() => sut.decrypt(stored, 'endpoint-2')).toThrow();
  });

  it('rotates: a new first key encrypts, the old one still decrypts until it is dropped', () => {
    const old = key('old');
    const fresh = key('new');
    const before = new WebhookSecretBox(keyRing({ WEBHOOK_SECRET_KEYS: old }, true));
    const stored = before.encrypt('whsec_abc', 'e');
    const during = new WebhookSecretBox(keyRing({ WEBHOOK_SECRET_KEYS: `${fresh},${old}` }, true));
    expect(during.decrypt(stored, 'e')).toBe('whsec_abc');
    expect(during.needsReEncryption(stored)).toBe(true);
    const reEncrypted = during.encrypt('whsec_abc', 'e');
    expect(during.needsReEncryption(reEncrypted)).toBe(false);
    const after = new WebhookSecretBox(keyRing({ WEBHOOK_SECRET_KEYS: fresh }, true));
    expect(after.decrypt(reEncrypted, 'e')).toBe('whsec_abc');
    expect(() => after.decrypt(stored, 'e')).toThrow(/not in WEBHOOK_SECRET_KEYS/);
  });

  it('requires WEBHOOK_SECRET_KEYS in production and uses a development key otherwise', () => {
    expect(() => keyRing({}, true)).toThrow(/WEBHOOK_SECRET_KEYS is required in production/);
    expect(() => keyRing({ WEBHOOK_SECRET_KEYS: ' ' }, true)).toThrow(/WEBHOOK_SECRET_KEYS is required in production/);
    expect(keyRing({}, false)).toHaveLength(1);
  });

  it('validates WEBHOOK_SECRET_KEYS at boot, naming the variable and never echoing its value', () => {
    const good = `${key('k2')}, ${key('k1')}`;
    expect(keyRing(loadConfig(WebhookSecretsEnv, { WEBHOOK_SECRET_KEYS: good }), true).map((k) => k.id)).toEqual(['k2', 'k1']);
    for (const bad of [
      'k1',
      'k1:short',
      `k1:${randomBytes(16).toString('base64')}`,
      `${key('k1')},`,
      `bad id:${randomBytes(32).toString('base64')}`,
    ]) {
      expect(() => loadConfig(WebhookSecretsEnv, { WEBHOOK_SECRET_KEYS: bad })).toThrow(ConfigError);
      expect(() => loadConfig(WebhookSecretsEnv, { WEBHOOK_SECRET_KEYS: bad })).toThrow(
        /WEBHOOK_SECRET_KEYS must be a comma-separated list/,
      );
    }
    const secretish = `k1:${randomBytes(32).toString('base64').slice(0, 40)}`;
    const error = (() => {
      try {
        loadConfig(WebhookSecretsEnv, { WEBHOOK_SECRET_KEYS: secretish });
      } catch (err) {
        return err as Error;
      }
      throw new Error('accepted a 30-byte key');
    })();
    expect(error.message).toContain('WEBHOOK_SECRET_KEYS');
    expect(error.message).not.toContain(secretish.slice(3));
  });

  it('makes Standard Webhooks secrets: whsec_ and 24 random bytes', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(24);
  });
});
