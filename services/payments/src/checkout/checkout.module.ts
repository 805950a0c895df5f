import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import { VerifyLedger } from '../ledger/verify-ledger.use-case.js';
import { OrderEntity } from '../orders/order.entity.js';
import { OrdersRepository } from '../orders/orders.repository.js';
import { RefundEntity } from '../refunds/refund.entity.js';
import { RefundOrder } from '../refunds/refund-order.use-case.js';
import { TransferEntity } from '../transfers/transfer.entity.js';
import { TransferSweeper } from '../transfers/transfer-sweeper.js';
import { StripeWebhook } from '../webhooks/stripe-webhook.use-case.js';
import { CreateOrders1763770000000 } from '../database/migrations/1763770000000-create-orders.js';
import { OrderCompanies1763840000000 } from '../database/migrations/1763840000000-order-companies.js';
import { Disputes1764000000001 } from '../database/migrations/1764000000001-disputes.js';
import { BuyerOrderIds1764100000000 } from '../database/migrations/1764100000000-buyer-order-ids.js';
import { Marketplaces1764200000000 } from '../database/migrations/1764200000000-marketplaces.js';
import { ServiceState1764300000000 } from '../database/migrations/1764300000000-service-state.js';
import { ReconcileWithStripe } from '../reconcile/reconcile-with-stripe.use-case.js';
import { RestoreCheck } from '../reconcile/restore-check.js';
import { MarketplacesModule } from '../marketplaces/marketplaces.module.js';
import { OrderMarketplaces } from '../marketplaces/order-marketplace.js';
import { ConnectedAccountCheck } from './account-check.js';
import { EmbedOrders } from './embed-orders.use-case.js';
import { RecordDispute } from '../disputes/record-dispute.use-case.js';
import { DisputeFreeze } from '../disputes/refund-freeze.js';
import { CheckoutHandler } from './checkout.handler.js';
import { CompanyOrders } from './company-orders.use-case.js';
import { CreateOrder } from './create-order.use-case.js';
import { PaymentIntents } from './payment-intents.use-case.js';
import { PaymentStatus } from './payment-status.use-case.js';
import { ProcessingReconciler } from './processing-reconciler.js';
import { RecipientResolver } from './recipient.js';
import { RpcSellerDirectory, SellerDirectory } from './seller-directory.js';
import { SettlePayment } from './settle-payment.js';

/** Entities and migrations of orders, transfers, refunds and the ledger (for ServicePlatformModule.forService). */
export const CHECKOUT_ENTITIES = [OrderEntity, TransferEntity, RefundEntity];
export const CHECKOUT_MIGRATIONS = [
  CreateOrders1763770000000,
  OrderCompanies1763840000000,
  Disputes1764000000001,
  BuyerOrderIds1764100000000,
  Marketplaces1764200000000,
  ServiceState1764300000000,
];

/** Orders, payment intents, settlement, transfers, refunds, webhooks and ledger verification. */
@Module({})
export class CheckoutModule {
  /** `PaymentProcessor` comes from StripeModule (global) unless a provider is given (e.g. a fake in tests). */
  static register(processor?: Provider): DynamicModule {
    return {
      module: CheckoutModule,
      imports: [MarketplacesModule],
      controllers: [CheckoutHandler],
      providers: [
        ...(processor ? [processor] : []),
        OrdersRepository,
        { provide: SellerDirectory, useClass: RpcSellerDirectory },
        ConnectedAccountCheck,
        RecipientResolver,
        OrderMarketplaces,
        EmbedOrders,
        SettlePayment,
        CreateOrder,
        PaymentIntents,
        CompanyOrders,
        PaymentStatus,
        RefundOrder,
        StripeWebhook,
        RecordDispute,
        DisputeFreeze,
        VerifyLedger,
        TransferSweeper,
        ProcessingReconciler,
        ReconcileWithStripe,
        RestoreCheck,
      ],
      exports: [VerifyLedger, TransferSweeper, ProcessingReconciler, ReconcileWithStripe, RestoreCheck],
    };
  }
}
