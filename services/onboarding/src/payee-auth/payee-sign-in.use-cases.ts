import { Injectable } from '@nestjs/common';
import {
  AUTH_MESSAGES,
  OnboardingEvents,
  PAYEE_AUTH_MESSAGES,
  type PayeeSessionResponse,
  type SignedInPayee,
  type SignInCodeRequested,
  type StartedSession,
} from '@paymarket/contracts';
import { ServiceError, UnitOfWork } from '@paymarket/platform';
import { Clock } from '../auth/clock.js';
import { OneTimeCodes, SqlOneTimeCodeStore } from '../auth/one-time-codes.js';
import { SessionsService } from '../auth/sessions.service.js';
import { PayeeDirectory } from './payee-directory.js';

const owns = (p: Pick<SignedInPayee, 'sellers' | 'providers'>) => p.sellers.length + p.providers.length > 0;

/**
 * Sellers and print providers sign in to their dashboards with a code emailed to the address on their profiles
 * (ADR 0047), by the rules the console and buyers use. The session's subject is the normalised email; which profiles
 * it opens is read from catalog at every call.
 */
@Injectable()
export class PayeeSignIn {
  private readonly codes: OneTimeCodes;

  constructor(
    private readonly directory: PayeeDirectory,
    private readonly sessions: SessionsService,
    unitOfWork: UnitOfWork,
    clock: Clock,
  ) {
    this.codes = new OneTimeCodes(new SqlOneTimeCodeStore('payee_sign_in_codes', 'payee_email', 'payee_sign_in:'), unitOfWork, clock);
  }

  /** `email` is already normalised (the DTO's transform). The same answer whether or not a profile uses it. */
  async requestCode(email: string): Promise<SignInCodeRequested> {
    // Asked before the transaction, for every email alike: no RPC is made while the email's lock is held.
    const profiles = await this.directory.profilesOf(email);
    await this.codes.request(email, async () =>
      owns(profiles)
        ? {
            subjectId: email,
            announce: async (tx, code, expiresAt) => {
              await tx.publish(OnboardingEvents.PAYEE_CODE_REQUESTED, {
                email,
                code,
                sellers: profiles.sellers,
                providers: profiles.providers,
                expiresAt: expiresAt.toISOString(),
              });
            },
          }
        : undefined,
    );
    return { message: PAYEE_AUTH_MESSAGES.CODE_SENT };
  }

  async verify(input: { email: string; code: string; previousToken?: string }): Promise<StartedSession & PayeeSessionResponse> {
    const email = await this.codes.verify(input.email, input.code);
    const profiles = await this.directory.profilesOf(email);
    // The profiles went away between the code and its use (email changed, seller deleted): nothing to sign in to.
    if (!owns(profiles)) throw ServiceError.unauthorized(AUTH_MESSAGES.CODE_INVALID);
    const session = await this.sessions.start('payee', email, input.previousToken);
    return { ...session, payee: { email, ...profiles } };
  }

  /** The signed-in payee with its profiles now; `unauthorized` when the session is over or the email owns nothing. */
  async resolve(token: unknown): Promise<PayeeSessionResponse> {
    const email = await this.sessions.resolve('payee', token);
    if (!email) throw ServiceError.unauthorized(PAYEE_AUTH_MESSAGES.SIGN_IN_REQUIRED);
    const profiles = await this.directory.profilesOf(email);
    if (!owns(profiles)) throw ServiceError.unauthorized(PAYEE_AUTH_MESSAGES.SIGN_IN_REQUIRED);
    return { payee: { email, ...profiles } };
  }

  async end(token: unknown): Promise<{ ended: boolean }> {
    return { ended: await this.sessions.end('payee', token) };
  }
}
