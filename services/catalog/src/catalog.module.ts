import { Module, type DynamicModule } from '@nestjs/common';
import { ServicePlatformModule, type ServiceRuntimeConfig } from '@paymarket/platform';
import { CreateCatalog1763771000000 } from './database/migrations/1763771000000-create-catalog.js';
import { SellerPayoutAccounts1763830000000 } from './database/migrations/1763830000000-seller-payout-accounts.js';
import { ProviderContactsModule } from './contacts/provider-contacts.handler.js';
import { PayeeDirectoryModule } from './contacts/payee-directory.handler.js';
import { PayeeEmailIndexes1764100000000 } from './database/migrations/1764100000000-payee-email-indexes.js';
import { ProvidersModule } from './providers/providers.module.js';
import { CatalogSeeder } from './seed/catalog-seeder.js';
import { SellersModule } from './sellers/sellers.module.js';

/**
 * The catalog service owns the `catalog` schema: sellers, their edit and recovery tokens (hashed), ratings,
 * print providers and provider applications.
 */
@Module({})
export class CatalogModule {
  static forRoot(config: ServiceRuntimeConfig): DynamicModule {
    return {
      module: CatalogModule,
      imports: [
        ServicePlatformModule.forService(config, {
          entities: [],
          migrations: [CreateCatalog1763771000000, SellerPayoutAccounts1763830000000, PayeeEmailIndexes1764100000000],
        }),
        SellersModule,
        ProvidersModule,
        ProviderContactsModule,
        PayeeDirectoryModule,
      ],
      providers: [CatalogSeeder],
    };
  }
}
