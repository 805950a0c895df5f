import { Module, type DynamicModule } from '@nestjs/common';
import { ServicePlatformModule, type ServiceRuntimeConfig } from '@paymarket/platform';
import { AccountErasureModule } from './account-erasure/account-erasure.module.js';
import { BuyerRequestsModule } from './buyer-requests/buyer-requests.module.js';
import { CreateBuyerRequests1763900000000 } from './database/migrations/1763900000000-create-buyer-requests.js';
import { CategoryCounts1763900000001 } from './database/migrations/1763900000001-category-counts.js';
import { BuyerRequestsByBuyer1763900000002 } from './database/migrations/1763900000002-buyer-requests-by-buyer.js';
import { Quotes1764000000000 } from './database/migrations/1764000000000-quotes.js';
import { QuoteMessages1764000000002 } from './database/migrations/1764000000002-quote-messages.js';
import { QuotesModule } from './quotes/quotes.module.js';
import { RequestsSeeder } from './seed/requests-seeder.js';

/**
 * The requests service owns the `requests` schema: buyer requests (soft-deleted) and seller interest. A confirmed
 * account deletion anonymises the buyer's rows (account-erasure, ADR 0029). With `seed` set, an empty board gets a few
 * demonstration requests (ADR 0066).
 */
@Module({})
export class RequestsModule {
  static forRoot(config: ServiceRuntimeConfig): DynamicModule {
    return {
      module: RequestsModule,
      imports: [
        ServicePlatformModule.forService(config, {
          entities: [],
          migrations: [
            CreateBuyerRequests1763900000000,
            CategoryCounts1763900000001,
            BuyerRequestsByBuyer1763900000002,
            Quotes1764000000000,
            QuoteMessages1764000000002,
          ],
        }),
        BuyerRequestsModule,
        AccountErasureModule,
        QuotesModule,
      ],
      providers: [RequestsSeeder],
    };
  }
}
