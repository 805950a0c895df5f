import { Injectable } from '@nestjs/common';
import {
  firstBudgetCents,
  RequestEvents,
  type BuyerRequestResponse,
  type RequestsActor,
  type UpdateBuyerRequestDto,
} from '@paymarket/contracts';
import { ServiceError, UnitOfWork } from '@paymarket/platform';
import { toView } from './buyer-request.view.js';
import { BuyerRequestErrors, BuyerRequestSuccess } from './buyer-requests.exception.js';
import { BuyerRequestsRepository } from './buyer-requests.repository.js';

@Injectable()
export class UpdateBuyerRequestUseCase {
  constructor(
    private readonly requests: BuyerRequestsRepository,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /** Only the buyer who posted it (the session's email) may edit; fields left out keep their value. */
  async execute(actor: RequestsActor, requestId: string, input: UpdateBuyerRequestDto): Promise<BuyerRequestResponse> {
    const row = await this.unitOfWork.run(async (tx) => {
      const current = await this.requests.findVisibleForUpdate(tx, requestId);
      if (!current) throw ServiceError.notFound(BuyerRequestErrors.NOT_FOUND);
      if (current.buyerEmail !== actor.email) throw ServiceError.forbidden(BuyerRequestErrors.NOT_OWNER_UPDATE);
      const budget = input.budget ?? current.budget;
      const updated = await this.requests.update(tx, requestId, {
        title: input.title,
        description: input.description,
        category: input.category ?? current.category,
        budget,
        budgetMinCents: firstBudgetCents(budget),
        timeline: input.timeline ?? current.timeline,
        location: input.location ?? current.location,
      });
      await tx.publish(RequestEvents.REQUEST_UPDATED, { requestId, title: updated.title, category: updated.category });
      return updated;
    });
    return { request: toView(row, actor.email), message: BuyerRequestSuccess.UPDATED };
  }
}
