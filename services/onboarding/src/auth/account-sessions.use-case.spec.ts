import { describe, expect, it } from '@jest/globals';
import { AUTH_MESSAGES, type AuditContext } from '@paymarket/contracts';
import { ServiceError } from '@paymarket/platform';
import { AccountSessionsUseCase } from './account-sessions.use-case.js';
import { Clock } from './clock.js';
import { MemoryAuditTrail } from './memory-audit-trail.testing.js';
import { MemorySessionsRepository } from './memory-sessions.testing.js';
import { SESSION_TOUCH_INTERVAL_MS } from './session-policy.js';
import { SessionsService } from './sessions.service.js';

class FakeClock extends Clock {
  constructor(public time = new Date('2026-12-01T12:00:00Z')) {
    super();
  }
  now(): Date {
    return new Date(this.time);
  }
  advance(ms: number): void {
    this.time = new Date(this.time.getTime() + ms);
  }
}

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0';
const ALICE = '2b1c4a52-1d0e-4c53-9f1e-9a8c7e5b0a01';
const BOB = '5f3d2e1c-7b6a-4f8e-8d9c-0b1a2c3d4e5f';
/** Who asks, as the gateway says it (ADR 0075). */
const AUDIT: AuditContext = { actor: { type: 'admin', id: ALICE, label: 'alice@example.com' }, ip: '203.0.113.7', userAgent: CHROME_LINUX };

function setup() {
  const clock = new FakeClock();
  const rows = new MemorySessionsRepository();
  const sessions = new SessionsService(rows, clock);
  const trail = new MemoryAuditTrail();
  const sut = new AccountSessionsUseCase(sessions, trail);
  /** A fully signed-in admin session started from `userAgent`, a minute after the previous one. */
  const adminSignIn = async (subject: string, userAgent = CHROME_LINUX, ip = '203.0.113.7') => {
    clock.advance(60_000);
    return (await sessions.start('admin', subject, undefined, 'verified', { userAgent, ip })).token;
  };
  return { clock, rows, sessions, sut, trail, adminSignIn };
}

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return { code: (error as ServiceError).code, message: (error as ServiceError).message };
};

