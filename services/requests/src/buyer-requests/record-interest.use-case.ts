import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { BUYER_REQUEST_MESSAGES, RequestEvents, type ContactBuyerResponse, type InterestedSeller } from '@paymarket/contracts';
import { ServiceError, UnitOfWork } from '@paymarket/platform';
import { BuyerRequestErrors, BuyerRequestSuccess } from './buyer-requests.exception.js';
import { BuyerRequestsRepository } from './buyer-requests.repository.js';

@Injectable()
export class RecordInterestUseCase {
  constructor(
    private readonly requests: BuyerRequestsRepository,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /**
   * Records a seller's interest once per request; the event carries what the buyer's email needs. The seller
   * comes from catalog (verified by the gateway), never from the browser.
   */
  async execute(requestId: string, seller: InterestedSeller, sellerMessage: string | undefined): Promise<ContactBuyerResponse> {
    const message = sellerMessage?.trim() ? sellerMessage.trim() : BUYER_REQUEST_MESSAGES.DEFAULT_SELLER_MESSAGE;
    await this.unitOfWork.run(async (tx) => {
      const request = await this.requests.findVisibleForUpdate(tx, requestId);
      if (!request) throw ServiceError.notFound(BuyerRequestErrors.NOT_FOUND);
      const interestId = randomUUID();
      const inserted = await this.requests.insertInterest(tx, {
        id: interestId,
        requestId,
        sellerId: seller.id,
        sellerBusinessName: seller.businessName,
        message,
      });
      if (!inserted) throw ServiceError.conflict(BuyerRequestErrors.ALREADY_CONTACTED);
      await tx.publish(RequestEvents.INTEREST_RECORDED, {
        interestId,
        requestId,
        requestTitle: request.title,
        buyerEmail: request.buyerEmail,
        buyerName: request.buyerName,
        seller,
        message,
      });
    });
    return { requestId, message: BuyerRequestSuccess.INTEREST_RECORDED };
  }
}
