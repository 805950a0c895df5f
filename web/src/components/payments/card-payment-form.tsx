import { Loader2 } from 'lucide-react';
import { lazy, Suspense, type ReactElement } from 'react';
import type { CardFormProps } from './card-payment.types';

// Chunks of their own: only live card entry needs Stripe.js, and the test-card form validates with the shared DTOs
// (class-validator), which /payment does not load before a payment is prepared (ADR 0044, P5).
const TestCardForm = lazy(async () => ({ default: (await import('./test-card-form')).TestCardForm }));
const StripeElementsForm = lazy(async () => ({ default: (await import('./stripe-elements-form')).StripeElementsForm }));

/** Card entry: the test-card form in development mode, Stripe Elements with a live key. */
export function CardPaymentForm({
  developmentMode,
  publishableKey,
  ...props
}: CardFormProps & { developmentMode: boolean; publishableKey: string | null }): ReactElement {
  const loading = (
    <p className="flex items-center gap-2 text-sm text-muted-foreground">
      <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Loading the secure card form…
    </p>
  );
  if (developmentMode) {
    return (
      <Suspense fallback={loading}>
        <TestCardForm {...props} />
      </Suspense>
    );
  }
  if (publishableKey === null) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Card payments are not configured on this server.
      </p>
    );
  }
  return (
    <Suspense fallback={loading}>
      <StripeElementsForm publishableKey={publishableKey} {...props} />
    </Suspense>
  );
}