describe(AccountSessionsUseCase.name, () => {
  it("lists only the caller's own live sessions, newest first, with device, IP and which one is current", async () => {
    const { sut, sessions, adminSignIn } = setup();
    const laptop = await adminSignIn(ALICE, CHROME_LINUX, '203.0.113.7');
    const phone = await adminSignIn(ALICE, FIREFOX_ANDROID, '198.51.100.20');
    await adminSignIn(BOB);
    const ended = await adminSignIn(ALICE);
    await sessions.end('admin', ended);

    const { sessions: listed } = await sut.list('admin', laptop);

    expect(listed.map(({ device, ip, current }) => ({ device, ip, current }))).toEqual([
      { device: 'Firefox on Android', ip: '198.51.100.20', current: false },
      { device: 'Chrome on Linux', ip: '203.0.113.7', current: true },
    ]);
    expect(listed[0]!.createdAt > listed[1]!.createdAt).toBe(true);
    expect((await sut.list('admin', phone)).sessions.map((s) => s.current)).toEqual([true, false]);
  });

  it("answers not_found for another subject's session id, exactly as for an unknown one, and ends nothing", async () => {
    const { sut, sessions, trail, adminSignIn } = setup();
    const alice = await adminSignIn(ALICE);
    const bob = await adminSignIn(BOB);
    const bobsId = (await sut.list('admin', bob)).sessions[0]!.id;

    expect(await refusal(sut.end('admin', alice, bobsId, AUDIT))).toEqual({ code: 'not_found', message: AUTH_MESSAGES.SESSION_NOT_FOUND });
    expect(await refusal(sut.end('admin', alice, '00000000-0000-4000-8000-000000000000', AUDIT))).toEqual({
      code: 'not_found',
      message: AUTH_MESSAGES.SESSION_NOT_FOUND,
    });
    expect(await sessions.resolve('admin', bob)).toBe(BOB);
    expect(trail.rows).toEqual([]);
  });

  it('ends one of the caller\'s other sessions; ending the current one says "signed out"', async () => {
    const { sut, sessions, trail, adminSignIn } = setup();
    const laptop = await adminSignIn(ALICE);
    const phone = await adminSignIn(ALICE, FIREFOX_ANDROID);
    const [phoneRow, laptopRow] = (await sut.list('admin', laptop)).sessions;

    expect(await sut.end('admin', laptop, phoneRow!.id, AUDIT)).toEqual({ ended: 1, signedOut: false });
    expect(await sessions.resolve('admin', phone)).toBeUndefined();
    expect(await sessions.resolve('admin', laptop)).toBe(ALICE);

    expect(await sut.end('admin', laptop, laptopRow!.id, AUDIT)).toEqual({ ended: 1, signedOut: true });
    expect(await sessions.resolve('admin', laptop)).toBeUndefined();
    // One audit row per session ended (ADR 0075), naming it; an administrator's sessions belong to no company.
    expect(trail.rows).toEqual(
      [phoneRow!.id, laptopRow!.id].map((id) => ({
        action: 'session.ended',
        target: { type: 'session', id },
        companyId: null,
        after: { ended: 1 },
        context: AUDIT,
      })),
    );
  });

  it('ends all other sessions and keeps the current one', async () => {
    const { sut, sessions, trail, adminSignIn } = setup();
    const others = [await adminSignIn(ALICE), await adminSignIn(ALICE, FIREFOX_ANDROID)];
    const current = await adminSignIn(ALICE);
    const bob = await adminSignIn(BOB);
    const currentId = (await sut.list('admin', current)).sessions.find((s) => s.current)!.id;

    expect(await sut.endOthers('admin', current, AUDIT)).toEqual({ ended: 2, signedOut: false });
    // Again: nothing left to end, nothing recorded.
    expect(await sut.endOthers('admin', current, AUDIT)).toEqual({ ended: 0, signedOut: false });
    expect(trail.rows).toEqual([
      {
        action: 'session.ended',
        target: { type: 'session', id: currentId },
        companyId: null,
        after: { ended: 2, others: true },
        context: AUDIT,
      },
    ]);

    for (const token of others) expect(await sessions.resolve('admin', token)).toBeUndefined();
    expect(await sessions.resolve('admin', current)).toBe(ALICE);
    expect(await sessions.resolve('admin', bob)).toBe(BOB);
    expect((await sut.list('admin', current)).sessions).toHaveLength(1);
  });

  it('refuses a half-signed-in admin session and a session of another kind', async () => {
    const { sut, sessions } = setup();
    const pending = (await sessions.start('admin', ALICE, undefined, 'pending')).token;
    const consoleToken = (await sessions.start('console', ALICE)).token;

    expect(await refusal(sut.list('admin', pending))).toEqual({ code: 'unauthorized', message: AUTH_MESSAGES.SECOND_FACTOR_REQUIRED });
    expect(await refusal(sut.endOthers('admin', consoleToken, AUDIT))).toEqual({
      code: 'unauthorized',
      message: AUTH_MESSAGES.ADMIN_REQUIRED,
    });
    expect((await sut.list('console', consoleToken)).sessions).toEqual([
      expect.objectContaining({ current: true, device: 'Unknown device' }),
    ]);
  });
});

describe(SessionsService.name, () => {
  it('records last seen at most once a minute, however often the session is resolved', async () => {
    const { clock, rows, sessions, sut, adminSignIn } = setup();
    const token = await adminSignIn(ALICE);
    const startedAt = clock.now().toISOString();

    // Resolved every 10 s for 110 s: written at 60 s only (the next write is due at 120 s).
    for (let i = 0; i < 11; i++) {
      clock.advance(10_000);
      await sessions.resolve('admin', token);
    }
    expect(rows.touches).toBe(1);
    const { lastSeenAt } = (await sut.list('admin', token)).sessions[0]!;
    expect(new Date(lastSeenAt).getTime() - new Date(startedAt).getTime()).toBe(SESSION_TOUCH_INTERVAL_MS);
  });

  it('keeps the device and IP when a session is replaced (the second factor upgrades a half-signed-in one)', async () => {
    const { sessions, sut } = setup();
    const pending = (await sessions.start('admin', ALICE, undefined, 'pending', { userAgent: FIREFOX_ANDROID, ip: '198.51.100.20' })).token;
    const full = (await sessions.start('admin', ALICE, pending, 'verified')).token;

    expect((await sut.list('admin', full)).sessions).toEqual([
      expect.objectContaining({ device: 'Firefox on Android', ip: '198.51.100.20', current: true }),
    ]);
  });
});
