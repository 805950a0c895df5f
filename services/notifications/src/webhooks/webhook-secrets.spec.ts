import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { Webhook } from 'standardwebhooks';
import { keyRing, WebhookSecretBox } from './webhook-secret-box.js';
import { WebhookSecrets } from './webhook-secrets.js';
import { standardWebhookHeaders, type SigningSecrets } from './webhook-signature.js';
import type { StoredSecrets, WebhooksRepository } from './webhooks.repository.js';

const COMPANY = randomUUID();
const key = (id: string) => `${id}:${randomBytes(32).toString('base64')}`;
const boxOf = (keys: string) => new WebhookSecretBox(keyRing({ WEBHOOK_SECRET_KEYS: keys }, true));

/** The endpoints' secret columns, in memory, with the repository's compare-and-set semantics. */
class InMemorySecrets {
  readonly rows = new Map<string, StoredSecrets & { companyId: string }>();

  add(id: string, ciphertext: string | null): void {
    this.rows.set(id, { companyId: COMPANY, ciphertext, previousCiphertext: null, previousExpiresAt: null });
  }

  repository(): WebhooksRepository {
    const same = (a: StoredSecrets, b: StoredSecrets) =>
      a.ciphertext === b.ciphertext &&
      a.previousCiphertext === b.previousCiphertext &&
      (a.previousExpiresAt?.getTime() ?? null) === (b.previousExpiresAt?.getTime() ?? null);
    const copy = ({ ciphertext, previousCiphertext, previousExpiresAt }: StoredSecrets): StoredSecrets => ({
      ciphertext,
      previousCiphertext,
      previousExpiresAt,
    });
    const fake: Partial<WebhooksRepository> = {
      secretsOf: async (companyId, id) => {
        const row = this.rows.get(id);
        return row && row.companyId === companyId ? copy(row) : null;
      },
      storeSecrets: async (id, secrets) => {
        this.rows.set(id, { ...this.rows.get(id)!, ...copy(secrets) });
      },
      storeFirstSecret: async (id, ciphertext) => {
        const row = this.rows.get(id)!;
        row.ciphertext ??= ciphertext;
        return row.ciphertext;
      },
      replaceSecrets: async (id, expected, next) => {
        const row = this.rows.get(id)!;
        if (!same(row, expected)) return false;
        this.rows.set(id, { ...row, ...copy(next) });
        return true;
      },
      secretsNeedingUpkeep: async (currentKeyId, afterId, limit) =>
        [...this.rows.entries()]
          .filter(([id]) => afterId === null || id > afterId)
          .filter(
            ([, r]) =>
              r.ciphertext === null ||
              r.ciphertext.split(':')[1] !== currentKeyId ||
              (r.previousCiphertext !== null &&
                (r.previousExpiresAt === null ||
                  r.previousExpiresAt.getTime() <= Date.now() ||
                  r.previousCiphertext.split(':')[1] !== currentKeyId)),
          )
          .sort(([a], [b]) => a.localeCompare(b))
          .slice(0, limit)
          .map(([id, r]) => ({ id, secrets: copy(r) })),
    };
    return fake as WebhooksRepository;
  }
}

/** What a receiver holding `secret` concludes about a delivery signed with `signing`. */
const verifies = (secret: string, signing: SigningSecrets): boolean => {
  const body = '{"type":"webhook.test","timestamp":"2026-11-25T10:00:00.000Z","data":{}}';
  const headers = standardWebhookHeaders('evt_1', body, signing, new Date());
  try {
    new Webhook(secret).verify(body, headers);
    return true;
  } catch {
    return false;
  }
};

