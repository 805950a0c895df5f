import { Injectable } from '@nestjs/common';
import {
  AUTH_MESSAGES,
  type AdminSecondFactorEnrolled,
  type AuditContext,
  type AuditOrigin,
  type StartedSession,
  type TotpEnrolment,
} from '@paymarket/contracts';
import type { Transaction } from '@paymarket/platform';
import QRCode from 'qrcode';
import { AuditTrail, adminContext } from '../../auth/audit-trail.js';
import { Clock } from '../../auth/clock.js';
import { AdminSessionGate, type AdminInSession } from './admin-session-gate.js';
import { FactorSecretBox } from './factor-secret-box.js';
import { FactorThrottle, type SignInAttempt } from './factor-throttle.js';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.js';
import { SecondFactorRepository } from './second-factor.repository.js';
import { matchingTotpStep, newTotpSecret, totpUri } from './totp.js';

/**
 * Setting up the authenticator app (ADR 0072): a secret made here, kept encrypted and pending until a code from it
 * is confirmed; then it is the admin's TOTP factor, 10 new recovery codes are shown once, and the session becomes a
 * fully signed-in one (every other session ends: the second factor changed). The audit trail (ADR 0075) records the
 * enrolment, and the sign-in it completes on a half-signed-in session, in the transaction of the change.
 */
@Injectable()
export class TotpEnrolmentUseCase {
  constructor(
    private readonly gate: AdminSessionGate,
    private readonly factors: SecondFactorRepository,
    private readonly box: FactorSecretBox,
    private readonly throttle: FactorThrottle,
    private readonly clock: Clock,
    private readonly trail: AuditTrail,
  ) {}

  async begin(token: unknown): Promise<TotpEnrolment> {
    const { admin } = await this.gate.mayEnrol(token);
    const secret = newTotpSecret();
    await this.factors.savePendingTotp(admin.id, this.box.encrypt(secret, admin.id));
    const otpauthUri = totpUri(secret, admin.email);
    const svg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return { secret, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  async confirm(input: {
    token: unknown;
    code: string;
    ip: string;
    from: AuditOrigin;
  }): Promise<StartedSession & AdminSecondFactorEnrolled> {
    const session = await this.gate.mayEnrol(input.token);
    const { admin } = session;
    // A wrong code of a first sign-in is a refused sign-in; one from a signed-in session replacing its app is not.
    const attempt: SignInAttempt | undefined = session.factorVerified ? undefined : { factor: 'totp', from: input.from };
    await this.throttle.check(admin, input.ip, attempt);
    const current = await this.factors.totp(admin.id);
    const pending = current?.pendingSecretEncrypted;
    if (!pending) throw await this.throttle.fail(admin, input.ip, 'code', AUTH_MESSAGES.TOTP_NOT_STARTED, attempt);
    const step = matchingTotpStep(this.box.decrypt(pending, admin.id), input.code, this.clock.now());
    const enrolled =
      step === undefined
        ? undefined
        : await this.trail.transaction(async (tx) => {
            if (!(await this.factors.confirmTotp(admin.id, step, this.clock.now()))) return undefined;
            await this.throttle.succeeded(admin.id);
            await this.trail.record(tx, adminContext(admin, input.from), {
              action: 'admin.second_factor_enrolled',
              target: { type: 'admin', id: admin.id },
              companyId: null,
              after: { factor: 'totp', replaced: Boolean(current?.confirmedAt) },
            });
            return this.finish(tx, session, { factor: 'totp', from: input.from });
          });
    if (!enrolled) throw await this.throttle.fail(admin, input.ip, 'code', AUTH_MESSAGES.TOTP_CODE_INVALID, attempt);
    return enrolled;
  }

  /** New recovery codes replace every old one (used or not); a fully signed-in session only; the others end. */
  async renewRecoveryCodes(token: unknown, audit: AuditContext): Promise<{ recoveryCodes: string[] }> {
    const session = await this.gate.full(token);
    const { admin } = session;
    return this.trail.transaction(async (tx) => {
      const unusedBefore = await this.factors.recoveryCodesLeft(admin.id);
      const recoveryCodes = await this.issueRecoveryCodes(admin.id);
      await this.gate.endOthers(session);
      await this.trail.record(tx, audit, {
        action: 'admin.recovery_codes_renewed',
        target: { type: 'admin', id: admin.id },
        companyId: null,
        before: { unusedCodes: unusedBefore },
        after: { unusedCodes: recoveryCodes.length },
      });
      return { recoveryCodes };
    });
  }

  /**
   * A factor was set up, in the transaction `tx` that set it up: new recovery codes, and a fully signed-in session in
   * place of every other. On a half-signed-in session that completes a sign-in, recorded with the factor.
   */
  async finish(tx: Transaction, session: AdminInSession, attempt: SignInAttempt): Promise<StartedSession & AdminSecondFactorEnrolled> {
    const { admin } = session;
    const recoveryCodes = await this.issueRecoveryCodes(admin.id);
    const started = await this.gate.upgrade(session, true);
    if (!session.factorVerified) {
      await this.trail.record(tx, adminContext(admin, attempt.from), {
        action: 'admin.signed_in',
        target: { type: 'admin', id: admin.id },
        companyId: null,
        after: { factor: attempt.factor },
      });
    }
    return { ...started, admin: { id: admin.id, email: admin.email }, recoveryCodes };
  }

  private async issueRecoveryCodes(adminId: string): Promise<string[]> {
    const codes = newRecoveryCodes();
    await this.factors.replaceRecoveryCodes(adminId, codes.map(hashRecoveryCode), this.clock.now());
    return codes;
  }
}
