import { describe, expect, it } from '@jest/globals';
import { AUTH_MESSAGES } from '@paymarket/contracts';
import { ServiceError } from '@paymarket/platform';
import { Secret, TOTP } from 'otpauth';
import { Clock } from '../../auth/clock.js';
import { MemorySessionsRepository } from '../../auth/memory-sessions.testing.js';
import { SessionsService } from '../../auth/sessions.service.js';
import { AdminsRepository, type AdminRow } from '../admins.repository.js';
import { AdminSessionGate } from './admin-session-gate.js';
import { factorKeyRing, FactorSecretBox } from './factor-secret-box.js';
import { FactorThrottle } from './factor-throttle.js';
import { PasskeysUseCase } from './passkeys.use-case.js';
import { hashRecoveryCode } from './recovery-codes.js';
import { SecondFactorSignInUseCase } from './second-factor-sign-in.use-case.js';
import { SecondFactorRepository, type ChallengePurpose, type PasskeyRow, type TotpRow } from './second-factor.repository.js';
import { TotpEnrolmentUseCase } from './totp-enrolment.use-case.js';

class FakeClock extends Clock {
  constructor(public time = new Date('2026-12-01T12:00:05Z')) {
    super();
  }
  now(): Date {
    return new Date(this.time);
  }
  advance(ms: number): void {
    this.time = new Date(this.time.getTime() + ms);
  }
}

// The shared in-memory store (ADR 0074 added listing and ending sessions to the port).
class MemorySessions extends MemorySessionsRepository {}

class MemoryAdmins extends AdminsRepository {
  constructor(private readonly admin: AdminRow) {
    super();
  }
  async byEmail(email: string) {
    return email === this.admin.email ? this.admin : undefined;
  }
  async byId(id: string) {
    return id === this.admin.id ? this.admin : undefined;
  }
  async upsert(): Promise<'created'> {
    return 'created';
  }
  async failuresSince() {
    return { count: 0, oldest: null };
  }
  async recordFailure() {}
  async clearFailures() {}
}

class MemoryFactors extends SecondFactorRepository {
  totpRow?: TotpRow;
  codes = new Map<string, Date | null>();
  failures: { adminId: string; ip: string; at: Date }[] = [];
  async totp() {
    return this.totpRow;
  }
  async savePendingTotp(_adminId: string, secretEncrypted: string) {
    this.totpRow = this.totpRow
      ? { ...this.totpRow, pendingSecretEncrypted: secretEncrypted }
      : { secretEncrypted, pendingSecretEncrypted: secretEncrypted, confirmedAt: null, lastUsedStep: null };
  }
  async confirmTotp(_adminId: string, step: number, at: Date) {
    if (!this.totpRow?.pendingSecretEncrypted) return false;
    this.totpRow = {
      secretEncrypted: this.totpRow.pendingSecretEncrypted,
      pendingSecretEncrypted: null,
      confirmedAt: at,
      lastUsedStep: step,
    };
    return true;
  }
  async useTotpStep(_adminId: string, step: number) {
    if (!this.totpRow?.confirmedAt || (this.totpRow.lastUsedStep !== null && this.totpRow.lastUsedStep >= step)) return false;
    this.totpRow.lastUsedStep = step;
    return true;
  }
  async replaceRecoveryCodes(_adminId: string, hashes: string[]) {
    this.codes = new Map(hashes.map((h) => [h, null]));
  }
  async useRecoveryCode(_adminId: string, hash: string, at: Date) {
    if (this.codes.get(hash) !== null) return false;
    this.codes.set(hash, at);
    return true;
  }
  async recoveryCodesLeft() {
    return [...this.codes.values()].filter((v) => v === null).length;
  }
  passkeyRows: PasskeyRow[] = [];
  async passkeys(): Promise<PasskeyRow[]> {
    return this.passkeyRows;
  }
  async addPasskey() {}
  async usePasskey() {}
  async removePasskey(_adminId: string, id: string) {
    const before = this.passkeyRows.length;
    this.passkeyRows = this.passkeyRows.filter((p) => p.id !== id);
    return this.passkeyRows.length < before;
  }
  async saveChallenge(_a: string, _p: ChallengePurpose) {}
  async takeChallenge() {
    return undefined;
  }
  async failuresSince(by: 'admin' | 'ip', value: string, since: Date) {
    const matching = this.failures.filter((f) => (by === 'admin' ? f.adminId : f.ip) === value && f.at > since);
    return { count: matching.length, oldest: matching[0]?.at ?? null };
  }
  async recordFailure(adminId: string, ip: string, at: Date) {
    this.failures.push({ adminId, ip, at });
  }
  async clearFailures(adminId: string) {
    this.failures = this.failures.filter((f) => f.adminId !== adminId);
  }
}

