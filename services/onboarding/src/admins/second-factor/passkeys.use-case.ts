import { Injectable } from '@nestjs/common';
import {
  AUTH_MESSAGES,
  type AdminPasskeyView,
  type AdminSecondFactorEnrolled,
  type AdminSecondFactorStatus,
  type AdminSessionResponse,
  type AuditContext,
  type AuditOrigin,
  type StartedSession,
} from '@paymarket/contracts';
import { ServiceError } from '@paymarket/platform';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { AuditTrail, adminContext } from '../../auth/audit-trail.js';
import { Clock } from '../../auth/clock.js';
import { AdminSessionGate } from './admin-session-gate.js';
import { FactorThrottle, type SignInAttempt } from './factor-throttle.js';
import { SecondFactorSignInUseCase } from './second-factor-sign-in.use-case.js';
import { SecondFactorRepository, type ChallengePurpose, type PasskeyRow } from './second-factor.repository.js';
import { TotpEnrolmentUseCase } from './totp-enrolment.use-case.js';

/** A WebAuthn ceremony's challenge is good for this long, and once. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;

/** Where the ceremony runs: the relying party id (PUBLIC_URL's host) and the origin (PUBLIC_URL), from the gateway. */
export interface RelyingParty {
  rpId: string;
  origin: string;
}

const viewOf = (row: PasskeyRow): AdminPasskeyView => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/**
 * Passkeys as an administrator's second factor (ADR 0072), through @simplewebauthn/server: registered from a fully
 * signed-in session or as the first factor at enrolment; used as the second step of a sign-in. Challenges are kept
 * server-side, expire, and serve one ceremony; a sign-in stores the authenticator's new signature counter. The audit
 * trail (ADR 0075) records each passkey added or removed and each sign-in, in the transaction of the change.
 */
@Injectable()
export class PasskeysUseCase {
  constructor(
    private readonly gate: AdminSessionGate,
    private readonly factors: SecondFactorRepository,
    private readonly throttle: FactorThrottle,
    private readonly signIn: SecondFactorSignInUseCase,
    private readonly enrolment: TotpEnrolmentUseCase,
    private readonly clock: Clock,
    private readonly trail: AuditTrail,
  ) {}

