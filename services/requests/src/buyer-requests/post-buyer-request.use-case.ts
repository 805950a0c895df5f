import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  firstBudgetCents,
  RequestEvents,
  type BuyerRequestResponse,
  type PostBuyerRequestDto,
  type RequestsActor,
} from '@paymarket/contracts';
import { UnitOfWork } from '@paymarket/platform';
import { toView } from './buyer-request.view.js';
import { BuyerRequestSuccess } from './buyer-requests.exception.js';
import { BuyerRequestsRepository } from './buyer-requests.repository.js';

@Injectable()
export class PostBuyerRequestUseCase {
  constructor(
    private readonly requests: BuyerRequestsRepository,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /**
   * The buyer is the signed-in actor; any buyerEmail in the input is ignored on purpose. With an Idempotency-Key the
   * post is made once per key and buyer: a retry after a lost answer gets the first answer, not a second card.
   */
  async execute(actor: RequestsActor, input: PostBuyerRequestDto, idempotencyKey?: string): Promise<BuyerRequestResponse> {
    const fields = {
      title: input.title,
      description: input.description,
      category: input.category ?? 'other',
      budget: input.budget ?? '',
      timeline: input.timeline ?? '',
      location: input.location ?? '',
    };
    // The stored answer is replayed as JSON, so the work returns the view (strings), not the row (Dates).
    return this.unitOfWork.runOnce({ scope: `board-posts:${actor.buyerId}`, key: idempotencyKey, request: fields }, async (tx) => {
      const created = await this.requests.insert(tx, {
        id: randomUUID(),
        ...fields,
        // Parsed once at write time into an indexed column, so the budget filter is a range scan.
        budgetMinCents: firstBudgetCents(fields.budget),
        buyerId: actor.buyerId,
        buyerEmail: actor.email,
        buyerName: actor.name,
      });
      await tx.publish(RequestEvents.REQUEST_POSTED, {
        requestId: created.id,
        title: created.title,
        category: created.category,
        buyerEmail: created.buyerEmail,
      });
      return { request: toView(created, actor.email), message: BuyerRequestSuccess.POSTED };
    });
  }
}
