import { Injectable } from '@nestjs/common';
import {
  formatMinor,
  QUOTE_ERRORS,
  QUOTE_SUCCESS,
  QuoteEvents,
  quoteOrderId,
  type AcceptQuoteResponse,
  type RequestsActor,
} from '@paymarket/contracts';
import { ServiceError, UnitOfWork, type Transaction } from '@paymarket/platform';
import { QuoteOrders } from './quote-orders.js';
import { toQuoteView } from './quote-view.js';
import { QuotesRepository, type QuoteRow, type QuotedRequest } from './quotes.repository.js';

const SELLER_REF_PREFIX = 'seller_';

/**
 * The request's owner accepts a quote. The order is created in payments first (one per quote, so a retry or a
 * double click finds the same order) and only then is the quote marked accepted, so a refusal by payments (a seller
 * who cannot be paid) leaves the quote open. Accepting an accepted quote answers the same order again.
 */
@Injectable()
export class AcceptQuoteUseCase {
  constructor(
    private readonly quotes: QuotesRepository,
    private readonly orders: QuoteOrders,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async execute(actor: RequestsActor, requestId: string, quoteId: string): Promise<AcceptQuoteResponse> {
    const { request, quote } = await this.unitOfWork.run((tx) => this.check(tx, actor, requestId, quoteId));
    const orderId = quoteOrderId(quote.id);
    await this.orders.create({
      quoteId: quote.id,
      buyer: { id: actor.buyerId, email: actor.email, name: actor.name },
      sellerId: quote.seller.id,
      amountMinor: quote.amountMinor.toString(),
      currency: quote.currency,
      description: `Quote from ${quote.seller.businessName}: ${request.title}`.slice(0, 500),
      provider:
        quote.providerStripeAccountId && quote.providerAmountMinor !== null
          ? { stripeAccountId: quote.providerStripeAccountId, amountMinor: quote.providerAmountMinor.toString() }
          : null,
    });
    const accepted = await this.unitOfWork.run(async (tx) => {
      // Checked again under the lock: another quote may have been accepted while payments answered.
      const again = await this.check(tx, actor, requestId, quoteId);
      if (again.quote.status !== 'sent') return again.quote;
      try {
        await this.quotes.decide(tx, quoteId, { status: 'accepted', orderId });
      } catch (error) {
        if ((error as { code?: string }).code === '23505') throw ServiceError.conflict(QUOTE_ERRORS.ANOTHER_ACCEPTED);
        throw error;
      }
      await tx.publish(QuoteEvents.QUOTE_ACCEPTED, {
        quoteId,
        requestId,
        requestTitle: request.title,
        buyerEmail: request.buyerEmail,
        buyerName: request.buyerName,
        seller: quote.seller,
        amountMinor: quote.amountMinor.toString(),
        currency: quote.currency,
        orderId,
      });
      return (await this.quotes.byId(tx, quoteId))!;
    });
    return {
      quote: toQuoteView(accepted),
      pay: {
        orderId,
        amount: formatMinor(quote.amountMinor),
        currency: quote.currency,
        printProviderStripeAccountId: `${SELLER_REF_PREFIX}${quote.seller.id}`,
      },
      payUrl: `/payment?orderId=${encodeURIComponent(orderId)}`,
      message: QUOTE_SUCCESS.ACCEPTED,
    };
  }

  private async check(
    tx: Transaction,
    actor: RequestsActor,
    requestId: string,
    quoteId: string,
  ): Promise<{ request: QuotedRequest; quote: QuoteRow }> {
    const request = await this.quotes.requestForUpdate(tx, requestId);
    if (!request || request.deleted) throw ServiceError.notFound(QUOTE_ERRORS.REQUEST_NOT_FOUND);
    if (request.buyerId !== actor.buyerId) throw ServiceError.forbidden(QUOTE_ERRORS.NOT_OWNER);
    const quote = await this.quotes.byId(tx, quoteId);
    if (!quote || quote.requestId !== requestId) throw ServiceError.notFound(QUOTE_ERRORS.NOT_FOUND);
    // Idempotent: the accepted (or already paid) quote answers its one order again.
    if (quote.status === 'accepted' || quote.status === 'paid') return { request, quote };
    if (request.status !== 'open') throw ServiceError.conflict(QUOTE_ERRORS.REQUEST_CLOSED);
    if (quote.status !== 'sent') throw ServiceError.conflict(QUOTE_ERRORS.NOT_OPEN(quote.status));
    return { request, quote };
  }
}
