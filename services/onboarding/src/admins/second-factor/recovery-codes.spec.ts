import { describe, expect, it } from '@jest/globals';
import { hashRecoveryCode, newRecoveryCodes, normaliseRecoveryCode } from './recovery-codes.js';

describe(newRecoveryCodes.name, () => {
  it('makes 10 distinct codes of 12 base32 characters, hashed the same however they are typed back', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{6}-[a-z2-7]{6}$/);
    const [code] = codes as [string];
    expect(normaliseRecoveryCode(` ${code.toUpperCase().replace('-', ' ')} `)).toBe(code.replace('-', ''));
    expect(hashRecoveryCode(code.toUpperCase())).toBe(hashRecoveryCode(code));
    expect(hashRecoveryCode(code)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRecoveryCode(code)).not.toContain(code.replace('-', ''));
  });
});
