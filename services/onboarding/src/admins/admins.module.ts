import { Module, type DynamicModule } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { AdminLoginUseCase } from './admin-login.use-case.js';
import { AdminsHandler } from './admins.handler.js';
import { AdminsRepository, SqlAdminsRepository } from './admins.repository.js';
import { AdminSessionGate } from './second-factor/admin-session-gate.js';
import { FactorSecretBox } from './second-factor/factor-secret-box.js';
import { FactorSecretMaintenance, FactorSecretUpkeep } from './second-factor/factor-secret-upkeep.js';
import { FactorThrottle } from './second-factor/factor-throttle.js';
import { PasskeysUseCase } from './second-factor/passkeys.use-case.js';
import { SecondFactorSignInUseCase } from './second-factor/second-factor-sign-in.use-case.js';
import { SecondFactorHandler } from './second-factor/second-factor.handler.js';
import { SecondFactorRepository, SqlSecondFactorRepository } from './second-factor/second-factor.repository.js';
import { TotpEnrolmentUseCase } from './second-factor/totp-enrolment.use-case.js';

/**
 * Administrator accounts (created from the command line), password login, the required second factor (ADR 0072)
 * and admin sessions. `box` encrypts TOTP secrets under ADMIN_FACTOR_KEYS (read by OnboardingModule at boot); at start,
 * FactorSecretMaintenance re-encrypts those under an older key with the current one (in the background).
 */
@Module({})
export class AdminsModule {
  static forRoot(box: FactorSecretBox): DynamicModule {
    return {
      module: AdminsModule,
      imports: [AuthModule],
      controllers: [AdminsHandler, SecondFactorHandler],
      providers: [
        { provide: AdminsRepository, useClass: SqlAdminsRepository },
        { provide: SecondFactorRepository, useClass: SqlSecondFactorRepository },
        { provide: FactorSecretBox, useValue: box },
        AdminSessionGate,
        FactorThrottle,
        AdminLoginUseCase,
        TotpEnrolmentUseCase,
        SecondFactorSignInUseCase,
        PasskeysUseCase,
        FactorSecretUpkeep,
        FactorSecretMaintenance,
      ],
    };
  }
}
