import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  amountToMinor,
  QUOTE_ERRORS,
  QUOTE_SUCCESS,
  QuoteEvents,
  type QuoteResponse,
  type QuoteSeller,
  type SendQuoteDto,
} from '@paymarket/contracts';
import { ServiceError, UnitOfWork } from '@paymarket/platform';
import { toQuoteView } from './quote-view.js';
import { QuotesRepository } from './quotes.repository.js';

/** A seller (verified by the gateway with catalog) quotes on an open request; one live quote per seller and request. */
@Injectable()
export class SendQuoteUseCase {
  constructor(
    private readonly quotes: QuotesRepository,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async execute(requestId: string, seller: QuoteSeller, input: SendQuoteDto): Promise<QuoteResponse> {
    const amountMinor = BigInt(amountToMinor(input.amount)!);
    const providerAmountMinor = input.providerAmount === undefined ? null : BigInt(amountToMinor(input.providerAmount)!);
    const row = await this.unitOfWork.run(async (tx) => {
      const request = await this.quotes.requestForUpdate(tx, requestId);
      if (!request || request.deleted) throw ServiceError.notFound(QUOTE_ERRORS.REQUEST_NOT_FOUND);
      if (request.status !== 'open') throw ServiceError.conflict(QUOTE_ERRORS.REQUEST_CLOSED);
      const id = randomUUID();
      const inserted = await this.quotes.insert(tx, {
        id,
        requestId,
        seller,
        amountMinor,
        currency: input.currency,
        included: input.included,
        deliveryDate: input.deliveryDate,
        providerStripeAccountId: input.printProviderStripeAccountId ?? null,
        providerAmountMinor,
      });
      if (!inserted) throw ServiceError.conflict(QUOTE_ERRORS.ALREADY_QUOTED);
      await tx.publish(QuoteEvents.QUOTE_SENT, {
        quoteId: id,
        requestId,
        requestTitle: request.title,
        buyerEmail: request.buyerEmail,
        buyerName: request.buyerName,
        seller,
        amountMinor: amountMinor.toString(),
        currency: input.currency,
        included: input.included,
        deliveryDate: input.deliveryDate,
        providerAmountMinor: providerAmountMinor?.toString() ?? null,
      });
      return (await this.quotes.byId(tx, id))!;
    });
    return { quote: toQuoteView(row), message: QUOTE_SUCCESS.SENT };
  }
}
