import { Injectable } from '@nestjs/common';
import { RequestEvents, type DeleteBuyerRequestResponse, type RequestsActor } from '@paymarket/contracts';
import { ServiceError, UnitOfWork } from '@paymarket/platform';
import { BuyerRequestErrors, BuyerRequestSuccess } from './buyer-requests.exception.js';
import { BuyerRequestsRepository } from './buyer-requests.repository.js';

@Injectable()
export class DeleteBuyerRequestUseCase {
  constructor(
    private readonly requests: BuyerRequestsRepository,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /** Soft delete: the row stays for audit (and its seller interest with it) but is hidden everywhere. */
  async execute(actor: RequestsActor, requestId: string): Promise<DeleteBuyerRequestResponse> {
    await this.unitOfWork.run(async (tx) => {
      const current = await this.requests.findVisibleForUpdate(tx, requestId);
      if (!current) throw ServiceError.notFound(BuyerRequestErrors.NOT_FOUND);
      if (current.buyerEmail !== actor.email) throw ServiceError.forbidden(BuyerRequestErrors.NOT_OWNER_DELETE);
      const deletedAt = await this.requests.softDelete(tx, requestId);
      await tx.publish(RequestEvents.REQUEST_DELETED, { requestId, deletedAt: deletedAt.toISOString() });
    });
    return { id: requestId, message: BuyerRequestSuccess.DELETED };
  }
}
