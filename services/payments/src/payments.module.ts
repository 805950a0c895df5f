import { Module, type DynamicModule } from '@nestjs/common';
import { ServicePlatformModule, type ServiceRuntimeConfig } from '@paymarket/platform';
import { CHECKOUT_ENTITIES, CHECKOUT_MIGRATIONS, CheckoutModule } from './checkout/checkout.module.js';
import { ConnectedAccountsModule } from './connected-accounts/connected-accounts.module.js';
import { QuoteOrdersModule } from './quotes/quote-orders.module.js';
import { StatementsModule } from './statements/statements.module.js';
import type { StripeConfig } from './stripe/stripe.gateway.js';
import { StripeModule } from './stripe/stripe.module.js';

/** The payments service owns the `payments` schema (see docs/architecture.md) and is our only client of Stripe. */
@Module({})
export class PaymentsModule {
  static forRoot(config: ServiceRuntimeConfig, stripe: StripeConfig): DynamicModule {
    return {
      module: PaymentsModule,
      imports: [
        ServicePlatformModule.forService(config, { entities: CHECKOUT_ENTITIES, migrations: CHECKOUT_MIGRATIONS }),
        StripeModule.forRoot(stripe),
        ConnectedAccountsModule,
        CheckoutModule.register(),
        QuoteOrdersModule,
        StatementsModule,
      ],
    };
  }
}
