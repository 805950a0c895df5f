import { Module } from '@nestjs/common';
import { AuthHandler } from './auth.handler.js';
import { BuyerSignInCodes } from './buyer-sign-in-codes.js';
import { Clock, SystemClock } from './clock.js';
import { RequestSignInCodeUseCase } from './request-sign-in-code.use-case.js';
import { SessionsRepository, SqlSessionsRepository } from './sessions.repository.js';
import { SessionsService } from './sessions.service.js';
import { SignedInBuyersRepository, SqlSignedInBuyersRepository } from './signed-in-buyers.repository.js';
import { VerifySignInCodeUseCase } from './verify-sign-in-code.use-case.js';

/** Buyer sign-in by emailed code, and the session store buyers and admins share (by kind). */
@Module({
  controllers: [AuthHandler],
  providers: [
    { provide: Clock, useClass: SystemClock },
    { provide: SessionsRepository, useClass: SqlSessionsRepository },
    { provide: SignedInBuyersRepository, useClass: SqlSignedInBuyersRepository },
    BuyerSignInCodes,
    SessionsService,
    RequestSignInCodeUseCase,
    VerifySignInCodeUseCase,
  ],
  exports: [Clock, SessionsRepository, SessionsService],
})
export class AuthModule {}
