import { Injectable } from '@nestjs/common';
import type { SellerPayoutAccount } from '@paymarket/contracts';
import { ServiceError } from '@paymarket/platform';
import { CheckoutErrors } from './checkout.errors.js';
import { ConnectedAccountCheck } from './account-check.js';
import { SellerDirectory } from './seller-directory.js';

export interface ResolvedRecipient {
  party: 'seller' | 'provider';
  stripeAccountId: string;
  /** The seller's business name, or the print provider's name, shown on orders and receipts (ADR 0031). */
  displayName?: string;
}

export const SELLER_REF_PREFIX = 'seller_';

/**
 * Turns what the buyer chose into a connected account that can receive the money, refusing before any charge
 * when it cannot (unknown account, transfers not active, seller without a payout account).
 *
 * `seller_<id>` (ADR 0030) is resolved server-side: catalog says which account the seller connected, and Stripe is
 * asked again whether it can receive transfers; the browser never sees or sends a seller's account id.
 */
@Injectable()
export class RecipientResolver {
  constructor(
    readonly accounts: ConnectedAccountCheck,
    private readonly sellers: SellerDirectory,
  ) {}

  /**
   * `field` is the request field errors are reported under: /payment's `printProviderStripeAccountId`, or direct
   * payment's `sellerStripeAccountId`, unless `reportAs` names another (the integrator API's `recipient`).
   */
  async resolve(ref: string, party: 'seller' | 'provider', reportAs?: string): Promise<ResolvedRecipient> {
    const field = reportAs ?? (party === 'seller' ? 'sellerStripeAccountId' : 'printProviderStripeAccountId');
    if (ref.startsWith(SELLER_REF_PREFIX)) {
      const seller = await this.sellerOf(ref.slice(SELLER_REF_PREFIX.length), field);
      await this.checkAccount(seller.stripeAccountId!, field);
      return { party: 'seller', stripeAccountId: seller.stripeAccountId!, displayName: seller.businessName };
    }
    await this.checkAccount(ref, field);
    const displayName = party === 'provider' ? await this.sellers.providerName(ref) : null;
    return { party, stripeAccountId: ref, ...(displayName ? { displayName } : {}) };
  }

  private async sellerOf(sellerId: string, field: string): Promise<SellerPayoutAccount> {
    let seller: SellerPayoutAccount | null;
    try {
      seller = await this.sellers.payoutAccount(sellerId);
    } catch {
      throw new ServiceError('internal', CheckoutErrors.CATALOG_UNAVAILABLE);
    }
    if (!seller) throw ServiceError.invalid(CheckoutErrors.SELLER_NOT_FOUND, { [field]: [CheckoutErrors.SELLER_NOT_FOUND] });
    if (!seller.stripeAccountId) {
      // Named as /payment labels sellers (spec §2): "{businessName} - {sellerName}".
      const message = CheckoutErrors.SELLER_NOT_CONNECTED(`${seller.businessName} - ${seller.sellerName}`);
      throw ServiceError.invalid(message, { [field]: [message] });
    }
    return seller;
  }

  private checkAccount(stripeAccountId: string, field: string): Promise<void> {
    return this.accounts.assertCanReceive(stripeAccountId, field);
  }
}
