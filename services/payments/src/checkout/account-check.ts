import { Injectable } from '@nestjs/common';
import { createLogger, ServiceError } from '@paymarket/platform';
import { CheckoutErrors } from './checkout.errors.js';
import { PaymentProcessor } from './payment-processor.js';
import { ACCOUNT_CHECK_TTL_MS, RecentAnswers } from './recent-answers.js';

const log = createLogger('account-check');

/**
 * Whether a connected account can receive transfers now, as Stripe says: the one check behind a recipient before an
 * order (ADR 0030), a marketplace's payout account (ADR 0051) and a statement's `payoutAccount.ready` (ADR 0047).
 */
@Injectable()
export class ConnectedAccountCheck {
  /**
   * Accounts Stripe said can receive transfers in the last 30 s. One payment asks at the order and (for a seller)
   * again right before the charge; under load every order to the same provider asked. A refusal is never kept, and
   * an account disabled within the window fails at the transfer, which is retried and reported as before.
   */
  readonly recentlyConfirmed = new RecentAnswers<true>(ACCOUNT_CHECK_TTL_MS);

  constructor(private readonly processor: PaymentProcessor) {}

  /** Refuses (422 naming `field`) an account that does not exist or cannot receive transfers; 500 if Stripe is unreachable. */
  async assertCanReceive(stripeAccountId: string, field: string): Promise<void> {
    if (this.recentlyConfirmed.get(stripeAccountId)) return;
    let status;
    try {
      status = await this.processor.connectedAccountStatus(stripeAccountId);
    } catch {
      throw new ServiceError('internal', CheckoutErrors.PROCESSOR_UNAVAILABLE);
    }
    if (!status.exists)
      throw new ServiceError('unprocessable', CheckoutErrors.ACCOUNT_UNKNOWN, { [field]: [CheckoutErrors.ACCOUNT_UNKNOWN] });
    if (!status.transfersActive)
      throw new ServiceError('unprocessable', CheckoutErrors.ACCOUNT_CANNOT_RECEIVE, { [field]: [CheckoutErrors.ACCOUNT_CANNOT_RECEIVE] });
    this.recentlyConfirmed.set(stripeAccountId, true);
  }

  /** For a page that shows readiness: Stripe unreachable reads as not ready rather than failing the page. */
  async canReceiveTransfers(stripeAccountId: string): Promise<boolean> {
    try {
      await this.assertCanReceive(stripeAccountId, 'account');
      return true;
    } catch (err) {
      if (!(err instanceof ServiceError) || err.code === 'internal')
        log.warn({ err, account: stripeAccountId }, 'could not read the account');
      return false;
    }
  }
}
