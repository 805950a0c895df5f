import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { factorKeyRing, FactorSecretBox } from './factor-secret-box.js';
import { FactorSecretMaintenance, FactorSecretUpkeep } from './factor-secret-upkeep.js';
import type { SecondFactorRepository, StoredTotpSecrets } from './second-factor.repository.js';

const [A, B, C] = ['A', 'B', 'C'].map((id) => `${id}:${randomBytes(32).toString('base64')}`) as [string, string, string];
const boxOf = (ring: string) => new FactorSecretBox(factorKeyRing({ ADMIN_FACTOR_KEYS: ring }, true));

/** admin_totp in memory: the two methods the upkeep uses, with the SQL's selection, order and compare-and-set. */
class MemoryTotp implements Pick<SecondFactorRepository, 'totpSecretsNotUnder' | 'replaceTotpSecrets'> {
  rows = new Map<string, StoredTotpSecrets>();
  pages: Array<string | null> = [];
  /** Runs before a compare-and-set: what another replica or an enrolment does in between. */
  meanwhile?: (adminId: string) => void;

  async totpSecretsNotUnder(currentKeyId: string, afterAdminId: string | null, limit: number) {
    this.pages.push(afterAdminId);
    const other = (value: string | null) => value !== null && value.split(':')[1] !== currentKeyId;
    return [...this.rows]
      .sort(([a], [b]) => a.localeCompare(b))
      .filter(([id, r]) => (afterAdminId === null || id > afterAdminId) && (other(r.secretEncrypted) || other(r.pendingSecretEncrypted)))
      .slice(0, limit)
      .map(([adminId, r]) => ({ adminId, ...r }));
  }

  async replaceTotpSecrets(adminId: string, expected: StoredTotpSecrets, next: StoredTotpSecrets) {
    this.meanwhile?.(adminId);
    const row = this.rows.get(adminId);
    if (!row || row.secretEncrypted !== expected.secretEncrypted || row.pendingSecretEncrypted !== expected.pendingSecretEncrypted) {
      return false;
    }
    this.rows.set(adminId, { ...next });
    return true;
  }
}

const upkeepOf = (repository: MemoryTotp, box: FactorSecretBox) =>
  new FactorSecretUpkeep(repository as unknown as SecondFactorRepository, box);

