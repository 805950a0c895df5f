import { Injectable } from '@nestjs/common';
import type { Transaction } from '@paymarket/platform';

/** What stands in for the buyer on their erased rows (ADR 0029). */
export interface ErasedBuyer {
  buyerId: string;
  email: string;
  name: string;
}

export interface RemovedRequest {
  id: string;
  deletedAt: Date;
}

/** Port: erases one buyer's personal data from the requests schema, inside the caller's transaction. */
export abstract class BuyerDataErasureRepository {
  /** Soft-deletes the buyer's visible requests (as an owner's delete does) and returns them. */
  abstract softDeleteVisibleOf(tx: Transaction, buyerId: string): Promise<RemovedRequest[]>;
  /**
   * Anonymises every request of the buyer (visible or not, so older deletes are covered too): email and name become
   * the tombstone's, the free-text fields (title, description, budget, timeline, location) are emptied. Returns the
   * ids of all the buyer's requests.
   */
  abstract anonymiseRequestsOf(tx: Transaction, erased: ErasedBuyer): Promise<string[]>;
  /** Clears the messages sellers wrote to the buyer about these requests; who contacted and when stays. */
  abstract clearInterestMessages(tx: Transaction, requestIds: readonly string[]): Promise<void>;
  /** Redacts the buyer's details in already published outbox events about these requests. */
  abstract redactPublishedEvents(tx: Transaction, requestIds: readonly string[], erased: ErasedBuyer): Promise<void>;
}

/** The title an erased request keeps: the row stays for audit and interest records, its text does not. */
export const ERASED_REQUEST_TITLE = 'Deleted request';

@Injectable()
export class SqlBuyerDataErasureRepository extends BuyerDataErasureRepository {
  async softDeleteVisibleOf(tx: Transaction, buyerId: string): Promise<RemovedRequest[]> {
    // One statement, so the category-count trigger sees all the rows at once and the stats stay exact.
    const result = (await tx.manager.query(
      `UPDATE buyer_requests SET deleted_at = now(), updated_at = now()
        WHERE buyer_id = $1 AND deleted_at IS NULL RETURNING id, deleted_at`,
      [buyerId],
    )) as [Array<{ id: string; deleted_at: Date }>, number];
    return result[0].map((r) => ({ id: r.id, deletedAt: r.deleted_at }));
  }

  async anonymiseRequestsOf(tx: Transaction, erased: ErasedBuyer): Promise<string[]> {
    const result = (await tx.manager.query(
      `UPDATE buyer_requests
          SET buyer_email = $2, buyer_name = $3, title = $4, description = '', budget = '', budget_min_cents = NULL,
              timeline = '', location = '', updated_at = now()
        WHERE buyer_id = $1 RETURNING id`,
      [erased.buyerId, erased.email, erased.name, ERASED_REQUEST_TITLE],
    )) as [Array<{ id: string }>, number];
    return result[0].map((r) => r.id);
  }

  async clearInterestMessages(tx: Transaction, requestIds: readonly string[]): Promise<void> {
    if (requestIds.length === 0) return;
    await tx.manager.query(`UPDATE seller_interests SET message = '' WHERE request_id = ANY($1::uuid[])`, [requestIds]);
  }

  async redactPublishedEvents(tx: Transaction, requestIds: readonly string[], erased: ErasedBuyer): Promise<void> {
    if (requestIds.length === 0) return;
    // Only sent rows: an unsent one is still owed to its consumers as written (and is gone from the queue once sent).
    await tx.manager.query(
      `UPDATE outbox SET payload = CASE name
           WHEN 'request.posted' THEN payload || jsonb_build_object('buyerEmail', $2::text, 'title', $4::text)
           WHEN 'request.updated' THEN payload || jsonb_build_object('title', $4::text)
           WHEN 'request.interest_recorded' THEN payload
             || jsonb_build_object('buyerEmail', $2::text, 'buyerName', $3::text, 'requestTitle', $4::text, 'message', '')
           ELSE payload END
        WHERE sent_at IS NOT NULL AND name IN ('request.posted', 'request.updated', 'request.interest_recorded')
          AND payload->>'requestId' = ANY($1::text[])`,
      [requestIds, erased.email, erased.name, ERASED_REQUEST_TITLE],
    );
  }
}
