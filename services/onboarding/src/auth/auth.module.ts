import { Module } from '@nestjs/common';
import { AccountSessionsUseCase } from './account-sessions.use-case.js';
import { AuditTrail, SqlAuditTrail } from './audit-trail.js';
import { AuthHandler } from './auth.handler.js';
import { BuyerSignInCodes } from './buyer-sign-in-codes.js';
import { Clock, SystemClock } from './clock.js';
import { RequestSignInCodeUseCase } from './request-sign-in-code.use-case.js';
import { SessionsRepository, SqlSessionsRepository } from './sessions.repository.js';
import { SessionsHandler } from './sessions.handler.js';
import { SessionsService } from './sessions.service.js';
import { SignedInBuyersRepository, SqlSignedInBuyersRepository } from './signed-in-buyers.repository.js';
import { VerifySignInCodeUseCase } from './verify-sign-in-code.use-case.js';

/**
 * Buyer sign-in by emailed code, the session store every kind shares, and the listing and ending of one's own sessions
 * (ADR 0074).
 */
@Module({
  controllers: [AuthHandler, SessionsHandler],
  providers: [
    { provide: Clock, useClass: SystemClock },
    { provide: AuditTrail, useClass: SqlAuditTrail },
    { provide: SessionsRepository, useClass: SqlSessionsRepository },
    { provide: SignedInBuyersRepository, useClass: SqlSignedInBuyersRepository },
    BuyerSignInCodes,
    SessionsService,
    AccountSessionsUseCase,
    RequestSignInCodeUseCase,
    VerifySignInCodeUseCase,
  ],
  exports: [Clock, AuditTrail, SessionsRepository, SessionsService],
})
export class AuthModule {}
