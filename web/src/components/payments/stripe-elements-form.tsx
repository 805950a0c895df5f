import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { CreditCard, Loader2 } from 'lucide-react';
import { useState, type FormEvent, type ReactElement } from 'react';
import { Button } from '@/components/ui/button';
import type { CardFormProps } from './card-payment.types';
import { paymentReturnUrl } from './return-path';

// Loaded only through React.lazy from the payment pages: Stripe.js is fetched from js.stripe.com only when a live
// card form is shown, never by the main bundle. One Stripe instance per publishable key.
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (stripe === undefined) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

function ElementsCardForm({ returnTo, payLabel, onSucceeded, onFailed }: Omit<CardFormProps, 'clientSecret'>): ReactElement {
  const stripe = useStripe();
  const elements = useElements();
  const [elementReady, setElementReady] = useState(false);
  const [processing, setProcessing] = useState(false);
  const ready = stripe !== null && elements !== null && elementReady;

  const onSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (!ready) return;
    setProcessing(true);
    try {
      // Redirects only when the card provider needs it (3-D Secure pages); it then returns to /payment-success.
      const result = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: paymentReturnUrl(returnTo) },
      });
      if (result.error) onFailed(result.error.message);
      else if (result.paymentIntent.status === 'succeeded') await onSucceeded();
      else onFailed(undefined);
    } catch (error) {
      onFailed(error instanceof Error ? error.message : undefined);
    }
    setProcessing(false);
  };

  return (
    <form aria-label="Card details" className="space-y-4" onSubmit={(event) => void onSubmit(event)}>
      <PaymentElement onReady={() => setElementReady(true)} />
      <Button type="submit" size="lg" className="w-full" disabled={processing || !ready}>
        {processing ? (
          <>
            <Loader2 className="animate-spin" aria-hidden="true" />
            Processing...
          </>
        ) : (
          <>
            <CreditCard aria-hidden="true" />
            {payLabel}
          </>
        )}
      </Button>
    </form>
  );
}

/** Live mode: Stripe Elements, so card data goes from the browser to Stripe and never through PayMarket. */
export function StripeElementsForm({ publishableKey, clientSecret, ...props }: CardFormProps & { publishableKey: string }): ReactElement {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret }}>
      <ElementsCardForm {...props} />
    </Elements>
  );
}
