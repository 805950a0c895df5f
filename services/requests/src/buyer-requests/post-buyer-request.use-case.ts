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

  /** The buyer is the signed-in actor; any buyerEmail in the input is ignored on purpose. */
  async execute(actor: RequestsActor, input: PostBuyerRequestDto): Promise<BuyerRequestResponse> {
    const budget = input.budget ?? '';
    const row = await this.unitOfWork.run(async (tx) => {
      const created = await this.requests.insert(tx, {
        id: randomUUID(),
        title: input.title,
        description: input.description,
        category: input.category ?? 'other',
        budget,
        // Parsed once at write time into an indexed column, so the budget filter is a range scan.
        budgetMinCents: firstBudgetCents(budget),
        timeline: input.timeline ?? '',
        location: input.location ?? '',
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
    });
    return { request: toView(row, actor.email), message: BuyerRequestSuccess.POSTED };
  }
}
