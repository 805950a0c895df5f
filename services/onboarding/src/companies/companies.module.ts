import { Module } from '@nestjs/common';
import { DeveloperConsoleModule } from '../developer-console/developer-console.module.js';
import { AuditTrail, SqlAuditTrail } from '../auth/audit-trail.js';
import { Clock, SystemClock } from '../auth/clock.js';
import { ApproveCompanyUseCase } from './approve-company.use-case.js';
import { CompaniesHandler } from './companies.handler.js';
import { CompaniesRepository, TypeOrmCompaniesRepository } from './companies.repository.js';
import { RequestApiAccessUseCase } from './request-api-access.use-case.js';
import { RevealCompanyCredentialsUseCase } from './reveal-company-credentials.use-case.js';

/** API access requests: risk checks, admin review and credentials (secret stored hashed). */
@Module({
  imports: [DeveloperConsoleModule],
  controllers: [CompaniesHandler],
  providers: [
    { provide: Clock, useClass: SystemClock },
    { provide: AuditTrail, useClass: SqlAuditTrail },
    { provide: CompaniesRepository, useClass: TypeOrmCompaniesRepository },
    RequestApiAccessUseCase,
    ApproveCompanyUseCase,
    RevealCompanyCredentialsUseCase,
  ],
})
export class CompaniesModule {}
