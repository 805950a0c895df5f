import { Injectable } from '@nestjs/common';
import {
  QUOTE_ERRORS,
  QUOTE_SUCCESS,
  QuoteEvents,
  type DeclineQuoteDto,
  type QuoteResponse,
  type RequestsActor,
} from '@paymarket/contracts';
import { ServiceError, UnitOfWork } from '@paymarket/platform';
import { toQuoteView } from './quote-view.js';
import { QuotesRepository } from './quotes.repository.js';

/** The request's owner declines a sent quote; the seller is told (quote.declined). Declining twice is a no-op. */
@Injectable()
export class DeclineQuoteUseCase {
  constructor(
    private readonly quotes: QuotesRepository,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async execute(actor: RequestsActor, requestId: string, quoteId: string, input: DeclineQuoteDto): Promise<QuoteResponse> {
    const row = await this.unitOfWork.run(async (tx) => {
      const request = await this.quotes.requestForUpdate(tx, requestId);
      if (!request || request.deleted) throw ServiceError.notFound(QUOTE_ERRORS.REQUEST_NOT_FOUND);
      if (request.buyerId !== actor.buyerId) throw ServiceError.forbidden(QUOTE_ERRORS.NOT_OWNER);
      const quote = await this.quotes.byId(tx, quoteId);
      if (!quote || quote.requestId !== requestId) throw ServiceError.notFound(QUOTE_ERRORS.NOT_FOUND);
      if (quote.status === 'declined') return quote;
      if (quote.status !== 'sent') throw ServiceError.conflict(QUOTE_ERRORS.NOT_OPEN(quote.status));
      const reason = input.reason?.trim() ? input.reason.trim() : null;
      await this.quotes.decide(tx, quoteId, { status: 'declined', declineReason: reason });
      await tx.publish(QuoteEvents.QUOTE_DECLINED, {
        quoteId,
        requestId,
        requestTitle: request.title,
        buyerEmail: request.buyerEmail,
        buyerName: request.buyerName,
        seller: quote.seller,
        amountMinor: quote.amountMinor.toString(),
        currency: quote.currency,
        reason,
      });
      return (await this.quotes.byId(tx, quoteId))!;
    });
    return { quote: toQuoteView(row), message: QUOTE_SUCCESS.DECLINED };
  }
}