function setup() {
  const admin: AdminRow = { id: '6f0c2a7e-1b44-4d7e-9d55-0a8f7f2f1c01', email: 'ops@example.com', passwordHash: 'x' };
  const clock = new FakeClock();
  const sessionRows = new MemorySessions();
  const sessions = new SessionsService(sessionRows, clock);
  const factors = new MemoryFactors();
  const gate = new AdminSessionGate(sessions, new MemoryAdmins(admin), factors);
  const box = new FactorSecretBox(factorKeyRing({}, false));
  const throttle = new FactorThrottle(factors, clock);
  const enrolment = new TotpEnrolmentUseCase(gate, factors, box, throttle, clock);
  const sut = new SecondFactorSignInUseCase(gate, factors, box, throttle, clock);
  const code = (secret: string, stepDelta = 0) =>
    new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
      timestamp: clock.now().getTime() + stepDelta * 30_000,
    });
  const pendingToken = async () => (await sessions.start('admin', admin.id, undefined, 'pending')).token;
  const enrolled = async () => {
    const token = await pendingToken();
    const { secret } = await enrolment.begin(token);
    const result = await enrolment.confirm({ token, code: code(secret), ip: '10.0.0.1' });
    return { secret, recoveryCodes: result.recoveryCodes, fullToken: result.token };
  };
  const passkeys = new PasskeysUseCase(gate, factors, throttle, sut, enrolment, clock);
  return { admin, clock, sessions, factors, enrolment, sut, passkeys, code, pendingToken, enrolled };
}

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return { code: (error as ServiceError).code, message: (error as ServiceError).message };
};