describe(WebhookSecrets.name, () => {
  const setup = (keys = key('k1')) => {
    const store = new InMemorySecrets();
    const box = boxOf(keys);
    return { store, box, sut: new WebhookSecrets(store.repository(), box) };
  };
  const newEndpoint = (store: InMemorySecrets, sut: WebhookSecrets) => {
    const id = randomUUID();
    const { secret, ciphertext } = sut.create(id);
    store.add(id, ciphertext);
    return { id, secret };
  };

  it('creates a secret stored only encrypted, and reveals it to its company only', async () => {
    const { store, sut } = setup();
    const { id, secret } = newEndpoint(store, sut);
    expect(secret).toMatch(/^whsec_/);
    expect(store.rows.get(id)!.ciphertext).not.toContain(secret.slice(6));
    expect(await sut.reveal(COMPANY, id)).toBe(secret);
    expect(await sut.reveal(randomUUID(), id)).toBeNull();
    expect(await sut.roll(randomUUID(), id, 24)).toBeNull();
    expect(await sut.reveal(COMPANY, id)).toBe(secret);
  });

  it('signs with both secrets during a roll’s overlap, and only with the new one once it expires', async () => {
    const { store, sut } = setup();
    const { id, secret: old } = newEndpoint(store, sut);
    const fresh = (await sut.roll(COMPANY, id, 24))!.secret;
    expect(fresh).not.toBe(old);
    expect(await sut.reveal(COMPANY, id)).toBe(fresh);
    const during = await sut.signingSecrets(id, store.rows.get(id)!);
    expect(verifies(old, during)).toBe(true);
    expect(verifies(fresh, during)).toBe(true);

    store.rows.get(id)!.previousExpiresAt = new Date(Date.now() - 1);
    const after = await sut.signingSecrets(id, store.rows.get(id)!);
    expect(verifies(fresh, after)).toBe(true);
    expect(verifies(old, after)).toBe(false);
  });

  it('stops signing with the previous secret at once when rolled with expiresInHours 0', async () => {
    const { store, sut } = setup();
    const { id, secret: old } = newEndpoint(store, sut);
    const fresh = (await sut.roll(COMPANY, id, 0))!.secret;
    expect(store.rows.get(id)).toMatchObject({ previousCiphertext: null, previousExpiresAt: null });
    const signing = await sut.signingSecrets(id, store.rows.get(id)!);
    expect(verifies(fresh, signing)).toBe(true);
    expect(verifies(old, signing)).toBe(false);
  });

  it('gives an endpoint older than secrets one the first time it is needed; the first one stored wins', async () => {
    const { store, sut } = setup();
    const id = randomUUID();
    store.add(id, null);
    const [a, b] = await Promise.all([sut.reveal(COMPANY, id), sut.reveal(COMPANY, id)]);
    expect(a).toMatch(/^whsec_/);
    expect(b).toBe(a);
    expect(await sut.reveal(COMPANY, id)).toBe(a);
  });

  it('upkeep: secrets for endpoints without one, re-encryption under a new first key (so the old can go), expired previous erased', async () => {
    const oldKey = key('old');
    const before = setup(oldKey);
    const rolled = newEndpoint(before.store, before.sut);
    const previous = rolled.secret;
    const current = (await before.sut.roll(COMPANY, rolled.id, 24))!.secret;
    const expired = newEndpoint(before.store, before.sut);
    const expiredCurrent = (await before.sut.roll(COMPANY, expired.id, 24))!.secret;
    before.store.rows.get(expired.id)!.previousExpiresAt = new Date(Date.now() - 1000);
    const legacy = randomUUID();
    before.store.add(legacy, null);

    // The operator puts a new key first; the old one still decrypts.
    const newKey = key('new');
    const sut = new WebhookSecrets(before.store.repository(), boxOf(`${newKey},${oldKey}`));
    expect(await sut.upkeep(2)).toEqual({ created: 1, reEncrypted: 2, unreadable: 0 });
    for (const row of before.store.rows.values()) {
      expect(row.ciphertext!.split(':')[1]).toBe('new');
      if (row.previousCiphertext) expect(row.previousCiphertext.split(':')[1]).toBe('new');
    }
    expect(before.store.rows.get(expired.id)).toMatchObject({ previousCiphertext: null, previousExpiresAt: null });
    // Nothing left to do: a second run changes nothing.
    expect(await sut.upkeep(2)).toEqual({ created: 0, reEncrypted: 0, unreadable: 0 });

    // The old key dropped: every secret still reads, and the roll's overlap still signs with both.
    const after = new WebhookSecrets(before.store.repository(), boxOf(newKey));
    expect(await after.reveal(COMPANY, rolled.id)).toBe(current);
    expect(await after.reveal(COMPANY, expired.id)).toBe(expiredCurrent);
    expect(await after.reveal(COMPANY, legacy)).toMatch(/^whsec_/);
    const signing = await after.signingSecrets(rolled.id, before.store.rows.get(rolled.id)!);
    expect(verifies(previous, signing)).toBe(true);
    expect(verifies(current, signing)).toBe(true);
  });

  it('upkeep leaves a value it cannot decrypt as it is (key dropped too early) and counts it', async () => {
    const oldKey = key('old');
    const { store, sut: before } = setup(oldKey);
    const { id } = newEndpoint(store, before);
    const stored = store.rows.get(id)!.ciphertext;
    const sut = new WebhookSecrets(store.repository(), boxOf(key('new')));
    expect(await sut.upkeep()).toEqual({ created: 0, reEncrypted: 0, unreadable: 1 });
    expect(store.rows.get(id)!.ciphertext).toBe(stored);
  });

  it('re-encrypting on read never undoes a roll made meanwhile', async () => {
    const oldKey = key('old');
    const { store, sut: before } = setup(oldKey);
    const { id } = newEndpoint(store, before);
    const stale = { ...store.rows.get(id)! };
    const sut = new WebhookSecrets(store.repository(), boxOf(`${key('new')},${oldKey}`));
    const rolled = (await sut.roll(COMPANY, id, 0))!.secret;
    // A delivery claimed before the roll signs with what it read, and must not write the old secret back.
    await sut.signingSecrets(id, stale);
    expect(await sut.reveal(COMPANY, id)).toBe(rolled);
  });
});
