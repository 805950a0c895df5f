import { Injectable } from '@nestjs/common';
import { RpcPatterns, type CreateQuoteOrderRequest, type OrderView } from '@paymarket/contracts';
import { RpcCallError, RpcClient, ServiceError } from '@paymarket/platform';

export const QUOTE_ORDER_ERRORS = {
  PAYMENTS_UNAVAILABLE: 'Payments did not answer in time, so the quote was not accepted. Please try again.',
} as const;

/** Port: the order an accepted quote is paid through. Payments owns orders; requests only asks for one. */
export abstract class QuoteOrders {
  /** One order per quote: asking again answers the same order. Throws a ServiceError the buyer can read. */
  abstract create(request: CreateQuoteOrderRequest): Promise<OrderView>;
}

@Injectable()
export class RpcQuoteOrders extends QuoteOrders {
  constructor(private readonly rpc: RpcClient) {
    super();
  }

  async create(request: CreateQuoteOrderRequest): Promise<OrderView> {
    try {
      return await this.rpc.call(RpcPatterns.quoteOrders.CREATE_QUOTE_ORDER, request);
    } catch (error) {
      // Payments' own refusal (seller without a payout account, provider account unable to receive…) reaches the
      // buyer as payments said it; anything else is ours to retry.
      if (error instanceof RpcCallError && error.kind === 'service' && error.payload.code !== 'internal') {
        throw new ServiceError(error.payload.code, error.payload.message, error.payload.fields);
      }
      throw new ServiceError('internal', QUOTE_ORDER_ERRORS.PAYMENTS_UNAVAILABLE);
    }
  }
}
