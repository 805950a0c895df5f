import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  firstBudgetCents,
  RequestEvents,
  type BuyerRequestResponse,
  type PostBuyerRequestDto,
  type RequestsActor,
} from '@paymarket/contracts';
import { UnitOfWork, type Transaction } from '@paymarket/platform';
import { toView } from './buyer-request.view.js';
import { BuyerRequestSuccess } from './buyer-requests.exception.js';
import { BuyerRequestsRepository, type BuyerRequestRow } from './buyer-requests.repository.js';

/** What a post stores of its input: the fields left out get the board's defaults. */
function postedFields(input: PostBuyerRequestDto) {
  return {
    title: input.title,
    description: input.description,
    category: input.category ?? 'other',
    budget: input.budget ?? '',
    timeline: input.timeline ?? '',
    location: input.location ?? '',
  };
}

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
    const fields = postedFields(input);
    // The stored answer is replayed as JSON, so the work returns the view (strings), not the row (Dates).
    return this.unitOfWork.runOnce({ scope: `board-posts:${actor.buyerId}`, key: idempotencyKey, request: fields }, async (tx) => {
      const created = await this.postIn(tx, actor, input);
      return { request: toView(created, actor.email), message: BuyerRequestSuccess.POSTED };
    });
  }

  /**
   * The post itself (the row and its `request.posted`) inside the caller's transaction. The demo seed posts through
   * here with fixed ids, so its requests are stored and announced exactly as a buyer's.
   */
  async postIn(tx: Transaction, actor: RequestsActor, input: PostBuyerRequestDto, id: string = randomUUID()): Promise<BuyerRequestRow> {
    const fields = postedFields(input);
    const created = await this.requests.insert(tx, {
      id,
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
    return created;
  }
}
