import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import type { ReactElement } from 'react';
import type { AccountValidationState } from './use-account-validation';

/** The live status line under a Stripe Connect account id field (provider application, seller payout account). */
export function AccountStatus({ state, idleText }: { state: AccountValidationState; idleText?: string }): ReactElement {
  switch (state.status) {
    case 'idle':
      return <p className="text-xs text-muted-foreground">{idleText ?? 'Starts with acct_. We check it with Stripe as you type.'}</p>;
    case 'validating':
      return (
        <p className="flex items-center gap-1 text-sm text-muted-foreground" role="status">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          Validating account...
        </p>
      );
    case 'valid':
      return (
        <p className="flex items-center gap-1 text-sm text-success" role="status">
          <CheckCircle2 className="size-4" aria-hidden="true" />
          {state.message}
          {state.accountInfo && ` — ${state.accountInfo.businessName ?? 'Stripe account'} (${state.accountInfo.country})`}
        </p>
      );
    case 'invalid':
      return (
        <p className="flex items-center gap-1 text-sm text-destructive" role="alert">
          <XCircle className="size-4" aria-hidden="true" />
          {state.error}
        </p>
      );
  }
}
