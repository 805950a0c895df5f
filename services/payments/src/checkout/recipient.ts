import { Injectable } from '@nestjs/common';
import { ServiceError } from '@paymarket/platform';
import { CheckoutErrors } from './checkout.errors.js';
import { PaymentProcessor } from './payment-processor.js';

export interface ResolvedRecipient {
  party: 'seller' | 'provider';
  stripeAccountId: string;
}

/**
 * Turns what the buyer chose into a connected account that can receive the money, refusing before any charge
 * when it cannot (unknown account, transfers not active, seller without an account).
 */
@Injectable()
export class RecipientResolver {
  constructor(private readonly processor: PaymentProcessor) {}

  async resolve(ref: string, party: 'seller' | 'provider'): Promise<ResolvedRecipient> {
    if (ref.startsWith('seller_')) {
      // Sellers register without a connected account (spec §3), so there is nowhere to send their money.
      throw ServiceError.invalid(CheckoutErrors.SELLER_NOT_CONNECTED, {
        printProviderStripeAccountId: [CheckoutErrors.SELLER_NOT_CONNECTED],
      });
    }
    let status;
    try {
      status = await this.processor.connectedAccountStatus(ref);
    } catch {
      throw new ServiceError('internal', CheckoutErrors.PROCESSOR_UNAVAILABLE);
    }
    const field = party === 'seller' ? 'sellerStripeAccountId' : 'printProviderStripeAccountId';
    if (!status.exists)
      throw new ServiceError('unprocessable', CheckoutErrors.ACCOUNT_UNKNOWN, { [field]: [CheckoutErrors.ACCOUNT_UNKNOWN] });
    if (!status.transfersActive)
      throw new ServiceError('unprocessable', CheckoutErrors.ACCOUNT_CANNOT_RECEIVE, { [field]: [CheckoutErrors.ACCOUNT_CANNOT_RECEIVE] });
    return { party, stripeAccountId: ref };
  }
}
