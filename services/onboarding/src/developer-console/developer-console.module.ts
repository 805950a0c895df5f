import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { ApiKeys } from './api-keys.use-cases.js';
import { ApiKeysRepository, SqlApiKeysRepository } from './api-keys.repository.js';
import { ConsoleSignIn } from './console-sign-in.use-cases.js';
import { DeveloperConsoleHandler } from './developer-console.handler.js';

/** API keys and the developer console's sign-in (ADR 0037). */
@Module({
  imports: [AuthModule],
  controllers: [DeveloperConsoleHandler],
  providers: [{ provide: ApiKeysRepository, useClass: SqlApiKeysRepository }, ApiKeys, ConsoleSignIn],
  exports: [ApiKeys],
})
export class DeveloperConsoleModule {}