describe(SecondFactorSignInUseCase.name, () => {
  it('enrols TOTP from a half-signed-in session: the secret encrypted at rest, 10 hashed recovery codes, a full session', async () => {
    const { sessions, factors, enrolled } = setup();
    const { secret, recoveryCodes, fullToken } = await enrolled();
    expect(factors.totpRow?.secretEncrypted).toMatch(/^v1:dev:/);
    expect(factors.totpRow?.secretEncrypted).not.toContain(secret);
    expect([...factors.codes.keys()].sort()).toEqual(recoveryCodes.map(hashRecoveryCode).sort());
    expect((await sessions.inspect('admin', fullToken))?.factorVerifiedAt).toEqual(expect.any(Date));
  });

  it('signs in with the current code, and with a code one step early or late (clock skew)', async () => {
    const { sut, clock, code, pendingToken, enrolled } = setup();
    const { secret } = await enrolled();
    clock.advance(60_000);
    for (const delta of [-1, 0, 1]) {
      const signedIn = await sut.withTotp({ token: await pendingToken(), code: code(secret, delta), ip: '10.0.0.1' });
      expect(signedIn.admin.email).toBe('ops@example.com');
    }
  });

  it('refuses a code two steps away, and a code whose step is not after the last accepted one (replay)', async () => {
    const { sut, clock, code, pendingToken, enrolled } = setup();
    const { secret } = await enrolled();
    clock.advance(90_000);
    expect(await refusal(sut.withTotp({ token: await pendingToken(), code: code(secret, -2), ip: '10.0.0.1' }))).toEqual({
      code: 'invalid',
      message: AUTH_MESSAGES.TOTP_CODE_INVALID,
    });
    await sut.withTotp({ token: await pendingToken(), code: code(secret, 1), ip: '10.0.0.1' });
    // The same code again, and the current step's code: both at or before the step just used.
    for (const delta of [1, 0]) {
      expect(await refusal(sut.withTotp({ token: await pendingToken(), code: code(secret, delta), ip: '10.0.0.1' }))).toEqual({
        code: 'invalid',
        message: AUTH_MESSAGES.TOTP_CODE_REUSED,
      });
    }
  });

  it('takes a recovery code once', async () => {
    const { sut, pendingToken, enrolled } = setup();
    const { recoveryCodes } = await enrolled();
    const first = await sut.withRecoveryCode({ token: await pendingToken(), recoveryCode: recoveryCodes[3]!, ip: '10.0.0.1' });
    expect(first.recoveryCodesLeft).toBe(9);
    expect(await refusal(sut.withRecoveryCode({ token: await pendingToken(), recoveryCode: recoveryCodes[3]!, ip: '10.0.0.1' }))).toEqual({
      code: 'invalid',
      message: AUTH_MESSAGES.RECOVERY_CODE_INVALID,
    });
  });

  it('throttles after 5 wrong attempts for the account, whatever the IP, until the window passes', async () => {
    const { sut, clock, code, pendingToken, enrolled } = setup();
    const { secret } = await enrolled();
    for (let i = 0; i < 5; i++) await refusal(sut.withTotp({ token: await pendingToken(), code: '000000', ip: `10.0.1.${i}` }));
    clock.advance(60_000);
    expect((await refusal(sut.withTotp({ token: await pendingToken(), code: code(secret), ip: '10.0.2.1' }))).code).toBe('rate_limited');
    clock.advance(15 * 60_000);
    await sut.withTotp({ token: await pendingToken(), code: code(secret), ip: '10.0.2.1' });
  });

  it('a half-signed-in session with a factor cannot enrol another, nor renew recovery codes', async () => {
    const { enrolment, pendingToken, enrolled } = setup();
    await enrolled();
    expect(await refusal(enrolment.begin(await pendingToken()))).toEqual({
      code: 'forbidden',
      message: AUTH_MESSAGES.SECOND_FACTOR_ALREADY_SET_UP,
    });
    expect(await refusal(enrolment.renewRecoveryCodes(await pendingToken()))).toEqual({
      code: 'unauthorized',
      message: AUTH_MESSAGES.FULL_SESSION_REQUIRED,
    });
  });

  // ADR 0074: a second factor that changes without a new sign-in ends every other session; this one stays.
  it('renewing recovery codes and removing a passkey end every other session of the admin, keeping this one', async () => {
    const { admin, sessions, enrolment, passkeys, factors, sut, code, clock, pendingToken, enrolled } = setup();
    const { secret, fullToken: other } = await enrolled();
    clock.advance(60_000);
    const { token: mine } = await sut.withTotp({ token: await pendingToken(), code: code(secret), ip: '10.0.0.1' });

    await enrolment.renewRecoveryCodes(mine);
    expect(await sessions.resolve('admin', other)).toBeUndefined();
    expect(await sessions.resolve('admin', mine)).toBe(admin.id);

    clock.advance(60_000);
    const { token: again } = await sut.withTotp({ token: await pendingToken(), code: code(secret), ip: '10.0.0.1' });
    factors.passkeyRows = [
      {
        id: 'cred-1',
        adminId: admin.id,
        publicKey: new Uint8Array(),
        counter: 0,
        transports: [],
        createdAt: clock.now(),
        lastUsedAt: null,
      },
    ];
    await passkeys.remove({ token: mine, id: 'cred-1' });
    expect(await sessions.resolve('admin', again)).toBeUndefined();
    expect(await sessions.resolve('admin', mine)).toBe(admin.id);
  });
});
