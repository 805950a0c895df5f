import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PAYMENT_CURRENCIES, RpcPatterns, type CreateQuoteOrderRequest, type OrderView, type RpcEnvelope } from '@paymarket/contracts';
import { ServiceError } from '@paymarket/platform';
import { CreateQuoteOrder } from './create-quote-order.use-case.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MINOR = /^[1-9]\d{0,11}$/;

// Only requests calls this (after its own validation); a malformed call is refused rather than trusted.
function checked(value: CreateQuoteOrderRequest | undefined): CreateQuoteOrderRequest {
  const ok =
    value &&
    typeof value.quoteId === 'string' &&
    UUID.test(value.quoteId) &&
    typeof value.sellerId === 'string' &&
    value.sellerId !== '' &&
    typeof value.buyer?.id === 'string' &&
    typeof value.buyer.email === 'string' &&
    typeof value.amountMinor === 'string' &&
    MINOR.test(value.amountMinor) &&
    (PAYMENT_CURRENCIES as readonly string[]).includes(value.currency) &&
    typeof value.description === 'string' &&
    (value.provider === null ||
      (typeof value.provider?.stripeAccountId === 'string' &&
        MINOR.test(value.provider.amountMinor) &&
        BigInt(value.provider.amountMinor) < BigInt(value.amountMinor)));
  if (!ok) throw ServiceError.invalid('The quote order request is not valid.');
  return value;
}

@Controller()
export class QuoteOrdersHandler {
  constructor(private readonly createQuoteOrder: CreateQuoteOrder) {}

  @MessagePattern<string>(RpcPatterns.quoteOrders.CREATE_QUOTE_ORDER)
  async create(@Payload() message: RpcEnvelope<CreateQuoteOrderRequest>): Promise<OrderView> {
    return this.createQuoteOrder.execute(checked(message.data));
  }
}
