import { describe, expect, it } from '@jest/globals';
import { AUTH_MESSAGES, type AuditContext, type AuditOrigin } from '@paymarket/contracts';
import { ServiceError } from '@paymarket/platform';
import { Secret, TOTP } from 'otpauth';
import { Clock } from '../../auth/clock.js';
import { MemoryAuditTrail } from '../../auth/memory-audit-trail.testing.js';
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

/** Where the requests come from, as the gateway says it (ADR 0075). */
const FROM: AuditOrigin = { ip: '10.0.0.1', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/132.0' };

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
  // Key rotation (FactorSecretUpkeep) has a spec of its own.
  async totpSecretsNotUnder() {
    return [];
  }
  async replaceTotpSecrets() {
    return false;
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
  const trail = new MemoryAuditTrail();
  const throttle = new FactorThrottle(factors, clock, trail);
  const enrolment = new TotpEnrolmentUseCase(gate, factors, box, throttle, clock, trail);
  const sut = new SecondFactorSignInUseCase(gate, factors, box, throttle, clock, trail);
  /** The administrator acting on their own account, from FROM (what the gateway sends behind @Admin()). */
  const asAdmin: AuditContext = { actor: { type: 'admin', id: admin.id, label: admin.email }, ...FROM };
  const code = (secret: string, stepDelta = 0) =>
    new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
      timestamp: clock.now().getTime() + stepDelta * 30_000,
    });
  const pendingToken = async () => (await sessions.start('admin', admin.id, undefined, 'pending')).token;
  const enrolled = async () => {
    const token = await pendingToken();
    const { secret } = await enrolment.begin(token);
    const result = await enrolment.confirm({ token, code: code(secret), ip: '10.0.0.1', from: FROM });
    return { secret, recoveryCodes: result.recoveryCodes, fullToken: result.token };
  };
  const passkeys = new PasskeysUseCase(gate, factors, throttle, sut, enrolment, clock, trail);
  return { admin, clock, sessions, factors, enrolment, sut, passkeys, trail, asAdmin, code, pendingToken, enrolled };
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
    const { admin, sessions, factors, trail, enrolled } = setup();
    const { secret, recoveryCodes, fullToken } = await enrolled();
    // The enrolment and the sign-in it completes (ADR 0075), by the administrator of the session.
    const byAdmin = { actor: { type: 'admin', id: admin.id, label: admin.email }, ...FROM };
    expect(trail.rows).toEqual([
      {
        action: 'admin.second_factor_enrolled',
        target: { type: 'admin', id: admin.id },
        companyId: null,
        after: { factor: 'totp', replaced: false },
        context: byAdmin,
      },
      { action: 'admin.signed_in', target: { type: 'admin', id: admin.id }, companyId: null, after: { factor: 'totp' }, context: byAdmin },
    ]);
    expect(factors.totpRow?.secretEncrypted).toMatch(/^v1:dev:/);
    expect(factors.totpRow?.secretEncrypted).not.toContain(secret);
    expect([...factors.codes.keys()].sort()).toEqual(recoveryCodes.map(hashRecoveryCode).sort());
    expect((await sessions.inspect('admin', fullToken))?.factorVerifiedAt).toEqual(expect.any(Date));
  });

  it('signs in with the current code, and with a code one step early or late (clock skew)', async () => {
    const { sut, clock, trail, code, pendingToken, enrolled } = setup();
    const { secret } = await enrolled();
    clock.advance(60_000);
    trail.rows = [];
    for (const delta of [-1, 0, 1]) {
      const signedIn = await sut.withTotp({ token: await pendingToken(), code: code(secret, delta), ip: '10.0.0.1', from: FROM });
      expect(signedIn.admin.email).toBe('ops@example.com');
    }
    expect(trail.rows.map((r) => [r.action, r.after])).toEqual(Array(3).fill(['admin.signed_in', { factor: 'totp' }]));
  });

  it('refuses a code two steps away, and a code whose step is not after the last accepted one (replay)', async () => {
    const { sut, clock, trail, code, pendingToken, enrolled } = setup();
    const { secret } = await enrolled();
    clock.advance(90_000);
    trail.rows = [];
    expect(await refusal(sut.withTotp({ token: await pendingToken(), code: code(secret, -2), ip: '10.0.0.1', from: FROM }))).toEqual({
      code: 'invalid',
      message: AUTH_MESSAGES.TOTP_CODE_INVALID,
    });
    await sut.withTotp({ token: await pendingToken(), code: code(secret, 1), ip: '10.0.0.1', from: FROM });
    // The same code again, and the current step's code: both at or before the step just used.
    for (const delta of [1, 0]) {
      expect(await refusal(sut.withTotp({ token: await pendingToken(), code: code(secret, delta), ip: '10.0.0.1', from: FROM }))).toEqual({
        code: 'invalid',
        message: AUTH_MESSAGES.TOTP_CODE_REUSED,
      });
    }
    // Each refusal is a failed sign-in of its own, recorded although the command failed; the sign-in between them too.
    expect(trail.rows.map((r) => [r.action, r.outcome ?? 'succeeded', r.after])).toEqual([
      ['admin.sign_in_failed', 'failed', { factor: 'totp', reason: AUTH_MESSAGES.TOTP_CODE_INVALID }],
      ['admin.signed_in', 'succeeded', { factor: 'totp' }],
      ['admin.sign_in_failed', 'failed', { factor: 'totp', reason: AUTH_MESSAGES.TOTP_CODE_REUSED }],
      ['admin.sign_in_failed', 'failed', { factor: 'totp', reason: AUTH_MESSAGES.TOTP_CODE_REUSED }],
    ]);
  });

  it('takes a recovery code once', async () => {
    const { sut, trail, pendingToken, enrolled } = setup();
    const { recoveryCodes } = await enrolled();
    trail.rows = [];
    const first = await sut.withRecoveryCode({ token: await pendingToken(), recoveryCode: recoveryCodes[3]!, ip: '10.0.0.1', from: FROM });
    expect(first.recoveryCodesLeft).toBe(9);
    expect(
      await refusal(sut.withRecoveryCode({ token: await pendingToken(), recoveryCode: recoveryCodes[3]!, ip: '10.0.0.1', from: FROM })),
    ).toEqual({
      code: 'invalid',
      message: AUTH_MESSAGES.RECOVERY_CODE_INVALID,
    });
    expect(trail.rows.map((r) => [r.action, r.after])).toEqual([
      ['admin.recovery_code_used', { unusedCodes: 9 }],
      ['admin.signed_in', { factor: 'recovery_code' }],
      ['admin.sign_in_failed', { factor: 'recovery_code', reason: AUTH_MESSAGES.RECOVERY_CODE_INVALID }],
    ]);
  });

  it('throttles after 5 wrong attempts for the account, whatever the IP, until the window passes', async () => {
    const { sut, clock, trail, code, pendingToken, enrolled } = setup();
    const { secret } = await enrolled();
    trail.rows = [];
    for (let i = 0; i < 5; i++) await refusal(sut.withTotp({ token: await pendingToken(), code: '000000', ip: `10.0.1.${i}`, from: FROM }));
    clock.advance(60_000);
    expect((await refusal(sut.withTotp({ token: await pendingToken(), code: code(secret), ip: '10.0.2.1', from: FROM }))).code).toBe(
      'rate_limited',
    );
    // The refusal for the limit is a failed sign-in too.
    expect(trail.rows.at(-1)).toMatchObject({
      action: 'admin.sign_in_failed',
      outcome: 'failed',
      after: { factor: 'totp', reason: AUTH_MESSAGES.SECOND_FACTOR_THROTTLED },
    });
    expect(trail.actions()).toEqual(Array(6).fill('admin.sign_in_failed'));
    clock.advance(15 * 60_000);
    await sut.withTotp({ token: await pendingToken(), code: code(secret), ip: '10.0.2.1', from: FROM });
  });

  it('a half-signed-in session with a factor cannot enrol another, nor renew recovery codes', async () => {
    const { enrolment, asAdmin, pendingToken, enrolled } = setup();
    await enrolled();
    expect(await refusal(enrolment.begin(await pendingToken()))).toEqual({
      code: 'forbidden',
      message: AUTH_MESSAGES.SECOND_FACTOR_ALREADY_SET_UP,
    });
    expect(await refusal(enrolment.renewRecoveryCodes(await pendingToken(), asAdmin))).toEqual({
      code: 'unauthorized',
      message: AUTH_MESSAGES.FULL_SESSION_REQUIRED,
    });
  });

  // ADR 0074: a second factor that changes without a new sign-in ends every other session; this one stays.
  it('renewing recovery codes and removing a passkey end every other session of the admin, keeping this one', async () => {
    const { admin, sessions, enrolment, passkeys, factors, sut, trail, asAdmin, code, clock, pendingToken, enrolled } = setup();
    const { secret, fullToken: other } = await enrolled();
    clock.advance(60_000);
    const { token: mine } = await sut.withTotp({ token: await pendingToken(), code: code(secret), ip: '10.0.0.1', from: FROM });

    await enrolment.renewRecoveryCodes(mine, asAdmin);
    expect(await sessions.resolve('admin', other)).toBeUndefined();
    expect(await sessions.resolve('admin', mine)).toBe(admin.id);

    clock.advance(60_000);
    const { token: again } = await sut.withTotp({ token: await pendingToken(), code: code(secret), ip: '10.0.0.1', from: FROM });
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
    await passkeys.remove({ token: mine, id: 'cred-1', audit: asAdmin });
    expect(await sessions.resolve('admin', again)).toBeUndefined();
    expect(await sessions.resolve('admin', mine)).toBe(admin.id);
    // Each change is one audit row (ADR 0075) by the administrator the gateway named, never a code.
    const changes = trail.rows.filter((r) => r.action === 'admin.recovery_codes_renewed' || r.action === 'admin.passkey_removed');
    expect(changes).toEqual([
      {
        action: 'admin.recovery_codes_renewed',
        target: { type: 'admin', id: admin.id },
        companyId: null,
        before: { unusedCodes: 10 },
        after: { unusedCodes: 10 },
        context: asAdmin,
      },
      {
        action: 'admin.passkey_removed',
        target: { type: 'admin', id: admin.id },
        companyId: null,
        before: { passkey: 'cred-1' },
        after: null,
        context: asAdmin,
      },
    ]);
  });
});
