import { Injectable } from '@nestjs/common';
import { ServiceError } from '@paymarket/platform';
import { ServiceErrorCodes, type VerifyConnectedAccountResponse } from '@paymarket/contracts';
import { StripeGateway, StripeUnavailableError } from '../stripe/stripe.gateway.js';
import { ConnectedAccountMessages as Messages, STRIPE_ACCOUNT_ID_PATTERN } from './connected-accounts.exception.js';

/** Asks Stripe whether a Connect account exists and can receive our transfers (spec §3 "Connected-account validation"). */
@Injectable()
export class VerifyConnectedAccountUseCase {
  constructor(private readonly stripe: StripeGateway) {}

  async execute(input: { stripeAccountId: unknown }): Promise<VerifyConnectedAccountResponse> {
    const id = typeof input.stripeAccountId === 'string' ? input.stripeAccountId.trim() : '';
    if (!STRIPE_ACCOUNT_ID_PATTERN.test(id)) return { valid: false, message: Messages.NOT_VERIFIED, error: Messages.MALFORMED };
    let account;
    try {
      account = await this.stripe.retrieveConnectedAccount(id);
    } catch (err) {
      // An outage is not an answer about the account: the caller must not record it as invalid.
      if (err instanceof StripeUnavailableError) throw new ServiceError(ServiceErrorCodes.UNPROCESSABLE, Messages.STRIPE_UNAVAILABLE);
      throw err;
    }
    if (!account) return { valid: false, message: Messages.NOT_VERIFIED, error: Messages.NOT_FOUND };
    const accountInfo = { businessName: account.businessName, country: account.country };
    if (!account.canReceiveTransfers) {
      return { valid: false, message: Messages.NOT_VERIFIED, error: Messages.CANNOT_RECEIVE_TRANSFERS, accountInfo };
    }
    return { valid: true, message: Messages.VERIFIED, accountInfo };
  }
}
