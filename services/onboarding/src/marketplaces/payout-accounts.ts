import { Injectable } from '@nestjs/common';
import {
  MARKETPLACE_TENANT_MESSAGES as M,
  RpcPatterns,
  ServiceErrorCodes,
  type VerifyConnectedAccountResponse,
} from '@paymarket/contracts';
import { createLogger, RpcCallError, RpcClient, ServiceError } from '@paymarket/platform';

const log = createLogger('payout-accounts');

/**
 * Port: asks payments (which owns Stripe) whether a connected account exists and can receive transfers, as catalog
 * does for sellers and print providers (ADR 0026, 0030). Throws a ServiceError when it cannot find out.
 */
export abstract class PayoutAccounts {
  abstract verify(stripeAccountId: string): Promise<VerifyConnectedAccountResponse>;
}

@Injectable()
export class RpcPayoutAccounts extends PayoutAccounts {
  constructor(private readonly rpc: RpcClient) {
    super();
  }

  async verify(stripeAccountId: string): Promise<VerifyConnectedAccountResponse> {
    try {
      return await this.rpc.call(RpcPatterns.payments.VERIFY_CONNECTED_ACCOUNT, { stripeAccountId });
    } catch (error) {
      // Payments' own answer (e.g. Stripe unreachable, 422) reaches the caller as payments said it, on the field.
      if (error instanceof RpcCallError && error.kind === 'service' && error.payload.code !== ServiceErrorCodes.INTERNAL) {
        throw new ServiceError(error.payload.code, error.payload.message, { payoutAccountId: [error.payload.message] });
      }
      // No answer is not a verdict about the account: nothing is stored, and the caller may try again (503).
      log.warn({ err: error }, 'payments could not verify a marketplace payout account');
      throw new ServiceError(ServiceErrorCodes.UNAVAILABLE, M.PAYOUT_ACCOUNT_UNCHECKED);
    }
  }
}
