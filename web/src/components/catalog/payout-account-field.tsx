import { SELLER_PAYOUT_MESSAGES } from '@/lib/contracts-light';
import type { ComponentProps, ReactElement } from 'react';
import { FormField } from '@/components/form-field';
import { Input } from '@/components/ui/input';
import { AccountStatus } from './account-status';
import type { AccountValidationState } from './use-account-validation';

export const PAYOUT_ACCOUNT_LABEL = 'Stripe Connect account ID';

/**
 * A seller's optional payout account (ADR 0030): an acct_… id, checked with Stripe as it is typed (the provider
 * application's live validation). Only with it can buyers pay the seller on /payment.
 */
export function PayoutAccountField({
  id,
  value,
  control,
  state,
  errors,
  disabled,
  placeholder = 'acct_... (optional)',
  idleText = 'Optional. Add your Stripe Connect account so buyers can pay you on the Payment page. We check it with Stripe as you type.',
}: {
  id: string;
  /** What is typed, for the live check's status line. */
  value: string;
  /** The input's props from its form (`useContractForm().field('stripeAccountId')`): name, handlers, aria wiring. */
  control: ComponentProps<'input'>;
  state: AccountValidationState;
  errors?: readonly string[];
  disabled?: boolean;
  placeholder?: string;
  idleText?: string;
}): ReactElement {
  return (
    <div className="space-y-2">
      <FormField id={id} label={PAYOUT_ACCOUNT_LABEL} errors={errors}>
        <Input {...control} id={id} disabled={disabled} placeholder={placeholder} autoComplete="off" spellCheck={false} />
      </FormField>
      <div aria-live="polite">
        <AccountStatus state={value.trim() === '' ? { status: 'idle' } : state} idleText={idleText} />
      </div>
    </div>
  );
}

/** Blocks a submit whose non-empty account id has not (yet) been confirmed by Stripe; null when fine to send. */
export function payoutAccountProblem(value: string, state: AccountValidationState): { title: string; description: string } | null {
  if (value.trim() === '' || state.status === 'valid') return null;
  if (state.status === 'validating') {
    return { title: 'Checking Stripe Account', description: 'Wait until Stripe has confirmed your account, then submit again.' };
  }
  const [title, description] = SELLER_PAYOUT_MESSAGES.INVALID.split(': ');
  return { title: title!, description: description! };
}
