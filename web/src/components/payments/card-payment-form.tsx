import { Loader2 } from 'lucide-react';
import { lazy, Suspense, type ReactElement } from 'react';
import type { CardFormProps } from './card-payment.types';
import { TestCardForm } from './test-card-form';

// A chunk of its own: only live card entry needs Stripe.js.
const StripeElementsForm = lazy(async () => ({ default: (await import('./stripe-elements-form')).StripeElementsForm }));

/** Card entry: the test-card form in development mode, Stripe Elements with a live key. */
export function CardPaymentForm({
  developmentMode,
  publishableKey,
  ...props
}: CardFormProps & { developmentMode: boolean; publishableKey: string | null }): ReactElement {
  if (developmentMode) return <TestCardForm {...props} />;
  if (publishableKey === null) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Card payments are not configured on this server.
      </p>
    );
  }
  return (
    <Suspense
      fallback={
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Loading the secure card form…
        </p>
      }
    >
      <StripeElementsForm publishableKey={publishableKey} {...props} />
    </Suspense>
  );
}
