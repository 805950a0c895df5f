import { Module } from '@nestjs/common';
import { ConnectedAccountCheck } from '../checkout/account-check.js';
import { RecipientResolver } from '../checkout/recipient.js';
import { RpcSellerDirectory, SellerDirectory } from '../checkout/seller-directory.js';
import { OrdersRepository } from '../orders/orders.repository.js';
import { CreateQuoteOrder } from './create-quote-order.use-case.js';
import { QuoteOrdersHandler } from './quote-orders.handler.js';

/** Orders of accepted quotes on buyer requests (ADR 0045); paid, settled and refunded like any other order. */
@Module({
  controllers: [QuoteOrdersHandler],
  providers: [
    OrdersRepository,
    { provide: SellerDirectory, useClass: RpcSellerDirectory },
    ConnectedAccountCheck,
    RecipientResolver,
    CreateQuoteOrder,
  ],
})
export class QuoteOrdersModule {}
