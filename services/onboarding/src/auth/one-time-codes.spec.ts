import { describe, expect, it } from '@jest/globals';
import { AUTH_MESSAGES, SIGN_IN_CODE, type EventMap, type EventName } from '@paymarket/contracts';
import { ServiceError, type Transaction, type UnitOfWork } from '@paymarket/platform';
import type { EntityManager } from 'typeorm';
import { Clock } from './clock.js';
import { OneTimeCodes, OneTimeCodeStore, type OneTimeCodeRow } from './one-time-codes.js';

class FakeClock extends Clock {
  current = new Date('2026-11-25T12:00:00Z');
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

class InMemoryCodes extends OneTimeCodeStore {
  rows: OneTimeCodeRow[] = [];
  locks: string[] = [];
  async lockEmail(_tx: Transaction, email: string): Promise<void> {
    this.locks.push(email);
  }
  async latest(_tx: Transaction, email: string): Promise<OneTimeCodeRow | undefined> {
    return this.rows.filter((r) => r.email === email).at(-1);
  }
  async retireOpen(_tx: Transaction, email: string, at: Date): Promise<void> {
    for (const r of this.rows) if (r.email === email && !r.consumedAt && !r.burnedAt) r.burnedAt = at;
  }
  async insert(_tx: Transaction, row: Omit<OneTimeCodeRow, 'attempts' | 'consumedAt' | 'burnedAt'>): Promise<void> {
    this.rows.push({ ...row, attempts: 0, consumedAt: null, burnedAt: null });
  }
  async recordWrongTry(_tx: Transaction, id: string, attempts: number, burnedAt: Date | null): Promise<void> {
    Object.assign(
      this.rows.find((r) => r.id === id)!,
      { attempts, burnedAt },
    );
  }
  async consume(_tx: Transaction, id: string, at: Date): Promise<void> {
    this.rows.find((r) => r.id === id)!.consumedAt = at;
  }
}

function setup() {
  const store = new InMemoryCodes();
  const clock = new FakeClock();
  const published: Array<{ name: EventName; data: unknown }> = [];
  const uow = {
    run: async <T>(work: (tx: Transaction) => Promise<T>): Promise<T> =>
      work({
        manager: {} as EntityManager,
        publish: async <N extends EventName>(name: N, data: EventMap[N]) => {
          published.push({ name, data });
          return { id: 'e1', name, data, occurredAt: '', producer: 'onboarding', correlationId: 'c' };
        },
      }),
  } as unknown as UnitOfWork;
  const sent: string[] = [];
  // A recipient that "emails" the code by remembering it, as the console and payee flows publish an event.
  const known = (subjectId: string) => async () => ({
    subjectId,
    announce: async (_tx: Transaction, code: string) => {
      sent.push(code);
    },
  });
  return { sut: new OneTimeCodes(store, uow, clock), store, clock, sent, known, published };
}

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ServiceError) return { code: err.code, message: err.message };
    throw err;
  }
  throw new Error('expected a refusal');
}

