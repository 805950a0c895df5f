import { afterAll, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { AUTH_MESSAGES, type SignInCodeRequestedPayload } from '@paymarket/contracts';
import { openServiceDatabase, UnitOfWork } from '@paymarket/platform';
import { createTestDatabase, type TestDatabase } from '@paymarket/platform/testing';
import { CreateBuyers1763769700000 } from '../database/migrations/1763769700000-create-buyers.js';
import { CreateSignInAndSessions1763780000000 } from '../database/migrations/1763780000000-create-sign-in-and-sessions.js';
import { CreateAccountDeletionRequests1763800000000 } from '../database/migrations/1763800000000-create-account-deletion-requests.js';
import { AdminSecondFactor1764400000000 } from '../database/migrations/1764400000000-admin-second-factor.js';
import { SessionDevices1764460000000 } from '../database/migrations/1764460000000-session-devices.js';
import { BuyerSignInCodes } from './buyer-sign-in-codes.js';
import { Clock } from './clock.js';
import { RequestSignInCodeUseCase } from './request-sign-in-code.use-case.js';
import { SessionsService } from './sessions.service.js';
import { SqlSessionsRepository } from './sessions.repository.js';
import { SqlSignedInBuyersRepository } from './signed-in-buyers.repository.js';
import { VerifySignInCodeUseCase } from './verify-sign-in-code.use-case.js';

jest.setTimeout(60_000);

class FakeClock extends Clock {
  constructor(public current = new Date('2030-01-01T10:00:00Z')) {
    super();
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

const MINUTE = 60_000;

// Real PostgreSQL, real SQL and transactions; only the clock is fake, to step past expiries.
describe('buyer sign-in codes and sessions (onboarding, real PostgreSQL)', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let clock: FakeClock;
  let requestCode: RequestSignInCodeUseCase;
  let verify: VerifySignInCodeUseCase;
  let sessions: SessionsService;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = await openServiceDatabase({
      url: database.url,
      schema: 'onboarding',
      entities: [],
      // The sessions table as the service has it: the second factor's column (ADR 0072) and the device's (ADR 0074).
      migrations: [
        CreateBuyers1763769700000,
        CreateSignInAndSessions1763780000000,
        CreateAccountDeletionRequests1763800000000,
        AdminSecondFactor1764400000000,
        SessionDevices1764460000000,
      ],
    });
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  beforeEach(() => {
    clock = new FakeClock();
    const codes = new BuyerSignInCodes(new UnitOfWork(dataSource, 'onboarding'), clock);
    const buyers = new SqlSignedInBuyersRepository(dataSource);
    sessions = new SessionsService(new SqlSessionsRepository(dataSource), clock);
    requestCode = new RequestSignInCodeUseCase(codes, buyers);
    verify = new VerifySignInCodeUseCase(codes, buyers, sessions);
  });

  async function newBuyer(): Promise<{ id: string; email: string }> {
    const buyer = { id: randomUUID(), email: `b.${randomUUID()}@example.com` };
    await dataSource.query(`INSERT INTO buyers (id, name, email) VALUES ($1, 'Ada', $2)`, [buyer.id, buyer.email]);
    return buyer;
  }

  /** The code as the email would carry it: read from the outbox event, the only place it exists in clear. */
  async function lastCodeFor(email: string): Promise<SignInCodeRequestedPayload> {
    const rows = (await dataSource.query(
      `SELECT payload FROM outbox WHERE name = 'sign_in.code_requested' AND payload->>'email' = $1 ORDER BY seq DESC LIMIT 1`,
      [email],
    )) as { payload: SignInCodeRequestedPayload }[];
    return rows[0]!.payload;
  }

  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('emails a 6-digit code that signs in once; only its hash is stored', async () => {
    const buyer = await newBuyer();
    expect(await requestCode.execute(buyer.email)).toEqual({ message: AUTH_MESSAGES.CODE_SENT });
    const event = await lastCodeFor(buyer.email);
    expect(event).toMatchObject({ registered: true, name: 'Ada', code: expect.stringMatching(/^\d{6}$/) });
    expect(event.expiresAt).toBe(new Date(clock.current.getTime() + 10 * MINUTE).toISOString());
    const stored = (await dataSource.query(`SELECT code_hash FROM sign_in_codes WHERE email = $1`, [buyer.email])) as {
      code_hash: string;
    }[];
    expect(stored[0]!.code_hash).not.toContain(event.code!);

    const session = await verify.execute({ email: buyer.email, code: event.code! });
    expect(session.buyer).toEqual({ id: buyer.id, name: 'Ada', email: buyer.email });
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await sessions.resolve('buyer', session.token)).toBe(buyer.id);

    // Reuse: the same code a second time is refused.
    await expect(verify.execute({ email: buyer.email, code: event.code! })).rejects.toMatchObject({
      code: 'unauthorized',
      message: AUTH_MESSAGES.CODE_INVALID,
    });
  });

  it('refuses a code after 10 minutes', async () => {
    const buyer = await newBuyer();
    await requestCode.execute(buyer.email);
    const { code } = await lastCodeFor(buyer.email);
    clock.advance(10 * MINUTE);
    await expect(verify.execute({ email: buyer.email, code: code! })).rejects.toMatchObject({ message: AUTH_MESSAGES.CODE_EXPIRED });
  });

  it('accepts a code just before it expires', async () => {
    const buyer = await newBuyer();
    await requestCode.execute(buyer.email);
    const { code } = await lastCodeFor(buyer.email);
    clock.advance(10 * MINUTE - 1_000);
    await expect(verify.execute({ email: buyer.email, code: code! })).resolves.toMatchObject({ buyer: { id: buyer.id } });
  });

  it('burns the code on the 5th wrong try: even the right code is refused afterwards', async () => {
    const buyer = await newBuyer();
    await requestCode.execute(buyer.email);
    const { code } = await lastCodeFor(buyer.email);
    const messages: string[] = [];
    for (let i = 0; i < 6; i++) {
      messages.push(
        await verify.execute({ email: buyer.email, code: wrong(code!) }).then(
          () => 'signed in',
          (e: Error) => e.message,
        ),
      );
    }
    expect(messages).toEqual([...Array(4).fill(AUTH_MESSAGES.CODE_INVALID), AUTH_MESSAGES.CODE_BURNED, AUTH_MESSAGES.CODE_BURNED]);
    await expect(verify.execute({ email: buyer.email, code: code! })).rejects.toMatchObject({ message: AUTH_MESSAGES.CODE_BURNED });

    // A new code (after the resend interval) works again.
    clock.advance(MINUTE);
    await requestCode.execute(buyer.email);
    const fresh = await lastCodeFor(buyer.email);
    await expect(verify.execute({ email: buyer.email, code: fresh.code! })).resolves.toMatchObject({ buyer: { id: buyer.id } });
  });

  it('throttles resends to one code a minute per email, and a new code replaces the old one', async () => {
    const buyer = await newBuyer();
    await requestCode.execute(buyer.email);
    const first = await lastCodeFor(buyer.email);
    clock.advance(30_000);
    await expect(requestCode.execute(buyer.email)).rejects.toMatchObject({
      code: 'rate_limited',
      message: AUTH_MESSAGES.RESEND_TOO_SOON,
      error: expect.objectContaining({ retryAfterSeconds: 30 }),
    });
    clock.advance(30_000);
    await requestCode.execute(buyer.email);
    const second = await lastCodeFor(buyer.email);
    if (first.code !== second.code) {
      await expect(verify.execute({ email: buyer.email, code: first.code! })).rejects.toMatchObject({
        message: AUTH_MESSAGES.CODE_INVALID,
      });
    }
    await expect(verify.execute({ email: buyer.email, code: second.code! })).resolves.toMatchObject({ buyer: { id: buyer.id } });
  });

  it('marks a code burned after five wrong tries, and an open one burned when a new code replaces it', async () => {
    const buyer = await newBuyer();
    await requestCode.execute(buyer.email);
    const { code } = await lastCodeFor(buyer.email);
    for (let i = 0; i < 5; i++) await verify.execute({ email: buyer.email, code: wrong(code!) }).catch(() => undefined);
    clock.advance(MINUTE);
    await requestCode.execute(buyer.email);
    clock.advance(MINUTE);
    await requestCode.execute(buyer.email);
    const rows = (await dataSource.query(
      `SELECT attempts, consumed_at IS NOT NULL AS consumed, burned_at IS NOT NULL AS burned FROM sign_in_codes
        WHERE email = $1 ORDER BY created_at`,
      [buyer.email],
    )) as { attempts: number; consumed: boolean; burned: boolean }[];
    // The shared OneTimeCodes marks (as the console's and payees' tables): consumed_at only for a used code.
    expect(rows).toEqual([
      { attempts: 5, consumed: false, burned: true },
      { attempts: 0, consumed: false, burned: true },
      { attempts: 0, consumed: false, burned: false },
    ]);
  });

  it('treats an unknown email exactly like a known one, with an invitation instead of a code', async () => {
    const email = `nobody.${randomUUID()}@example.com`;
    expect(await requestCode.execute(email)).toEqual({ message: AUTH_MESSAGES.CODE_SENT });
    expect(await lastCodeFor(email)).toMatchObject({ registered: false, code: null, name: null });
    await expect(requestCode.execute(email)).rejects.toMatchObject({ code: 'rate_limited' });
    const messages: string[] = [];
    for (let i = 0; i < 6; i++) messages.push((await verify.execute({ email, code: '123456' }).catch((e: Error) => e.message)) as string);
    expect(messages).toEqual([...Array(4).fill(AUTH_MESSAGES.CODE_INVALID), AUTH_MESSAGES.CODE_BURNED, AUTH_MESSAGES.CODE_BURNED]);
  });

  describe('sessions', () => {
    async function signedIn(): Promise<{ token: string; buyerId: string }> {
      const buyer = await newBuyer();
      await requestCode.execute(buyer.email);
      const { code } = await lastCodeFor(buyer.email);
      const { token } = await verify.execute({ email: buyer.email, code: code! });
      return { token, buyerId: buyer.id };
    }

    it('expire after 24 hours idle, and each use slides the idle expiry', async () => {
      const { token, buyerId } = await signedIn();
      clock.advance(23 * 60 * MINUTE);
      expect(await sessions.resolve('buyer', token)).toBe(buyerId);
      clock.advance(23 * 60 * MINUTE);
      expect(await sessions.resolve('buyer', token)).toBe(buyerId);
      clock.advance(24 * 60 * MINUTE);
      expect(await sessions.resolve('buyer', token)).toBeUndefined();
    });

    it('expire 7 days after sign-in however active', async () => {
      const { token, buyerId } = await signedIn();
      for (let day = 1; day < 7; day++) {
        clock.advance(20 * 60 * MINUTE);
        expect(await sessions.resolve('buyer', token)).toBe(buyerId);
      }
      clock.advance(7 * 24 * 60 * MINUTE - 6 * 20 * 60 * MINUTE);
      expect(await sessions.resolve('buyer', token)).toBeUndefined();
    });

    it('end at sign-out (revoked server-side) and are never an admin session', async () => {
      const { token, buyerId } = await signedIn();
      expect(await sessions.resolve('admin', token)).toBeUndefined();
      expect(await sessions.resolve('buyer', token)).toBe(buyerId);
      expect(await sessions.end('buyer', token)).toBe(true);
      expect(await sessions.resolve('buyer', token)).toBeUndefined();
      expect(await sessions.end('buyer', token)).toBe(false);
    });

    it('rotate at sign-in: a new id each time, and the previous session of the browser ends', async () => {
      const buyer = await newBuyer();
      await requestCode.execute(buyer.email);
      const first = await verify.execute({ email: buyer.email, code: (await lastCodeFor(buyer.email)).code! });
      clock.advance(MINUTE);
      await requestCode.execute(buyer.email);
      const second = await verify.execute({ email: buyer.email, code: (await lastCodeFor(buyer.email)).code!, previousToken: first.token });
      expect(second.token).not.toBe(first.token);
      expect(await sessions.resolve('buyer', first.token)).toBeUndefined();
      expect(await sessions.resolve('buyer', second.token)).toBe(buyer.id);
    });

    it('refuse forged tokens without a lookup hit', async () => {
      expect(await sessions.resolve('buyer', 'x'.repeat(43))).toBeUndefined();
      expect(await sessions.resolve('buyer', 'not a token')).toBeUndefined();
      expect(await sessions.resolve('buyer', undefined)).toBeUndefined();
    });

    // ADR 0074, the SQL itself: the touch throttle is in the UPDATE, and the subject is in every WHERE.
    it("write last seen at most once a minute, list a subject's live sessions, and end only the subject's", async () => {
      const repository = new SqlSessionsRepository(dataSource);
      const subject = randomUUID();
      const first = await sessions.start('admin', subject, undefined, 'verified', { userAgent: 'curl/8.5.0', ip: '192.0.2.1' });
      clock.advance(MINUTE);
      const second = await sessions.start('admin', subject, undefined, 'verified', { userAgent: null, ip: null });
      const stranger = await sessions.start('admin', randomUUID(), undefined, 'verified');
      const hashOf = async (token: string) => (await sessions.inspect('admin', token))!.idHash;
      const firstHash = await hashOf(first.token);

      const seen = clock.now();
      expect(await repository.touch(await hashOf(second.token), seen, seen, MINUTE)).toBe(false);
      const later = new Date(seen.getTime() + MINUTE);
      expect(await repository.touch(await hashOf(second.token), later, later, MINUTE)).toBe(true);
      expect(await repository.touch(await hashOf(second.token), later, later, MINUTE)).toBe(false);

      const listed = await repository.listLive('admin', subject, clock.now());
      expect(listed.map((r) => ({ device: r.device, ip: r.ip }))).toEqual([
        { device: 'Unknown device', ip: null },
        { device: 'curl', ip: '192.0.2.1' },
      ]);
      const strangerId = (await repository.listLive('admin', (await sessions.inspect('admin', stranger.token))!.subjectId, clock.now()))[0]!
        .id;
      expect(await repository.revokeById('admin', subject, strangerId, clock.now())).toBeUndefined();
      expect(await sessions.resolve('admin', stranger.token)).toBeDefined();

      expect(await repository.revokeAllExcept('admin', subject, firstHash, clock.now())).toBe(1);
      expect(await sessions.resolve('admin', second.token)).toBeUndefined();
      expect(await repository.revokeById('admin', subject, listed[1]!.id, clock.now())).toBe(firstHash);
      expect(await repository.listLive('admin', subject, clock.now())).toEqual([]);
    });
  });
});
