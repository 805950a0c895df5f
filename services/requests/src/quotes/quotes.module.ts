import { Module } from '@nestjs/common';
import { AcceptQuoteUseCase } from './accept-quote.use-case.js';
import { DeclineQuoteUseCase } from './decline-quote.use-case.js';
import { FulfilRequestUseCase } from './fulfil-request.use-case.js';
import { ListQuotesUseCase } from './list-quotes.use-case.js';
import { PaymentSucceededHandler } from './payment-succeeded.handler.js';
import { QuoteMessagesUseCase } from './quote-messages.use-case.js';
import { QuoteOrders, RpcQuoteOrders } from './quote-orders.js';
import { QuotesHandler } from './quotes.handler.js';
import { QuotesRepository, SqlQuotesRepository } from './quotes.repository.js';
import { SendQuoteUseCase } from './send-quote.use-case.js';

/** Quotes on buyer requests (ADR 0045): sent by sellers, accepted or declined by the request's owner, paid in payments. */
@Module({
  controllers: [QuotesHandler, PaymentSucceededHandler],
  providers: [
    SendQuoteUseCase,
    ListQuotesUseCase,
    AcceptQuoteUseCase,
    DeclineQuoteUseCase,
    FulfilRequestUseCase,
    QuoteMessagesUseCase,
    { provide: QuotesRepository, useClass: SqlQuotesRepository },
    { provide: QuoteOrders, useClass: RpcQuoteOrders },
  ],
})
export class QuotesModule {}
