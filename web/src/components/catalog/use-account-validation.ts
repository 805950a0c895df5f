import type { ValidateStripeAccountResponse } from '@paymarket/contracts';
import { useEffect, useState } from 'react';
import { STRIPE_ACCOUNT_MESSAGES, STRIPE_ACCOUNT_MIN_LENGTH, STRIPE_ACCOUNT_PREFIX } from '@/lib/contracts-light';
import { apiErrorMessage, apiRequest } from '@/lib/queryClient';

export type AccountValidationState =
  | { status: 'idle' }
  | { status: 'validating' }
  | { status: 'valid'; message: string; accountInfo: ValidateStripeAccountResponse['accountInfo'] }
  | { status: 'invalid'; error: string };

export function shouldValidate(accountId: string): boolean {
  return accountId.startsWith(STRIPE_ACCOUNT_PREFIX) && accountId.length >= STRIPE_ACCOUNT_MIN_LENGTH;
}

/**
 * Spec §4: idle → validating → valid | invalid. Starts by itself once the id starts with acct_ and has at least 20
 * characters; any edit resets it (an answer for an id that has since changed is dropped).
 */
export function useAccountValidation(accountId: string, delayMs = 300): AccountValidationState {
  const [state, setState] = useState<AccountValidationState>({ status: 'idle' });
  useEffect(() => {
    setState({ status: 'idle' });
    const id = accountId.trim();
    if (!shouldValidate(id)) return;
    let current = true;
    const timer = setTimeout(() => {
      setState({ status: 'validating' });
      apiRequest('POST', '/api/validate-stripe-account', { stripeAccountId: id })
        .then(async (res) => {
          const body = (await res.json()) as ValidateStripeAccountResponse;
          if (!current) return;
          setState(
            body.valid
              ? { status: 'valid', message: body.message, accountInfo: body.accountInfo }
              : { status: 'invalid', error: body.error || body.message || STRIPE_ACCOUNT_MESSAGES.CALL_FAILED },
          );
        })
        .catch((error: unknown) => {
          // Spec §8: a failed call shows the invalid state with this text (a 4xx with a message shows that message).
          if (current) setState({ status: 'invalid', error: apiErrorMessage(error, STRIPE_ACCOUNT_MESSAGES.CALL_FAILED) });
        });
    }, delayMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [accountId, delayMs]);
  return state;
}
