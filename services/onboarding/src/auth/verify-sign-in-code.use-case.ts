import { Injectable } from '@nestjs/common';
import { AUTH_MESSAGES, SIGN_IN_CODE, type RpcResponse } from '@paymarket/contracts';
import { ServiceError, UnitOfWork } from '@paymarket/platform';
import { Clock } from './clock.js';
import { signInCodeMatches } from './secrets.js';
import { SessionsService } from './sessions.service.js';
import { SignInCodesRepository } from './sign-in-codes.repository.js';

type Outcome = { ok: true; buyerId: string } | { ok: false; message: string };

/** Checks a code (single use, 10 minutes, 5 wrong tries burn it) and starts a new buyer session. */
@Injectable()
export class VerifySignInCodeUseCase {
  constructor(
    private readonly codes: SignInCodesRepository,
    private readonly sessions: SessionsService,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: { email: string; code: string; previousToken?: string }): Promise<RpcResponse<'onboarding.verify_sign_in_code'>> {
    const now = this.clock.now();
    // The wrong-try count must commit even though the answer is an error, so the error is thrown after the commit.
    const outcome = await this.unitOfWork.run(async (tx): Promise<Outcome> => {
      const row = await this.codes.latest(tx, input.email);
      if (!row) return { ok: false, message: AUTH_MESSAGES.CODE_INVALID };
      if (row.burnedAt) return { ok: false, message: AUTH_MESSAGES.CODE_BURNED };
      if (row.consumedAt) return { ok: false, message: AUTH_MESSAGES.CODE_INVALID };
      if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, message: AUTH_MESSAGES.CODE_EXPIRED };
      // Rows of unknown emails never match, and count wrong tries exactly like real ones.
      if (row.buyerId === null || !signInCodeMatches(input.code, row.codeHash)) {
        const attempts = row.attempts + 1;
        const burned = attempts >= SIGN_IN_CODE.MAX_ATTEMPTS;
        await this.codes.recordWrongTry(tx, row.id, attempts, burned ? now : null);
        return { ok: false, message: burned ? AUTH_MESSAGES.CODE_BURNED : AUTH_MESSAGES.CODE_INVALID };
      }
      await this.codes.consume(tx, row.id, now);
      return { ok: true, buyerId: row.buyerId };
    });
    if (!outcome.ok) throw ServiceError.unauthorized(outcome.message);
    const buyer = await this.codes.buyerById(outcome.buyerId);
    if (!buyer) throw ServiceError.unauthorized(AUTH_MESSAGES.CODE_INVALID);
    const session = await this.sessions.start('buyer', buyer.id, input.previousToken);
    return { ...session, buyer };
  }
}
