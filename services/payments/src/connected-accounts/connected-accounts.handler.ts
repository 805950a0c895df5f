import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { RpcPatterns, type RpcEnvelope, type VerifyConnectedAccountResponse } from '@paymarket/contracts';
import { VerifyConnectedAccountUseCase } from './verify-connected-account.use-case.js';

@Controller()
export class ConnectedAccountsHandler {
  constructor(private readonly verifyConnectedAccount: VerifyConnectedAccountUseCase) {}

  @MessagePattern<string>(RpcPatterns.payments.VERIFY_CONNECTED_ACCOUNT)
  async verify(@Payload() message: RpcEnvelope<{ stripeAccountId?: unknown } | undefined>): Promise<VerifyConnectedAccountResponse> {
    return this.verifyConnectedAccount.execute({ stripeAccountId: message.data?.stripeAccountId });
  }
}
