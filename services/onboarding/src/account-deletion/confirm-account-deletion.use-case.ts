import { Injectable } from '@nestjs/common';
import { ACCOUNT_DELETION_MESSAGES, OnboardingEvents, type AccountDeletionConfirmed, type AuditOrigin } from '@paymarket/contracts';
import { ServiceError, UnitOfWork } from '@paymarket/platform';
import { AuditTrail } from '../auth/audit-trail.js';
import { Clock } from '../auth/clock.js';
import { AccountDeletionRepository } from './account-deletion.repository.js';
import { hashDeletionToken } from './deletion-tokens.js';

type Outcome = { ok: true; deletedAt: Date } | { ok: false; message: string };

/**
 * The owner followed the emailed link: in one transaction the buyer's personal data is erased, every session revoked,
 * the request marked confirmed and account.deletion_requested written to the outbox for the other services. The
 * erasure is an `account.erased` row of the audit trail (ADR 0075), which outlives the personal data: it names the
 * account by id and the actor as "account holder", never by email.
 */
@Injectable()
export class ConfirmAccountDeletionUseCase {
  constructor(
    private readonly requests: AccountDeletionRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly trail: AuditTrail,
  ) {}

  /** `from`: where the link was followed from, as the gateway saw it. */
  async execute(input: { token: string; from: AuditOrigin }): Promise<AccountDeletionConfirmed> {
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
      const sessionsEnded = await this.requests.revokeBuyerSessions(tx, buyer.id, now);
      await this.requests.eraseBuyer(tx, buyer.id, now);
      await this.requests.redactPublishedEvents(tx, buyer.id, buyer.email);
      await tx.publish(OnboardingEvents.ACCOUNT_DELETION_REQUESTED, {
        requestId: request.id,
        buyerId: buyer.id,
        email: buyer.email,
        requestedAt: request.createdAt.toISOString(),
        confirmedAt: now.toISOString(),
      });
      await this.trail.record(
        tx,
        { actor: { type: 'account', id: buyer.id, label: 'account holder' }, ...input.from },
        {
          action: 'account.erased',
          target: { type: 'account', id: buyer.id },
          companyId: null,
          before: { status: 'active' },
          after: { status: 'erased', sessionsEnded },
        },
      );
      return { ok: true, deletedAt: now };
    });
    if (!outcome.ok) throw ServiceError.invalid(outcome.message, { token: [outcome.message] });
    return { message: ACCOUNT_DELETION_MESSAGES.DELETED, deletedAt: outcome.deletedAt.toISOString() };
  }
}
