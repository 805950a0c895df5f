import { Injectable } from '@nestjs/common';
import { ACCOUNT_DELETION_MESSAGES, OnboardingEvents, type AccountDeletionConfirmed } from '@paymarket/contracts';
import { ServiceError, UnitOfWork } from '@paymarket/platform';
import { Clock } from '../auth/clock.js';
import { AccountDeletionRepository } from './account-deletion.repository.js';
import { hashDeletionToken } from './deletion-tokens.js';

type Outcome = { ok: true; deletedAt: Date } | { ok: false; message: string };

/**
 * The owner followed the emailed link: in one transaction the buyer's personal data is erased, every session revoked,
 * the request marked confirmed and account.deletion_requested written to the outbox for the other services.
 */
@Injectable()
export class ConfirmAccountDeletionUseCase {
  constructor(
    private readonly requests: AccountDeletionRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: { token: string }): Promise<AccountDeletionConfirmed> {
    const now = this.clock.now();
    const outcome = await this.unitOfWork.run(async (tx): Promise<Outcome> => {
      const request = await this.requests.lockByTokenHash(tx, hashDeletionToken(input.token));
      if (!request) return { ok: false, message: ACCOUNT_DELETION_MESSAGES.LINK_INVALID };
      if (request.confirmedAt) return { ok: false, message: ACCOUNT_DELETION_MESSAGES.LINK_USED };
      if (request.expiresAt.getTime() <= now.getTime()) return { ok: false, message: ACCOUNT_DELETION_MESSAGES.LINK_EXPIRED };
      const buyer = await this.requests.activeBuyerById(tx, request.buyerId);
      // Cannot happen while confirming drops the buyer's other open requests; answered as a used link all the same.
      if (!buyer) return { ok: false, message: ACCOUNT_DELETION_MESSAGES.LINK_USED };

      await this.requests.markConfirmed(tx, request.id, now);
      await this.requests.dropOpenRequests(tx, buyer.id);
      await this.requests.deleteSignInCodes(tx, buyer.id, buyer.email);
      await this.requests.revokeBuyerSessions(tx, buyer.id, now);
      await this.requests.eraseBuyer(tx, buyer.id, now);
      await this.requests.redactPublishedEvents(tx, buyer.id, buyer.email);
      await tx.publish(OnboardingEvents.ACCOUNT_DELETION_REQUESTED, {
        requestId: request.id,
        buyerId: buyer.id,
        email: buyer.email,
        requestedAt: request.createdAt.toISOString(),
        confirmedAt: now.toISOString(),
      });
      return { ok: true, deletedAt: now };
    });
    if (!outcome.ok) throw ServiceError.invalid(outcome.message, { token: [outcome.message] });
    return { message: ACCOUNT_DELETION_MESSAGES.DELETED, deletedAt: outcome.deletedAt.toISOString() };
  }
}
