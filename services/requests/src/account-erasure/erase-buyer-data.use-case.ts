import { Injectable } from '@nestjs/common';
import { ERASED_BUYER_NAME, RequestEvents, erasedBuyerEmail } from '@paymarket/contracts';
import type { Transaction } from '@paymarket/platform';
import { BuyerDataErasureRepository } from './buyer-data-erasure.repository.js';

export interface ErasureSummary {
  /** Requests taken off the board by this erasure. */
  removed: number;
  /** All the buyer's requests anonymised (including ones deleted earlier). */
  anonymised: number;
}

/**
 * A confirmed account deletion (ADR 0029): the buyer's requests leave the board like an owner's delete (with a
 * request.deleted event each) and keep nothing that identifies the buyer; seller interest in them keeps who contacted
 * and when, not what was written to the buyer. Runs inside the inbox transaction, so it happens once per event.
 */
@Injectable()
export class EraseBuyerDataUseCase {
  constructor(private readonly erasure: BuyerDataErasureRepository) {}

  async execute(tx: Transaction, buyerId: string): Promise<ErasureSummary> {
    const erased = { buyerId, email: erasedBuyerEmail(buyerId), name: ERASED_BUYER_NAME };
    const removed = await this.erasure.softDeleteVisibleOf(tx, buyerId);
    for (const request of removed) {
      await tx.publish(RequestEvents.REQUEST_DELETED, { requestId: request.id, deletedAt: request.deletedAt.toISOString() });
    }
    const ids = await this.erasure.anonymiseRequestsOf(tx, erased);
    await this.erasure.clearInterestMessages(tx, ids);
    await this.erasure.redactPublishedEvents(tx, ids, erased);
    return { removed: removed.length, anonymised: ids.length };
  }
}
