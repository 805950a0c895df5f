import { Injectable } from '@nestjs/common';
import { RpcPatterns, type VerifyConnectedAccountResponse } from '@paymarket/contracts';
import { RpcClient } from '@paymarket/platform';

/** Port: asks whether a Stripe Connect account exists and can receive transfers (payments owns Stripe). */
export abstract class ConnectedAccounts {
  abstract verify(stripeAccountId: string): Promise<VerifyConnectedAccountResponse>;
}

@Injectable()
export class RpcConnectedAccounts extends ConnectedAccounts {
  constructor(private readonly rpc: RpcClient) {
    super();
  }

  async verify(stripeAccountId: string): Promise<VerifyConnectedAccountResponse> {
    return this.rpc.call(RpcPatterns.payments.VERIFY_CONNECTED_ACCOUNT, { stripeAccountId });
  }
}
