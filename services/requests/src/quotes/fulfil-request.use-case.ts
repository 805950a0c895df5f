import { Injectable } from '@nestjs/common';
import { QuoteEvents } from '@paymarket/contracts';
import type { Transaction } from '@paymarket/platform';
import { QuotesRepository } from './quotes.repository.js';

/**
 * A quote's order was paid: the quote is paid, its request fulfilled, and the sellers of the other open quotes are
 * told (request.fulfilled). Runs inside the inbox transaction of payment.succeeded, so once per event.
 */
@Injectable()
export class FulfilRequestUseCase {
  constructor(private readonly quotes: QuotesRepository) {}

  /** False when the order is not a quote's (or the quote was already paid). */
  async execute(tx: Transaction, orderId: string): Promise<boolean> {
    const quote = await this.quotes.byOrderId(tx, orderId);
    if (!quote || quote.status === 'paid') return false;
    const request = await this.quotes.requestForUpdate(tx, quote.requestId);
    if (!request) return false;
    await this.quotes.decide(tx, quote.id, { status: 'paid' });
    const otherSellers = await this.quotes.fulfil(tx, quote.requestId, quote.id);
    const base = {
      quoteId: quote.id,
      requestId: quote.requestId,
      requestTitle: request.title,
      buyerEmail: request.buyerEmail,
      buyerName: request.buyerName,
      seller: quote.seller,
      amountMinor: quote.amountMinor.toString(),
      currency: quote.currency,
    };
    await tx.publish(QuoteEvents.QUOTE_PAID, { ...base, orderId });
    await tx.publish(QuoteEvents.REQUEST_FULFILLED, {
      requestId: quote.requestId,
      requestTitle: request.title,
      quoteId: quote.id,
      otherSellers,
    });
    return true;
  }
}
