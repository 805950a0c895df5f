import { SELLER_PAYOUT_MESSAGES } from '@paymarket/contracts';
import { ServiceError } from '@paymarket/platform';
import type { ConnectedAccounts } from '../providers/connected-accounts.js';

/**
 * ADR 0030: a seller's payout account is stored only once payments confirmed (Stripe or the emulator) that it exists
 * and can receive transfers, as a provider application's is (ADR 0026). Not valid → 400 naming `stripeAccountId`.
 */
export async function verifyPayoutAccount(accounts: ConnectedAccounts, stripeAccountId: string): Promise<void> {
  const verdict = await accounts.verify(stripeAccountId);
  if (!verdict.valid) {
    throw ServiceError.invalid(SELLER_PAYOUT_MESSAGES.INVALID, { stripeAccountId: [SELLER_PAYOUT_MESSAGES.INVALID] });
  }
}
