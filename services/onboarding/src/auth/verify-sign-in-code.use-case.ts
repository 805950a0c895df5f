import { Injectable } from '@nestjs/common';
import { AUTH_MESSAGES, type RpcResponse } from '@paymarket/contracts';
import { ServiceError } from '@paymarket/platform';
import { BuyerSignInCodes } from './buyer-sign-in-codes.js';
import { SessionsService } from './sessions.service.js';
import { SignedInBuyersRepository } from './signed-in-buyers.repository.js';

/** Checks a code (single use, 10 minutes, 5 wrong tries burn it) and starts a new buyer session. */
@Injectable()
export class VerifySignInCodeUseCase {
  constructor(
    private readonly codes: BuyerSignInCodes,
    private readonly buyers: SignedInBuyersRepository,
    private readonly sessions: SessionsService,
  ) {}

  async execute(input: { email: string; code: string; previousToken?: string }): Promise<RpcResponse<'onboarding.verify_sign_in_code'>> {
    const buyerId = await this.codes.verify(input.email, input.code);
    // The buyer was deleted between the code and its use: nothing to sign in to.
    const buyer = await this.buyers.byId(buyerId);
    if (!buyer) throw ServiceError.unauthorized(AUTH_MESSAGES.CODE_INVALID);
    const session = await this.sessions.start('buyer', buyer.id, input.previousToken);
    return { ...session, buyer };
  }
}