  async registrationOptions(input: { token: unknown; rpId: string }): Promise<{ options: Record<string, unknown> }> {
    const { admin } = await this.gate.mayEnrol(input.token);
    const existing = await this.factors.passkeys(admin.id);
    const options = await generateRegistrationOptions({
      rpName: 'PayMarket',
      rpID: input.rpId,
      userName: admin.email,
      userID: new TextEncoder().encode(admin.id),
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    await this.saveChallenge(admin.id, 'register', options.challenge);
    return { options: options as unknown as Record<string, unknown> };
  }

  async register(
    input: {
      token: unknown;
      response: Record<string, unknown>;
      /** Where the request came from, for the audit trail. */
      from: AuditOrigin;
    } & RelyingParty,
  ): Promise<{ passkey: AdminPasskeyView; enrolled?: StartedSession & AdminSecondFactorEnrolled }> {
    const session = await this.gate.mayEnrol(input.token);
    const { admin } = session;
    const challenge = await this.takeChallenge(admin.id, 'register');
    let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verified = await verifyRegistrationResponse({
        response: input.response as unknown as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: input.origin,
        expectedRPID: input.rpId,
        requireUserVerification: false,
      });
    } catch {
      // The library throws on any malformed or mismatched answer: the caller's mistake, never a 500.
      throw ServiceError.invalid(AUTH_MESSAGES.PASSKEY_FAILED, { response: [AUTH_MESSAGES.PASSKEY_FAILED] });
    }
    if (!verified.verified) throw ServiceError.invalid(AUTH_MESSAGES.PASSKEY_FAILED, { response: [AUTH_MESSAGES.PASSKEY_FAILED] });
    const { credential } = verified.registrationInfo;
    const row: PasskeyRow = {
      id: credential.id,
      adminId: admin.id,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports ?? [],
      createdAt: this.clock.now(),
      lastUsedAt: null,
    };
    return this.trail.transaction(async (tx) => {
      await this.factors.addPasskey(row);
      await this.trail.record(tx, adminContext(admin, input.from), {
        action: 'admin.passkey_added',
        target: { type: 'admin', id: admin.id },
        companyId: null,
        after: { passkey: row.id },
      });
      // The first factor of a first sign-in: the session becomes a full one, with recovery codes, as for TOTP.
      if (session.firstFactor) {
        return { passkey: viewOf(row), enrolled: await this.enrolment.finish(tx, session, { factor: 'passkey', from: input.from }) };
      }
      // A factor added to a signed-in account: every other session ends (ADR 0074).
      await this.gate.endOthers(session);
      return { passkey: viewOf(row) };
    });
  }

  async authenticationOptions(input: { token: unknown; rpId: string }): Promise<{ options: Record<string, unknown> }> {
    const { admin } = await this.gate.any(input.token);
    const passkeys = await this.factors.passkeys(admin.id);
    if (passkeys.length === 0) throw ServiceError.invalid(AUTH_MESSAGES.PASSKEY_NONE);
    const options = await generateAuthenticationOptions({
      rpID: input.rpId,
      allowCredentials: passkeys.map((p) => ({ id: p.id, transports: p.transports })),
      userVerification: 'preferred',
    });
    await this.saveChallenge(admin.id, 'authenticate', options.challenge);
    return { options: options as unknown as Record<string, unknown> };
  }

  async verify(
    input: { token: unknown; response: Record<string, unknown>; ip: string; from: AuditOrigin } & RelyingParty,
  ): Promise<StartedSession & AdminSessionResponse> {
    const session = await this.gate.any(input.token);
    const { admin } = session;
    const attempt: SignInAttempt = { factor: 'passkey', from: input.from };
    await this.throttle.check(admin, input.ip, attempt);
    const challenge = await this.takeChallenge(admin.id, 'authenticate');
    const passkey = (await this.factors.passkeys(admin.id)).find((p) => p.id === input.response.id);
    if (!passkey) throw await this.throttle.fail(admin, input.ip, 'response', AUTH_MESSAGES.PASSKEY_FAILED, attempt);
    let result: Awaited<ReturnType<typeof verifyAuthenticationResponse>> | undefined;
    try {
      result = await verifyAuthenticationResponse({
        response: input.response as unknown as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: input.origin,
        expectedRPID: input.rpId,
        credential: { id: passkey.id, publicKey: passkey.publicKey, counter: passkey.counter, transports: passkey.transports },
        requireUserVerification: false,
      });
    } catch {
      result = undefined;
    }
    if (!result?.verified) throw await this.throttle.fail(admin, input.ip, 'response', AUTH_MESSAGES.PASSKEY_FAILED, attempt);
    const { newCounter } = result.authenticationInfo;
    return this.trail.transaction(async (tx) => {
      await this.factors.usePasskey(admin.id, passkey.id, newCounter, this.clock.now());
      return this.signIn.signedIn(tx, session, attempt);
    });
  }

  /**
   * Fully signed in only; the last factor stays (without one the next sign-in would enrol anew, from a password alone).
   * Every other session ends (ADR 0074).
   */
  async remove(input: { token: unknown; id: string; audit: AuditContext }): Promise<AdminSecondFactorStatus> {
    const session = await this.gate.full(input.token);
    const { admin } = session;
    const passkeys = await this.factors.passkeys(admin.id);
    if (!passkeys.some((p) => p.id === input.id)) throw ServiceError.notFound(AUTH_MESSAGES.PASSKEY_NOT_FOUND);
    const totp = Boolean((await this.factors.totp(admin.id))?.confirmedAt);
    if (!totp && passkeys.length === 1) throw ServiceError.conflict(AUTH_MESSAGES.LAST_FACTOR);
    await this.trail.transaction(async (tx) => {
      // Removed by a concurrent request already: that one ended the sessions and recorded it.
      if (!(await this.factors.removePasskey(admin.id, input.id))) return;
      await this.gate.endOthers(session);
      await this.trail.record(tx, input.audit, {
        action: 'admin.passkey_removed',
        target: { type: 'admin', id: admin.id },
        companyId: null,
        before: { passkey: input.id },
        after: null,
      });
    });
    return this.status(input.token);
  }

  async status(token: unknown): Promise<AdminSecondFactorStatus> {
    const { admin } = await this.gate.full(token);
    return {
      totp: Boolean((await this.factors.totp(admin.id))?.confirmedAt),
      passkeys: (await this.factors.passkeys(admin.id)).map(viewOf),
      recoveryCodesLeft: await this.factors.recoveryCodesLeft(admin.id),
    };
  }

  private async saveChallenge(adminId: string, purpose: ChallengePurpose, challenge: string): Promise<void> {
    await this.factors.saveChallenge(adminId, purpose, challenge, new Date(this.clock.now().getTime() + PASSKEY_CHALLENGE_TTL_MS));
  }

  private async takeChallenge(adminId: string, purpose: ChallengePurpose): Promise<string> {
    const saved = await this.factors.takeChallenge(adminId, purpose);
    if (!saved || saved.expiresAt <= this.clock.now()) {
      throw ServiceError.invalid(AUTH_MESSAGES.PASSKEY_EXPIRED, { response: [AUTH_MESSAGES.PASSKEY_EXPIRED] });
    }
    return saved.challenge;
  }
}
