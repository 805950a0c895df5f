import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CatalogEvents, SELLER_EDIT_LINK_MESSAGES, type SellerProfile } from '@paymarket/contracts';
import { ServiceError, UnitOfWork } from '@paymarket/platform';
import { Clock } from '../shared/clock.js';
import { isUuid } from '../shared/ids.js';
import { generateToken, hashToken } from './seller-tokens.js';
import { SellersRepository } from './sellers.repository.js';

export const RECOVERY_LINK_TTL_MS = 30 * 60 * 1000;

/**
 * A request repeated within this long of the last link (a double submit, a retry after a lost answer) emails no
 * second link: the first, already on its way, works (ADR 0050). The answer is the same either way.
 */
export const REPEAT_WINDOW_MS = 60 * 1000;

/** A seller who lost the edit token gets a one-time link by email and trades it for a new token. */
@Injectable()
export class SellerEditLinkUseCase {
  constructor(
    private readonly sellers: SellersRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /** Same answer whether or not the email matches, so it cannot be used to learn a seller's address. */
  async request(input: { sellerId: unknown; email: string }): Promise<{ message: string }> {
    const answer = { message: SELLER_EDIT_LINK_MESSAGES.SENT };
    if (!isUuid(input.sellerId)) return answer;
    const sellerId = input.sellerId;
    await this.unitOfWork.run(async (tx) => {
      // Locked, so two requests at once see each other's link.
      const seller = await this.sellers.lockById(tx, sellerId);
      if (!seller || seller.email.toLowerCase() !== input.email.toLowerCase()) return;
      const expiresAt = new Date(this.clock.now().getTime() + RECOVERY_LINK_TTL_MS);
      const recent = new Date(expiresAt.getTime() - REPEAT_WINDOW_MS);
      if (await this.sellers.hasRecoveryTokenExpiringAfter(tx, sellerId, recent)) return;
      const token = generateToken();
      await this.sellers.addRecoveryToken(tx, { id: randomUUID(), sellerId, hash: hashToken(token), expiresAt });
      await tx.publish(CatalogEvents.SELLER_EDIT_LINK_REQUESTED, {
        sellerId,
        businessName: seller.businessName,
        sellerName: seller.sellerName,
        email: seller.email,
        path: `/sellers/edit/${sellerId}?recovery=${token}`,
        expiresAt: expiresAt.toISOString(),
      });
    });
    return answer;
  }

  /** Redeems a link once: a new edit token replaces the old one, and every outstanding link of the seller dies. */
  async recover(input: { sellerId: unknown; recoveryToken: string }): Promise<{ authToken: string; seller: SellerProfile }> {
    const invalid = () =>
      ServiceError.invalid(SELLER_EDIT_LINK_MESSAGES.INVALID_LINK, { recoveryToken: [SELLER_EDIT_LINK_MESSAGES.INVALID_LINK] });
    if (!isUuid(input.sellerId)) throw invalid();
    const sellerId = input.sellerId;
    const now = this.clock.now();
    const authToken = generateToken();
    return this.unitOfWork.run(async (tx) => {
      const link = await this.sellers.lockRecoveryToken(tx, sellerId, hashToken(input.recoveryToken));
      if (!link || link.usedAt !== null || link.expiresAt.getTime() <= now.getTime()) throw invalid();
      await this.sellers.useRecoveryTokens(tx, sellerId, now);
      await this.sellers.setEditTokenHash(tx, sellerId, hashToken(authToken));
      const seller = await this.sellers.findById(sellerId, tx);
      if (!seller) throw invalid();
      return { authToken, seller };
    });
  }
}
