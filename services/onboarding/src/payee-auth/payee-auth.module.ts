import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { PayeeAuthHandler } from './payee-auth.handler.js';
import { PayeeDirectory, RpcPayeeDirectory } from './payee-directory.js';
import { PayeeSignIn } from './payee-sign-in.use-cases.js';

/** Sellers' and print providers' dashboard sign-in by emailed code (ADR 0047). */
@Module({
  imports: [AuthModule],
  controllers: [PayeeAuthHandler],
  providers: [{ provide: PayeeDirectory, useClass: RpcPayeeDirectory }, PayeeSignIn],
})
export class PayeeAuthModule {}