describe(FactorSecretUpkeep.name, () => {
  it('re-encrypts confirmed and pending secrets under the current key, in batches, and counts what it could not read', async () => {
    const underA = boxOf(A);
    const underB = boxOf(B);
    const rotated = boxOf(`${B},${A}`);
    const repository = new MemoryTotp();
    const enc = (box: FactorSecretBox, secret: string, adminId: string) => box.encrypt(secret, adminId);
    // admin-1: confirmed under A. admin-2: a first enrolment (one value in both columns). admin-3: confirmed under B,
    // re-enrolling under A. admin-4: under a key the ring lost. admin-5: tampered with. admin-6: already under B.
    const firstEnrolment = enc(underA, 'SECRET2', 'admin-2');
    const tampered = enc(underA, 'SECRET5', 'admin-5').replace(/:([^:]*)$/, (_, c: string) => `:${c[0] === 'A' ? 'B' : 'A'}${c.slice(1)}`);
    const before: Record<string, StoredTotpSecrets> = {
      'admin-1': { secretEncrypted: enc(underA, 'SECRET1', 'admin-1'), pendingSecretEncrypted: null },
      'admin-2': { secretEncrypted: firstEnrolment, pendingSecretEncrypted: firstEnrolment },
      'admin-3': { secretEncrypted: enc(underB, 'SECRET3', 'admin-3'), pendingSecretEncrypted: enc(underA, 'NEXT3', 'admin-3') },
      'admin-4': { secretEncrypted: enc(boxOf(C), 'SECRET4', 'admin-4'), pendingSecretEncrypted: null },
      'admin-5': { secretEncrypted: tampered, pendingSecretEncrypted: null },
      'admin-6': { secretEncrypted: enc(underB, 'SECRET6', 'admin-6'), pendingSecretEncrypted: null },
    };
    for (const [id, row] of Object.entries(before)) repository.rows.set(id, { ...row });

    expect(await upkeepOf(repository, rotated).upkeep(2)).toEqual({ reEncrypted: 3, unreadable: 2 });
    // Keyset pages of 2 over the five rows to do; unreadable rows do not hold the next page back.
    expect(repository.pages).toEqual([null, 'admin-2', 'admin-4']);

    const after = (id: string) => repository.rows.get(id)!;
    expect(after('admin-1').secretEncrypted).toMatch(/^v1:B:/);
    expect(underB.decrypt(after('admin-1').secretEncrypted, 'admin-1')).toBe('SECRET1');
    expect(after('admin-1').pendingSecretEncrypted).toBeNull();
    expect(after('admin-2').secretEncrypted).toMatch(/^v1:B:/);
    expect(after('admin-2').pendingSecretEncrypted).toBe(after('admin-2').secretEncrypted);
    expect(underB.decrypt(after('admin-2').secretEncrypted, 'admin-2')).toBe('SECRET2');
    // Only what needed it changes: admin-3's confirmed secret stays the very same value.
    expect(after('admin-3').secretEncrypted).toBe(before['admin-3']!.secretEncrypted);
    expect(underB.decrypt(after('admin-3').pendingSecretEncrypted!, 'admin-3')).toBe('NEXT3');
    for (const id of ['admin-4', 'admin-5', 'admin-6']) expect(after(id)).toEqual(before[id]);

    // Again: nothing left to re-encrypt, the unreadable rows are counted again (until an operator resets them).
    expect(await upkeepOf(repository, rotated).upkeep(2)).toEqual({ reEncrypted: 0, unreadable: 2 });
  });

  it('leaves a row that changed after it was read to whoever changed it (compare-and-set)', async () => {
    const underA = boxOf(A);
    const rotated = boxOf(`${B},${A}`);
    const repository = new MemoryTotp();
    const confirmed = underA.encrypt('SECRET1', 'admin-1');
    repository.rows.set('admin-1', { secretEncrypted: confirmed, pendingSecretEncrypted: null });
    repository.rows.set('admin-2', { secretEncrypted: underA.encrypt('SECRET2', 'admin-2'), pendingSecretEncrypted: null });
    // admin-1 starts re-enrolling (with a replica still on the old ring) while the upkeep works on it.
    const reEnrolling = underA.encrypt('NEW1', 'admin-1');
    repository.meanwhile = (adminId) => {
      if (adminId === 'admin-1') repository.rows.set('admin-1', { secretEncrypted: confirmed, pendingSecretEncrypted: reEnrolling });
    };

    expect(await upkeepOf(repository, rotated).upkeep()).toEqual({ reEncrypted: 1, unreadable: 0 });
    expect(repository.rows.get('admin-1')).toEqual({ secretEncrypted: confirmed, pendingSecretEncrypted: reEnrolling });
    expect(repository.rows.get('admin-2')!.secretEncrypted).toMatch(/^v1:B:/);

    // The next start moves it.
    repository.meanwhile = undefined;
    expect(await upkeepOf(repository, rotated).upkeep()).toEqual({ reEncrypted: 1, unreadable: 0 });
    expect(rotated.decrypt(repository.rows.get('admin-1')!.pendingSecretEncrypted!, 'admin-1')).toBe('NEW1');
  });
});

describe(FactorSecretMaintenance.name, () => {
  it('runs the upkeep once in the background at start, and waits for it before shutting down', async () => {
    let finish!: () => void;
    let calls = 0;
    const upkeep = {
      upkeep: () => {
        calls++;
        return new Promise<{ reEncrypted: number; unreadable: number }>((resolve) => {
          finish = () => resolve({ reEncrypted: 1, unreadable: 0 });
        });
      },
    } as unknown as FactorSecretUpkeep;
    const maintenance = new FactorSecretMaintenance(upkeep, boxOf(A));
    expect(maintenance.onApplicationBootstrap()).toBeUndefined();
    // A Nest microservice calls the hook a second time (registerModules): still one upkeep.
    maintenance.onApplicationBootstrap();
    expect(calls).toBe(1);
    let shutDown = false;
    const shutdown = maintenance.beforeApplicationShutdown().then(() => (shutDown = true));
    await Promise.resolve();
    expect(shutDown).toBe(false);
    finish();
    await shutdown;
    expect(shutDown).toBe(true);
  });

  it('logs a failed upkeep and does not throw (the next start tries again)', async () => {
    const upkeep = { upkeep: () => Promise.reject(new Error('database unavailable')) } as unknown as FactorSecretUpkeep;
    const maintenance = new FactorSecretMaintenance(upkeep, boxOf(A));
    await expect(maintenance.run()).resolves.toBeUndefined();
    maintenance.onApplicationBootstrap();
    await expect(maintenance.beforeApplicationShutdown()).resolves.toBeUndefined();
  });
});
