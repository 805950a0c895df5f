import { Injectable } from '@nestjs/common';
import { QUOTE_ERRORS, type QuoteListResponse, type RequestsActor } from '@paymarket/contracts';
import { ServiceError, UnitOfWork } from '@paymarket/platform';
import { toQuoteView } from './quote-view.js';
import { QuotesRepository } from './quotes.repository.js';

/** The quotes on a request, for the buyer who posted it only. */
@Injectable()
export class ListQuotesUseCase {
  constructor(
    private readonly quotes: QuotesRepository,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async execute(actor: RequestsActor, requestId: string): Promise<QuoteListResponse> {
    const request = await this.unitOfWork.run((tx) => this.quotes.requestForUpdate(tx, requestId));
    if (!request || request.deleted) throw ServiceError.notFound(QUOTE_ERRORS.REQUEST_NOT_FOUND);
    if (request.buyerId !== actor.buyerId) throw ServiceError.forbidden(QUOTE_ERRORS.NOT_OWNER);
    const rows = await this.quotes.listForRequest(requestId);
    const messages = await this.quotes.messagesOf(rows.map((r) => r.id));
    return { requestId, requestStatus: request.status, quotes: rows.map((r) => toQuoteView(r, messages.get(r.id))) };
  }
}
