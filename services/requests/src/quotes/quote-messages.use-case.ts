import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  QUOTE_ERRORS,
  QUOTE_SUCCESS,
  QuoteEvents,
  type QuoteMessageDto,
  type QuoteResponse,
  type QuoteSeller,
  type RequestsActor,
} from '@paymarket/contracts';
import { ServiceError, UnitOfWork } from '@paymarket/platform';
import { toQuoteView } from './quote-view.js';
import { QuotesRepository } from './quotes.repository.js';

export const QUOTE_MESSAGE_ERRORS = {
  NOT_YOUR_QUOTE: 'Only the seller who sent this quote can answer about it.',
} as const;

/**
 * A buyer asks the seller about a quote, and the seller answers (ADR 0045). Each message is stored and emailed to the
 * other party (quote.question_asked / quote.question_answered); neither learns the other's address from it.
 */
@Injectable()
export class QuoteMessagesUseCase {
  constructor(
    private readonly quotes: QuotesRepository,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  ask(actor: RequestsActor, requestId: string, quoteId: string, input: QuoteMessageDto, idempotencyKey?: string): Promise<QuoteResponse> {
    const once = { scope: `quote-questions:${actor.buyerId}`, key: idempotencyKey };
    return this.post(once, requestId, quoteId, input, 'buyer', (request) => {
      if (request.buyerId !== actor.buyerId) throw ServiceError.forbidden(QUOTE_ERRORS.NOT_OWNER);
    });
  }

  answer(seller: QuoteSeller, requestId: string, quoteId: string, input: QuoteMessageDto, idempotencyKey?: string): Promise<QuoteResponse> {
    const once = { scope: `quote-answers:${seller.id}`, key: idempotencyKey };
    return this.post(once, requestId, quoteId, input, 'seller', (_request, quoteSellerId) => {
      if (quoteSellerId !== seller.id) throw ServiceError.forbidden(QUOTE_MESSAGE_ERRORS.NOT_YOUR_QUOTE);
    });
  }

  /** Once per Idempotency-Key and author (ADR 0048's retry audit): a retry gets the first answer, not a second email. */
  private async post(
    once: { scope: string; key: string | undefined },
    requestId: string,
    quoteId: string,
    input: QuoteMessageDto,
    author: 'buyer' | 'seller',
    authorise: (request: { buyerId: string }, quoteSellerId: string) => void,
  ): Promise<QuoteResponse> {
    const sent = { requestId, quoteId, message: input.message };
    return this.unitOfWork.runOnce({ ...once, request: sent }, async (tx) => {
      const request = await this.quotes.requestForUpdate(tx, requestId);
      if (!request || request.deleted) throw ServiceError.notFound(QUOTE_ERRORS.REQUEST_NOT_FOUND);
      const quote = await this.quotes.byId(tx, quoteId);
      if (!quote || quote.requestId !== requestId) throw ServiceError.notFound(QUOTE_ERRORS.NOT_FOUND);
      authorise(request, quote.seller.id);
      await this.quotes.addMessage(tx, { id: randomUUID(), quoteId, author, message: input.message });
      await tx.publish(author === 'buyer' ? QuoteEvents.QUESTION_ASKED : QuoteEvents.QUESTION_ANSWERED, {
        quoteId,
        requestId,
        requestTitle: request.title,
        buyerEmail: request.buyerEmail,
        buyerName: request.buyerName,
        seller: quote.seller,
        amountMinor: quote.amountMinor.toString(),
        currency: quote.currency,
        message: input.message,
      });
      // Read in the transaction so the answer (replayed as stored on a retry) includes the new message.
      const messages = await this.quotes.messagesOf([quote.id], tx);
      return {
        quote: toQuoteView(quote, messages.get(quote.id)),
        message: author === 'buyer' ? QUOTE_SUCCESS.QUESTION_SENT : QUOTE_SUCCESS.ANSWER_SENT,
      };
    });
  }
}
