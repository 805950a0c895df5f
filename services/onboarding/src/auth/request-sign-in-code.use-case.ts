import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AUTH_MESSAGES, OnboardingEvents, SIGN_IN_CODE, type SignInCodeRequested } from '@paymarket/contracts';
import { ServiceError, UnitOfWork } from '@paymarket/platform';
import { Clock } from './clock.js';
import { hashSignInCode, newSignInCode } from './secrets.js';
import { SignInCodesRepository } from './sign-in-codes.repository.js';

/**
 * Emails a one-time code to a registered buyer, or an invitation to register to an unknown email. Both paths write
 * the same kind of row and answer the same words, so the answer never tells whether an account exists.
 */
@Injectable()
export class RequestSignInCodeUseCase {
  constructor(
    private readonly codes: SignInCodesRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(email: string): Promise<SignInCodeRequested> {
    const now = this.clock.now();
    await this.unitOfWork.run(async (tx) => {
      await this.codes.lockEmail(tx, email);
      const latest = await this.codes.latest(tx, email);
      const sinceLast = latest ? now.getTime() - latest.createdAt.getTime() : Infinity;
      if (sinceLast < SIGN_IN_CODE.RESEND_INTERVAL_MS) {
        throw ServiceError.rateLimited(AUTH_MESSAGES.RESEND_TOO_SOON, (SIGN_IN_CODE.RESEND_INTERVAL_MS - sinceLast) / 1000);
      }
      await this.codes.retireOpen(tx, email, now);
      const buyer = await this.codes.buyerByEmail(tx, email);
      // A code is drawn and hashed for unknown emails too (never sent): same work, same row, nothing to time.
      const code = newSignInCode();
      const expiresAt = new Date(now.getTime() + SIGN_IN_CODE.TTL_MS);
      await this.codes.insert(tx, {
        id: randomUUID(),
        email,
        buyerId: buyer?.id ?? null,
        codeHash: hashSignInCode(code),
        createdAt: now,
        expiresAt,
      });
      await tx.publish(OnboardingEvents.SIGN_IN_CODE_REQUESTED, {
        email,
        registered: buyer !== undefined,
        code: buyer ? code : null,
        name: buyer?.name ?? null,
        expiresAt: expiresAt.toISOString(),
      });
    });
    return { message: AUTH_MESSAGES.CODE_SENT };
  }
}
