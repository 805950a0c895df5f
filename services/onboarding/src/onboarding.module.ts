import { Module, type DynamicModule } from '@nestjs/common';
import { loadConfig, ServicePlatformModule, type ServiceRuntimeConfig } from '@paymarket/platform';
import { BuyerEntity } from './buyers/buyer.entity.js';
import { BuyersModule } from './buyers/buyers.module.js';
import { CreateBuyers1763769700000 } from './database/migrations/1763769700000-create-buyers.js';
import { CreateSignInAndSessions1763780000000 } from './database/migrations/1763780000000-create-sign-in-and-sessions.js';
import { AdminsModule } from './admins/admins.module.js';
import { AuthModule } from './auth/auth.module.js';
import { CompanyEntity } from './companies/company.entity.js';
import { CompaniesModule } from './companies/companies.module.js';
import { CreateCompanies1763810000000 } from './database/migrations/1763810000000-create-companies.js';
import { MarketplaceEntity } from './marketplaces/marketplace.entity.js';
import { MarketplacesModule } from './marketplaces/marketplaces.module.js';
import { CreateMarketplaces1763820000000 } from './database/migrations/1763820000000-create-marketplaces.js';
import { AccountDeletionRequestEntity } from './account-deletion/account-deletion-request.entity.js';
import { AccountDeletionModule } from './account-deletion/account-deletion.module.js';
import { CreateAccountDeletionRequests1763800000000 } from './database/migrations/1763800000000-create-account-deletion-requests.js';
import { DropCompanyWebhookSecret1763920000000 } from './database/migrations/1763920000000-drop-company-webhook-secret.js';
import { ApiKeysAndConsole1763930000000 } from './database/migrations/1763930000000-api-keys-and-console.js';
import { PayeeSignIn1764100000000 } from './database/migrations/1764100000000-payee-sign-in.js';
import { MarketplaceTenants1764200000000 } from './database/migrations/1764200000000-marketplace-tenants.js';
import { PayeeAuthModule } from './payee-auth/payee-auth.module.js';
import { AdminSecondFactor1764400000000 } from './database/migrations/1764400000000-admin-second-factor.js';
import { SessionDevices1764460000000 } from './database/migrations/1764460000000-session-devices.js';
import { AdminFactorKeysEnv, factorKeyRing, FactorSecretBox } from './admins/second-factor/factor-secret-box.js';
import { AuditLog1764500000000 } from './database/migrations/1764500000000-audit-log.js';
import { AuditModule } from './audit/audit.module.js';

/** Onboarding's schema, migration by migration (also run by `npm run audit:verify` on the database it checks). */
export const ONBOARDING_MIGRATIONS = [
  CreateBuyers1763769700000,
  CreateSignInAndSessions1763780000000,
  CreateAccountDeletionRequests1763800000000,
  CreateCompanies1763810000000,
  CreateMarketplaces1763820000000,
  DropCompanyWebhookSecret1763920000000,
  ApiKeysAndConsole1763930000000,
  PayeeSignIn1764100000000,
  MarketplaceTenants1764200000000,
  AdminSecondFactor1764400000000,
  SessionDevices1764460000000,
  AuditLog1764500000000,
];

@Module({})
export class OnboardingModule {
  static forRoot(config: ServiceRuntimeConfig): DynamicModule {
    // Read before anything connects, so a bad or (in production) missing key stops the boot naming it.
    const factorSecrets = new FactorSecretBox(factorKeyRing(loadConfig(AdminFactorKeysEnv), config.production));
    return {
      module: OnboardingModule,
      imports: [
        ServicePlatformModule.forService(config, {
          entities: [BuyerEntity, MarketplaceEntity, AccountDeletionRequestEntity, CompanyEntity],
          migrations: ONBOARDING_MIGRATIONS,
        }),
        BuyersModule,
        AuthModule,
        AdminsModule.forRoot(factorSecrets),
        MarketplacesModule,
        AccountDeletionModule,
        CompaniesModule,
        PayeeAuthModule,
        AuditModule,
      ],
    };
  }
}
