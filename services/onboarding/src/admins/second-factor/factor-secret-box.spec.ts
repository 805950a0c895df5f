import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { factorKeyRing, FactorSecretBox } from './factor-secret-box.js';

const key = (id: string) => `${id}:${randomBytes(32).toString('base64')}`;

describe(FactorSecretBox.name, () => {
  it('encrypts a secret for one admin only, and decrypts under any key of the ring', () => {
    const [k1, k2] = [key('k1'), key('k2')];
    const box = new FactorSecretBox(factorKeyRing({ ADMIN_FACTOR_KEYS: k1 }, true));
    const stored = box.encrypt('JBSWY3DPEHPK3PXP', 'admin-1');
    expect(stored).toMatch(/^v1:k1:/);
    expect(stored).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.encrypt('JBSWY3DPEHPK3PXP', 'admin-1')).not.toBe(stored);
    expect(box.decrypt(stored, 'admin-1')).toBe('JBSWY3DPEHPK3PXP');
    expect(() => box.decrypt(stored, 'admin-2')).toThrow();
    const parts = stored.split(':');
    parts[4] = `${parts[4]![0] === 'A' ? 'B' : 'A'}${parts[4]!.slice(1)}`;
    expect(() => box.decrypt(parts.join(':'), 'admin-1')).toThrow();
    const rotated = new FactorSecretBox(factorKeyRing({ ADMIN_FACTOR_KEYS: `${k2},${k1}` }, true));
    expect(rotated.decrypt(stored, 'admin-1')).toBe('JBSWY3DPEHPK3PXP');
    expect(rotated.encrypt('x', 'admin-1')).toMatch(/^v1:k2:/);
  });

  it('says which stored values are not under the current key (the first of the ring)', () => {
    const [k1, k2] = [key('k1'), key('k2')];
    const old = new FactorSecretBox(factorKeyRing({ ADMIN_FACTOR_KEYS: k1 }, true));
    const rotated = new FactorSecretBox(factorKeyRing({ ADMIN_FACTOR_KEYS: `${k2},${k1}` }, true));
    expect(rotated.currentKeyId).toBe('k2');
    const underK1 = old.encrypt('JBSWY3DPEHPK3PXP', 'admin-1');
    expect(old.needsReEncryption(underK1)).toBe(false);
    expect(rotated.needsReEncryption(underK1)).toBe(true);
    expect(rotated.needsReEncryption(rotated.encrypt('JBSWY3DPEHPK3PXP', 'admin-1'))).toBe(false);
    // A key the ring no longer has, or a value that is not one of ours: not under the current key either.
    expect(old.needsReEncryption(rotated.encrypt('x', 'admin-1'))).toBe(true);
    expect(rotated.needsReEncryption('garbage')).toBe(true);
  });

  it('refuses to run in production without ADMIN_FACTOR_KEYS, and uses a development key otherwise', () => {
    expect(() => factorKeyRing({}, true)).toThrow(/ADMIN_FACTOR_KEYS is required in production/);
    expect(factorKeyRing({}, false)).toEqual([{ id: 'dev', key: expect.any(Buffer) }]);
    expect(() => factorKeyRing({ ADMIN_FACTOR_KEYS: `k1:${randomBytes(16).toString('base64')}` }, true)).toThrow(/not 32 bytes/);
  });
});
