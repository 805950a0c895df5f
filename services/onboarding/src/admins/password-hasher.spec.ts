import { describe, expect, it } from '@jest/globals';
import { hashPassword, SCRYPT_PARAMS, verifyPassword } from './password-hasher.js';

describe(hashPassword.name, () => {
  it('hashes with scrypt at the recorded cost and a fresh salt, and verifies only the right password', async () => {
    const a = await hashPassword('correct horse battery staple');
    const b = await hashPassword('correct horse battery staple');
    expect(a).toMatch(new RegExp(`^scrypt\\$${SCRYPT_PARAMS.N}\\$8\\$1\\$`));
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse battery staple', a)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', a)).toBe(false);
  });

  it('verifies hashes made with other parameters (they travel with the hash) and refuses malformed ones', async () => {
    const cheap = await hashPassword('a password of 12+', { N: 1024, r: 8, p: 1 });
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('a password of 12+', cheap)).toBe(true);
    for (const bad of ['', 'plain', 'bcrypt$1$2$3$4$5', 'scrypt$x$8$1$AA$AA']) expect(await verifyPassword('x', bad)).toBe(false);
  });
});
