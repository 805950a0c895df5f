import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { MARKETPLACE_TENANT_MESSAGES } from '@paymarket/contracts';
import { ServiceError } from '@paymarket/platform';
import { ConnectedAccountCheck } from '../checkout/account-check.js';
import { CheckoutErrors } from '../checkout/checkout.errors.js';
import { PAYMARKET_FEES, type MarketplaceTerms } from '../fees/fee-policy.js';
import type { Currency } from '../fees/money.js';
import type { OrderFeeTerms } from '../orders/order.entity.js';
import { MarketplacesRepository, termsOf, type MarketplaceCopy } from './marketplaces.repository.js';

/** The field a marketplace's payout account problems are reported under. */
export const PAYOUT_ACCOUNT_FIELD = 'payoutAccountId';

/** What an order made through a marketplace needs: the terms to split by, what to record, whom to pay its share. */
export interface OrderMarketplace {
  terms: MarketplaceTerms;
  feeTerms: OrderFeeTerms;
  /** The marketplace's payout account and name (custom fees only: without them it receives nothing). */
  payee: { stripeAccountId: string; displayName: string } | null;
}

/** The terms an order records (ADR 0051): the transaction fee in the order's currency, the percentage, the version. */
export function feeTermsOf(copy: MarketplaceCopy, currency: Currency): OrderFeeTerms {
  const terms = termsOf(copy);
  return {
    marketplaceId: copy.id,
    name: copy.displayName,
    customFees: terms.customFees,
    transactionFeeMinor: (terms.customFees ? terms.transactionFee[currency] : PAYMARKET_FEES.fixedFee[currency]).toString(),
    platformFeeBps: terms.customFees ? terms.platformFeeBps : null,
    version: copy.version,
  };
}

/**
 * Which marketplace an order records, from payments' copy (ADR 0051), refusing before anything is stored or charged
 * when its share could not be paid out: custom fees without a payout account (409), or a payout account Stripe says
 * cannot receive transfers (422), both naming `payoutAccountId`.
 */
@Injectable()
export class OrderMarketplaces {
  constructor(
    private readonly marketplaces: MarketplacesRepository,
    private readonly accounts: ConnectedAccountCheck,
  ) {}

  /**
   * The company's marketplace, checked; null when the company has none (an order of its own). `manager`: the caller's
   * transaction, whose connection it reads on (another pooled connection while every one is held by such a
   * transaction would wait forever).
   */
  async forCompany(companyId: string, currency: Currency, manager: EntityManager): Promise<OrderMarketplace | null> {
    const copy = await this.marketplaces.byCompany(companyId, manager);
    return copy ? this.checked(copy, currency) : null;
  }

  /** The marketplace of an embed token (ADR 0052), which must be the company's; `notReady` otherwise. */
  async forEmbed(
    marketplaceId: string,
    companyId: string,
    currency: Currency,
    notReady: string,
    manager: EntityManager,
  ): Promise<OrderMarketplace> {
    const copy = await this.marketplaces.byId(marketplaceId, manager);
    if (!copy || copy.companyId !== companyId) throw ServiceError.conflict(notReady);
    return this.checked(copy, currency);
  }

  async checked(copy: MarketplaceCopy, currency: Currency): Promise<OrderMarketplace> {
    const terms = termsOf(copy);
    const feeTerms = feeTermsOf(copy, currency);
    if (!terms.customFees) return { terms, feeTerms, payee: null };
    const payout = copy.payoutAccountId;
    if (!payout) {
      const message = MARKETPLACE_TENANT_MESSAGES.PAYOUT_ACCOUNT_REQUIRED;
      throw ServiceError.conflict(message, { [PAYOUT_ACCOUNT_FIELD]: [message] });
    }
    try {
      await this.accounts.assertCanReceive(payout, PAYOUT_ACCOUNT_FIELD);
    } catch (err) {
      if (err instanceof ServiceError && err.code === 'unprocessable') {
        const message = CheckoutErrors.MARKETPLACE_PAYOUT_NOT_READY;
        throw new ServiceError('unprocessable', message, { [PAYOUT_ACCOUNT_FIELD]: [message] });
      }
      throw err;
    }
    return { terms, feeTerms, payee: { stripeAccountId: payout, displayName: copy.displayName } };
  }
}
