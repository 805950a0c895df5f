import { Injectable } from '@nestjs/common';
import { AUTH_MESSAGES, OnboardingEvents, type SignInCodeRequested } from '@paymarket/contracts';
import { BuyerSignInCodes } from './buyer-sign-in-codes.js';
import { SignedInBuyersRepository } from './signed-in-buyers.repository.js';

/**
 * Emails a one-time code to a registered buyer, or an invitation to register to an unknown email. Both paths write
 * the same kind of row and answer the same words, so the answer never tells whether an account exists.
 */
@Injectable()
export class RequestSignInCodeUseCase {
  constructor(
    private readonly codes: BuyerSignInCodes,
    private readonly buyers: SignedInBuyersRepository,
  ) {}

  async execute(email: string): Promise<SignInCodeRequested> {
    await this.codes.request(
      email,
      async (tx) => {
        const buyer = await this.buyers.byEmail(tx, email);
        if (!buyer) return undefined;
        return {
          subjectId: buyer.id,
          announce: async (outbox, code, expiresAt) => {
            await outbox.publish(OnboardingEvents.SIGN_IN_CODE_REQUESTED, {
              email,
              registered: true,
              code,
              name: buyer.name,
              expiresAt: expiresAt.toISOString(),
            });
          },
        };
      },
      // The same event for an email nobody uses, so notifications sends the invitation to register instead.
      async (outbox, expiresAt) => {
        await outbox.publish(OnboardingEvents.SIGN_IN_CODE_REQUESTED, {
          email,
          registered: false,
          code: null,
          name: null,
          expiresAt: expiresAt.toISOString(),
        });
      },
    );
    return { message: AUTH_MESSAGES.CODE_SENT };
  }
}
