import { Injectable } from '@nestjs/common';
import { AUTH_MESSAGES, type AdminSessionResponse, type AuditOrigin, type StartedSession } from '@paymarket/contracts';
import type { Transaction } from '@paymarket/platform';
import { AuditTrail, adminContext } from '../../auth/audit-trail.js';
import { Clock } from '../../auth/clock.js';
import { AdminSessionGate, type AdminInSession } from './admin-session-gate.js';
import { FactorSecretBox } from './factor-secret-box.js';
import { FactorThrottle, type SignInAttempt } from './factor-throttle.js';
import { hashRecoveryCode } from './recovery-codes.js';
import { SecondFactorRepository } from './second-factor.repository.js';
import { matchingTotpStep } from './totp.js';

type SignedIn = StartedSession & AdminSessionResponse;

/**
 * The second step of an administrator's sign-in (ADR 0072): a TOTP code (accepted once: its step must be later than
 * the last accepted one) or a single-use recovery code turns the half-signed-in session into a full one. The audit
 * trail (ADR 0075) records each sign-in with the factor used, in the transaction that starts the full session, and
 * each refusal in a transaction of its own.
 */
@Injectable()
export class SecondFactorSignInUseCase {
  constructor(
    private readonly gate: AdminSessionGate,
    private readonly factors: SecondFactorRepository,
    private readonly box: FactorSecretBox,
    private readonly throttle: FactorThrottle,
    private readonly clock: Clock,
    private readonly trail: AuditTrail,
  ) {}

  async withTotp(input: { token: unknown; code: string; ip: string; from: AuditOrigin }): Promise<SignedIn> {
    const session = await this.gate.any(input.token);
    const { admin } = session;
    const attempt: SignInAttempt = { factor: 'totp', from: input.from };
    await this.throttle.check(admin, input.ip, attempt);
    const totp = await this.factors.totp(admin.id);
    const step = totp?.confirmedAt
      ? matchingTotpStep(this.box.decrypt(totp.secretEncrypted, admin.id), input.code, this.clock.now())
      : undefined;
    if (step === undefined) throw await this.throttle.fail(admin, input.ip, 'code', AUTH_MESSAGES.TOTP_CODE_INVALID, attempt);
    const signedIn = await this.trail.transaction(async (tx) => {
      // Atomic: of two requests with one code, one records the step and the other finds it used.
      if (!(await this.factors.useTotpStep(admin.id, step))) return undefined;
      return this.signedIn(tx, session, attempt);
    });
    if (!signedIn) throw await this.throttle.fail(admin, input.ip, 'code', AUTH_MESSAGES.TOTP_CODE_REUSED, attempt);
    return signedIn;
  }

  async withRecoveryCode(input: {
    token: unknown;
    recoveryCode: string;
    ip: string;
    from: AuditOrigin;
  }): Promise<SignedIn & { recoveryCodesLeft: number }> {
    const session = await this.gate.any(input.token);
    const { admin } = session;
    const attempt: SignInAttempt = { factor: 'recovery_code', from: input.from };
    await this.throttle.check(admin, input.ip, attempt);
    const signedIn = await this.trail.transaction(async (tx) => {
      if (!(await this.factors.useRecoveryCode(admin.id, hashRecoveryCode(input.recoveryCode), this.clock.now()))) return undefined;
      const recoveryCodesLeft = await this.factors.recoveryCodesLeft(admin.id);
      await this.trail.record(tx, adminContext(admin, input.from), {
        action: 'admin.recovery_code_used',
        target: { type: 'admin', id: admin.id },
        companyId: null,
        after: { unusedCodes: recoveryCodesLeft },
      });
      return { ...(await this.signedIn(tx, session, attempt)), recoveryCodesLeft };
    });
    if (!signedIn) throw await this.throttle.fail(admin, input.ip, 'recoveryCode', AUTH_MESSAGES.RECOVERY_CODE_INVALID, attempt);
    return signedIn;
  }

  /**
   * Also used by the passkey step, in the transaction `tx` of the factor's use. The half-signed-in session is revoked
   * and a full one started (ids rotate); the sign-in is recorded with the factor used.
   */
  async signedIn(tx: Transaction, session: AdminInSession, attempt: SignInAttempt): Promise<SignedIn> {
    const { admin } = session;
    await this.throttle.succeeded(admin.id);
    const started = await this.gate.upgrade(session, false);
    await this.trail.record(tx, adminContext(admin, attempt.from), {
      action: 'admin.signed_in',
      target: { type: 'admin', id: admin.id },
      companyId: null,
      after: { factor: attempt.factor },
    });
    return { ...started, admin: { id: admin.id, email: admin.email } };
  }
}
