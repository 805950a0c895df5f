import { Injectable } from '@nestjs/common';
import { AUTH_MESSAGES, OnboardingEvents, type SignedInBuyer, type SignInCodeRequested } from '@paymarket/contracts';
import type { Transaction } from '@paymarket/platform';
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
    // One event for both: notifications sends the code to a buyer, the invitation to register to anyone else.
    const announce = (buyer: SignedInBuyer | undefined) => async (tx: Transaction, code: string | null, expiresAt: Date) => {
      await tx.publish(OnboardingEvents.SIGN_IN_CODE_REQUESTED, {
        email,
        registered: buyer !== undefined,
        code,
        name: buyer?.name ?? null,
        expiresAt: expiresAt.toISOString(),
      });
    };
    await this.codes.request(
      email,
      async (tx) => {
        const buyer = await this.buyers.byEmail(tx, email);
        return buyer ? { subjectId: buyer.id, announce: announce(buyer) } : undefined;
      },
      (tx, expiresAt) => announce(undefined)(tx, null, expiresAt),
    );
    return { message: AUTH_MESSAGES.CODE_SENT };
  }
}