describe(OneTimeCodes.name, () => {
  it('emails a code to a known email, stores only its hash under the lock, and signs the subject in once', async () => {
    const { sut, store, sent, known } = setup();
    await sut.request('pat@example.com', known('pat@example.com'));
    expect(store.locks).toEqual(['pat@example.com']);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^\d{6}$/);
    expect(store.rows[0]!.codeHash).not.toContain(sent[0]);
    expect(await sut.verify('pat@example.com', sent[0]!)).toBe('pat@example.com');
    // Single use.
    expect(await refusal(sut.verify('pat@example.com', sent[0]!))).toEqual({ code: 'unauthorized', message: AUTH_MESSAGES.CODE_INVALID });
  });

  it('stores a code for an unknown email without announcing it, and no code ever matches it', async () => {
    const { sut, store, sent } = setup();
    await sut.request('nobody@example.com', async () => undefined);
    expect(sent).toEqual([]);
    expect(store.rows[0]).toMatchObject({ email: 'nobody@example.com', subjectId: null });
    expect(await refusal(sut.verify('nobody@example.com', '123456'))).toMatchObject({ message: AUTH_MESSAGES.CODE_INVALID });
    expect(store.rows[0]!.attempts).toBe(1);
  });

  it('announces an unknown email through announceUnknown without the code, and never a known one through it', async () => {
    const { sut, store, sent, clock, known } = setup();
    const unknown: Array<{ email: string; expiresAt: Date }> = [];
    const announceUnknown = (email: string) => async (_tx: Transaction, expiresAt: Date) => {
      unknown.push({ email, expiresAt });
    };
    await sut.request('nobody@example.com', async () => undefined, announceUnknown('nobody@example.com'));
    await sut.request('pat@example.com', known('pat@example.com'), announceUnknown('pat@example.com'));
    expect(unknown).toEqual([{ email: 'nobody@example.com', expiresAt: new Date(clock.current.getTime() + SIGN_IN_CODE.TTL_MS) }]);
    expect(sent).toHaveLength(1);
    // The unknown email's row is written like a known one's, and still never matches.
    expect(store.rows.map((r) => r.subjectId)).toEqual([null, 'pat@example.com']);
    expect(await refusal(sut.verify('nobody@example.com', sent[0]!))).toMatchObject({ message: AUTH_MESSAGES.CODE_INVALID });
  });

  it('refuses a second request within the resend interval, then retires the open code for a new one', async () => {
    const { sut, store, sent, clock, known } = setup();
    await sut.request('pat@example.com', known('pat@example.com'));
    expect(await refusal(sut.request('pat@example.com', known('pat@example.com')))).toMatchObject({
      code: 'rate_limited',
      message: AUTH_MESSAGES.RESEND_TOO_SOON,
    });
    clock.advance(SIGN_IN_CODE.RESEND_INTERVAL_MS);
    await sut.request('pat@example.com', known('pat@example.com'));
    expect(store.rows.map((r) => r.burnedAt !== null)).toEqual([true, false]);
    expect(await sut.verify('pat@example.com', sent[1]!)).toBe('pat@example.com');
  });

  it('burns the code after the fifth wrong try, even for the right code after that', async () => {
    const { sut, sent, known } = setup();
    await sut.request('pat@example.com', known('pat@example.com'));
    const wrong = sent[0] === '000000' ? '111111' : '000000';
    for (let i = 1; i < SIGN_IN_CODE.MAX_ATTEMPTS; i++) {
      expect(await refusal(sut.verify('pat@example.com', wrong))).toMatchObject({ message: AUTH_MESSAGES.CODE_INVALID });
    }
    expect(await refusal(sut.verify('pat@example.com', wrong))).toMatchObject({ message: AUTH_MESSAGES.CODE_BURNED });
    expect(await refusal(sut.verify('pat@example.com', sent[0]!))).toMatchObject({ message: AUTH_MESSAGES.CODE_BURNED });
  });

  it('refuses an expired code and an email that never asked', async () => {
    const { sut, sent, clock, known } = setup();
    await sut.request('pat@example.com', known('pat@example.com'));
    clock.advance(SIGN_IN_CODE.TTL_MS);
    expect(await refusal(sut.verify('pat@example.com', sent[0]!))).toMatchObject({ message: AUTH_MESSAGES.CODE_EXPIRED });
    expect(await refusal(sut.verify('other@example.com', sent[0]!))).toMatchObject({ message: AUTH_MESSAGES.CODE_INVALID });
  });

  it('hands every refusal, and only refusals, to `refused` in the transaction that counts the wrong try', async () => {
    const { sut, store, sent, clock, known } = setup();
    const refusals: Array<{ message: string; attempts: number }> = [];
    const refused = async (_tx: Transaction, message: string) => {
      // Called before the transaction commits: the wrong try is already counted in it.
      refusals.push({ message, attempts: store.rows[0]?.attempts ?? 0 });
    };
    expect(await refusal(sut.verify('pat@example.com', '123456', refused))).toMatchObject({ message: AUTH_MESSAGES.CODE_INVALID });
    await sut.request('pat@example.com', known('pat@example.com'));
    const wrong = sent[0] === '000000' ? '111111' : '000000';
    for (let i = 0; i < SIGN_IN_CODE.MAX_ATTEMPTS + 1; i++) await refusal(sut.verify('pat@example.com', wrong, refused));
    clock.advance(SIGN_IN_CODE.RESEND_INTERVAL_MS);
    await sut.request('pat@example.com', known('pat@example.com'));
    expect(await sut.verify('pat@example.com', sent[1]!, refused)).toBe('pat@example.com');
    expect(refusals).toEqual([
      { message: AUTH_MESSAGES.CODE_INVALID, attempts: 0 },
      ...[1, 2, 3, 4].map((attempts) => ({ message: AUTH_MESSAGES.CODE_INVALID, attempts })),
      { message: AUTH_MESSAGES.CODE_BURNED, attempts: 5 },
      { message: AUTH_MESSAGES.CODE_BURNED, attempts: 5 },
    ]);
  });
});
