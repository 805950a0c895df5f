import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { AdminLoginUseCase } from './admin-login.use-case.js';
import { AdminsHandler } from './admins.handler.js';
import { AdminsRepository, SqlAdminsRepository } from './admins.repository.js';

/** Administrator accounts (created from the command line), password login and admin sessions. */
@Module({
  imports: [AuthModule],
  controllers: [AdminsHandler],
  providers: [{ provide: AdminsRepository, useClass: SqlAdminsRepository }, AdminLoginUseCase],
})
export class AdminsModule {}
