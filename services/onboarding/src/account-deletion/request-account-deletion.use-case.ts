import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  ACCOUNT_DELETION_MESSAGES,
  DELETION_LINK_TTL_MS,
  OnboardingEvents,
  type AccountDeletionRequested,
  type RequestAccountDeletionDto,
} from '@paymarket/contracts';
import { UnitOfWork } from '@paymarket/platform';
import { Clock } from '../auth/clock.js';
import { AccountDeletionRepository } from './account-deletion.repository.js';
import { hashDeletionToken, newDeletionToken } from './deletion-tokens.js';

/** Unconfirmed requests are kept this long past their expiry (to answer "expired" rather than "not valid"), then purged. */
export const EXPIRED_REQUEST_RETENTION_MS = 7 * 24 * 60 * 60_000;

export const CONFIRM_PATH = '/delete-account/confirm';

/**
 * A request repeated within this long of the last one (a double submit, a retry after a lost answer) sends no second
 * link: the first one, already on its way, stays the live one (ADR 0050). The answer is the same words either way.
 */
export const REPEAT_WINDOW_MS = 60_000;

/**
 * Records a deletion request and emails its owner a one-time confirmation link. Anyone can type any email, so nothing
 * is deleted here; an email without an account gets a short note instead, and the answer is the same either way.
 */
@Injectable()
export class RequestAccountDeletionUseCase {
  constructor(
    private readonly requests: AccountDeletionRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: RequestAccountDeletionDto): Promise<AccountDeletionRequested> {
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + DELETION_LINK_TTL_MS);
    await this.unitOfWork.run(async (tx) => {
      await this.requests.lockEmail(tx, input.email);
      await this.requests.purgeExpired(tx, new Date(now.getTime() - EXPIRED_REQUEST_RETENTION_MS));
      const buyer = await this.requests.activeBuyerByEmail(tx, input.email);
      if (!buyer) {
        // Nothing stored for an unknown email: there is no account to delete and no reason to keep the address.
        await tx.publish(OnboardingEvents.ACCOUNT_DELETION_CONFIRMATION_REQUESTED, {
          email: input.email,
          registered: false,
          name: null,
          path: null,
          expiresAt: expiresAt.toISOString(),
        });
        return;
      }
      if (await this.requests.hasOpenRequestSince(tx, buyer.id, new Date(now.getTime() - REPEAT_WINDOW_MS))) return;
      // One live link per account: a newer request replaces the older one.
      await this.requests.dropOpenRequests(tx, buyer.id);
      const token = newDeletionToken();
      await this.requests.insert(tx, {
        id: randomUUID(),
        buyerId: buyer.id,
        email: buyer.email,
        reason: input.reason ? input.reason : null,
        tokenHash: hashDeletionToken(token),
        createdAt: now,
        expiresAt,
      });
      await tx.publish(OnboardingEvents.ACCOUNT_DELETION_CONFIRMATION_REQUESTED, {
        email: buyer.email,
        registered: true,
        name: buyer.name,
        path: `${CONFIRM_PATH}?token=${token}`,
        expiresAt: expiresAt.toISOString(),
      });
    });
    return { message: ACCOUNT_DELETION_MESSAGES.REQUEST_RECEIVED };
  }
}
