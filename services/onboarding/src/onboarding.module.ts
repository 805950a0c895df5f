import { Module, type DynamicModule } from '@nestjs/common';
import { ServicePlatformModule, type ServiceRuntimeConfig } from '@paymarket/platform';
import { BuyerEntity } from './buyers/buyer.entity.js';
import { BuyersModule } from './buyers/buyers.module.js';
import { CreateBuyers1763769700000 } from './database/migrations/1763769700000-create-buyers.js';
import { CreateSignInAndSessions1763780000000 } from './database/migrations/1763780000000-create-sign-in-and-sessions.js';
import { AdminsModule } from './admins/admins.module.js';
import { AuthModule } from './auth/auth.module.js';

@Module({})
export class OnboardingModule {
  static forRoot(config: ServiceRuntimeConfig): DynamicModule {
    return {
      module: OnboardingModule,
      imports: [
        ServicePlatformModule.forService(config, {
          entities: [BuyerEntity],
          migrations: [CreateBuyers1763769700000, CreateSignInAndSessions1763780000000],
        }),
        BuyersModule,
        AuthModule,
        AdminsModule,
      ],
    };
  }
}
