import type { PaymentStatusView } from '@paymarket/contracts';
import { useQueryClient, useQuery } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PaymentResultCard } from '@/components/payments/payment-result-card';
import { ORDERS_KEY, postJson } from '@/components/payments/payments-api';
import { safeReturnPath } from '@/components/payments/return-path';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { apiErrorMessage } from '@/lib/queryClient';

/**
 * Where the card provider returns after an authentication step (3-D Secure): the page asks the server for the
 * payment's real status, then reports completion (which the server re-checks with Stripe).
 */
export function PaymentSuccessPage(): ReactElement {
  const [params] = useSearchParams();
  const paymentIntentId = params.get('payment_intent');
  // Stripe's redirect carries the client secret: it is what lets a guest read their own payment.
  const clientSecret = params.get('payment_intent_client_secret');
  const returnTo = safeReturnPath(params.get('return_to'));
  const queryClient = useQueryClient();
  const status = useQuery<PaymentStatusView>({
    queryKey: [
      '/api/payments',
      encodeURIComponent(paymentIntentId ?? '') + (clientSecret ? `?client_secret=${encodeURIComponent(clientSecret)}` : ''),
    ],
    enabled: paymentIntentId !== null && paymentIntentId !== '',
  });
  const reported = useRef<string | null>(null);
  const [confirmed, setConfirmed] = useState<PaymentStatusView | null>(null);

  useEffect(() => {
    const view = status.data;
    if (view?.paymentStatus !== 'succeeded' || reported.current === view.orderId) return;
    reported.current = view.orderId;
    postJson<PaymentStatusView>('/api/payments', { orderId: view.orderId, status: 'completed' })
      .then((checked) => setConfirmed(checked))
      // Spec §8: a failed status update is only logged; the payment itself has succeeded.
      .catch((error: unknown) => console.error('Payment status update failed', error))
      .finally(() => void queryClient.invalidateQueries({ queryKey: ORDERS_KEY }));
  }, [status.data, queryClient]);

  const back = (
    <Button asChild>
      <Link to={returnTo}>
        {returnTo === '/direct-payment' ? 'Back to Direct Payment' : returnTo === '/payment' ? 'Back to Payment' : 'Continue'}
      </Link>
    </Button>
  );

  let body: ReactElement;
  if (paymentIntentId === null || paymentIntentId === '') {
    body = (
      <Card className="p-8 text-center">
        <p className="font-semibold">There is no payment to show.</p>
        <div className="mt-4">{back}</div>
      </Card>
    );
  } else if (status.isPending) {
    body = (
      <Card className="flex items-center justify-center gap-3 p-8" role="status">
        <Loader2 className="size-5 animate-spin text-primary" aria-hidden="true" />
        Confirming your payment…
      </Card>
    );
  } else if (status.isError) {
    body = (
      <PaymentResultCard
        outcome="failure"
        description={apiErrorMessage(status.error, 'We could not check this payment. Please try again.')}
      >
        {back}
      </PaymentResultCard>
    );
  } else {
    const view = confirmed ?? status.data;
    if (view.paymentStatus === 'succeeded') {
      body = (
        <PaymentResultCard outcome="success" description={`Your payment has been processed successfully. Order ${view.orderId}.`}>
          {returnTo === '/payment' && (
            <Button asChild variant="outline">
              <Link to="/orders">View Order History</Link>
            </Button>
          )}
          {back}
        </PaymentResultCard>
      );
    } else if (view.paymentStatus === 'processing') {
      body = (
        <Card className="p-8 text-center" role="status">
          <h2 className="text-2xl font-bold">Payment Processing</h2>
          <p className="mt-2 text-muted-foreground">
            Your bank is still confirming the payment. Order {view.orderId} updates as soon as it does.
          </p>
          <div className="mt-4">{back}</div>
        </Card>
      );
    } else {
      body = (
        <PaymentResultCard outcome="failure" description={view.failureMessage ?? 'Please check your payment details and try again'}>
          {back}
        </PaymentResultCard>
      );
    }
  }

  return <section className="mx-auto max-w-xl px-4 py-16 sm:px-6">{body}</section>;
}
