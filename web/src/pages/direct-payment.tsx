import type { DirectPaymentFormDto, DirectPaymentResponse, PaymentCurrency } from '@paymarket/contracts';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, CreditCard, Loader2, Lock } from 'lucide-react';
import { useRef, useState, type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { FormField } from '@/components/form-field';
import { PageHeader } from '@/components/page-header';
import { CardPaymentForm } from '@/components/payments/card-payment-form';
import { liveBreakdown } from '@/components/payments/live-breakdown';
import { PaymentBreakdown } from '@/components/payments/payment-breakdown';
import { newIdempotencyKey, postJson, usePaymentsConfig, withServerReason } from '@/components/payments/payments-api';
import { usePayableSellers } from '@/components/payments/use-recipient-options';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useContractForm } from '@/forms/use-contract-form';
import { toast } from '@/hooks/use-toast';
import { PAYMENT_CURRENCIES } from '@/lib/contracts-light';
import { formatDollars, formatMoney } from '@/lib/money';

type DirectForm = {
  sellerStripeAccountId: string;
  amount: string;
  currency: PaymentCurrency;
  description: string;
  buyerEmail: string;
  buyerName: string;
};

const EMPTY_FORM: DirectForm = { sellerStripeAccountId: '', amount: '', currency: 'usd', description: '', buyerEmail: '', buyerName: '' };

interface PreparedDirectPayment {
  orderId: string;
  response: DirectPaymentResponse;
}

interface CompletedPayment {
  orderId: string;
  total: string;
  currency: string;
}

const toPayload = (form: DirectForm): DirectForm => ({ ...form, amount: form.amount.trim() });

const STEPS = [
  'Fill in the payment details: choose the seller, the amount and your contact details.',
  'Press “Prepare Payment”: we create a secure payment with Stripe and show the exact total.',
  'Enter your card details in this panel.',
  'Confirm: the seller receives the amount directly; PayMarket only collects the fixed transaction fee.',
] as const;

export function DirectPaymentPage(): ReactElement {
  const config = usePaymentsConfig();
  const payable = usePayableSellers();
  const form = useContractForm<DirectForm, 'DirectPaymentFormDto'>({
    dto: 'DirectPaymentFormDto',
    idPrefix: 'direct',
    defaultValues: EMPTY_FORM,
    toPayload,
  });
  const [amount, currency] = form.watch(['amount', 'currency']);
  const [prepared, setPrepared] = useState<PreparedDirectPayment | null>(null);
  const [completed, setCompleted] = useState<CompletedPayment | null>(null);
  // One Idempotency-Key and order id per attempt: a retry of the same details replays instead of charging twice.
  const attempt = useRef<{ signature: string; key: string; orderId: string } | null>(null);

  const prepare = useMutation({
    mutationFn: async (input: DirectPaymentFormDto): Promise<PreparedDirectPayment> => {
      const details = {
        amount: Number(input.amount),
        currency: input.currency,
        sellerStripeAccountId: input.sellerStripeAccountId,
        description: input.description,
        buyerEmail: input.buyerEmail,
        buyerName: input.buyerName,
      };
      const signature = JSON.stringify(details);
      if (attempt.current?.signature !== signature) {
        attempt.current = { signature, key: newIdempotencyKey(), orderId: `order_${Date.now()}` };
      }
      const { key, orderId } = attempt.current;
      const response = await postJson<DirectPaymentResponse>('/api/create-buyer-seller-payment', { orderId, ...details }, key);
      return { orderId, response };
    },
    onSuccess: (result) => {
      attempt.current = null;
      setPrepared(result);
      setCompleted(null);
      const { breakdown, developmentMode } = result.response;
      const total = `Total: ${formatMoney(breakdown.total, breakdown.currency)}.`;
      toast({
        title: 'Payment Ready',
        description: developmentMode
          ? `${total} Seller gets ${formatDollars(breakdown.sellerGets)}, PayMarket gets ${formatDollars(breakdown.paymarketGets)} (development mode: no real charges).`
          : total,
      });
    },
    onError: (error) => {
      form.showServerErrors(error);
      toast({
        variant: 'destructive',
        title: 'Error',
        description: withServerReason('Failed to create payment. Please try again.', error),
      });
    },
  });

  const onSubmit = form.handleSubmit((payload) => prepare.mutate(payload));

  const onPaid = (payment: PreparedDirectPayment): void => {
    const { breakdown } = payment.response;
    toast({
      title: 'Payment Successful!',
      description: `The seller received ${formatMoney(breakdown.sellerGets, breakdown.currency)} directly. PayMarket collected only the ${formatDollars(breakdown.paymarketGets)} transaction fee.`,
    });
    setCompleted({ orderId: payment.orderId, total: breakdown.total, currency: breakdown.currency });
    setPrepared(null);
    form.reset();
  };

  const onPaymentFailed = (message: string | undefined): void => {
    // The card form stays: the same payment can be retried with another card.
    toast({ variant: 'destructive', title: 'Payment Failed', description: message ?? 'There was an issue processing your payment.' });
  };

  const control = (name: keyof DirectForm) => form.field(name);

  const breakdown = liveBreakdown(amount, currency, config.data?.fees);

  return (
    <section className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <PageHeader
        eyebrow="Pay a seller directly"
        title="Direct Payment"
        description="Pay a seller by card. The seller receives the full amount in their Stripe account; PayMarket adds only its fixed transaction fee."
      />
      <div className="grid gap-8 lg:grid-cols-2">
        <Card className="self-start">
          <CardHeader>
            <CardTitle>Payment Details</CardTitle>
            <CardDescription>Fields marked * are required.</CardDescription>
          </CardHeader>
          <CardContent>
            <form {...form.formProps} onSubmit={(event) => void onSubmit(event)} aria-label="Payment details">
              <fieldset disabled={prepared !== null || prepare.isPending} className="space-y-5">
                <FormField id="direct-sellerStripeAccountId" label="Seller" required errors={form.messages('sellerStripeAccountId')}>
                  <Select {...control('sellerStripeAccountId')}>
                    <option value="">
                      {payable.isPending
                        ? 'Loading sellers…'
                        : payable.sellers.length === 0
                          ? 'No seller can be paid yet'
                          : 'Select a seller'}
                    </option>
                    {payable.sellers.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </Select>
                </FormField>
                <p className="-mt-3 text-xs text-muted-foreground">
                  Sellers who have connected a Stripe account to receive payments.{' '}
                  <Link to="/sellers" className="font-medium text-primary underline-offset-4 hover:underline">
                    Browse sellers
                  </Link>
                </p>
                <div className="grid gap-5 sm:grid-cols-2">
                  <FormField id="direct-amount" label="Amount" required errors={form.messages('amount')}>
                    <Input {...control('amount')} type="number" step="0.01" min="0" inputMode="decimal" placeholder="0.00" />
                  </FormField>
                  <FormField id="direct-currency" label="Currency" required errors={form.messages('currency')}>
                    <Select {...control('currency')}>
                      {PAYMENT_CURRENCIES.map((currency) => (
                        <option key={currency} value={currency}>
                          {currency.toUpperCase()}
                        </option>
                      ))}
                    </Select>
                  </FormField>
                </div>
                <FormField id="direct-description" label="Description" required errors={form.messages('description')}>
                  <Textarea {...control('description')} rows={3} placeholder="What are you paying for?" />
                </FormField>
                <div className="grid gap-5 sm:grid-cols-2">
                  <FormField id="direct-buyerName" label="Your Name" required errors={form.messages('buyerName')}>
                    <Input {...control('buyerName')} autoComplete="name" />
                  </FormField>
                  <FormField id="direct-buyerEmail" label="Your Email" required errors={form.messages('buyerEmail')}>
                    <Input {...control('buyerEmail')} type="email" autoComplete="email" />
                  </FormField>
                </div>
                {breakdown !== null && (
                  <PaymentBreakdown
                    label="Live breakdown"
                    currency={currency}
                    rows={[
                      { label: 'Amount to seller', value: breakdown.seller },
                      { label: 'PayMarket transaction fee', value: breakdown.fee },
                    ]}
                    total={{ label: 'Total', value: breakdown.total }}
                  />
                )}
                {prepared === null && (
                  <Button type="submit" size="lg" className="w-full">
                    {prepare.isPending ? (
                      <>
                        <Loader2 className="animate-spin" aria-hidden="true" />
                        Preparing Payment...
                      </>
                    ) : (
                      'Prepare Payment'
                    )}
                  </Button>
                )}
              </fieldset>
            </form>
          </CardContent>
        </Card>

        <Card className="self-start" aria-labelledby="card-panel-title">
          <CardHeader>
            <CardTitle id="card-panel-title" className="flex items-center gap-2">
              <CreditCard className="size-5 text-primary" aria-hidden="true" />
              Credit Card Payment
            </CardTitle>
            <CardDescription>Card details are handled by Stripe and never stored by PayMarket.</CardDescription>
          </CardHeader>
          <CardContent className="space-y-5">
            {prepared !== null ? (
              <>
                <PaymentBreakdown
                  currency={prepared.response.breakdown.currency}
                  rows={[
                    { label: 'Seller receives', value: prepared.response.breakdown.sellerGets },
                    { label: 'Transaction fee', value: prepared.response.breakdown.paymarketGets },
                  ]}
                  total={{ label: 'Total', value: prepared.response.breakdown.total }}
                />
                <CardPaymentForm
                  developmentMode={prepared.response.developmentMode}
                  publishableKey={config.data?.publishableKey ?? null}
                  paymentIntentId={prepared.response.paymentIntentId}
                  clientSecret={prepared.response.clientSecret}
                  returnTo="/direct-payment"
                  payLabel={`Pay ${formatMoney(prepared.response.breakdown.total, prepared.response.breakdown.currency)}`}
                  onSucceeded={() => onPaid(prepared)}
                  onFailed={onPaymentFailed}
                />
                <Button variant="ghost" size="sm" className="w-full" onClick={() => setPrepared(null)}>
                  Cancel and edit details
                </Button>
              </>
            ) : (
              <>
                {completed !== null && (
                  <div role="status" className="flex gap-3 rounded-xl border border-green-200 bg-green-50 p-4 text-sm text-green-900">
                    <CheckCircle2 className="size-5 shrink-0 text-green-600" aria-hidden="true" />
                    <p>
                      <span className="font-semibold">Payment Successful!</span> {formatMoney(completed.total, completed.currency)} paid for
                      order {completed.orderId}.
                    </p>
                  </div>
                )}
                <ol aria-label="How it works" className="space-y-3">
                  {STEPS.map((step, index) => (
                    <li key={step} className="flex gap-3 text-sm">
                      <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-secondary text-xs font-bold text-primary">
                        {index + 1}
                      </span>
                      <span className="text-muted-foreground">{step}</span>
                    </li>
                  ))}
                </ol>
                <p className="flex items-center gap-2 text-xs text-muted-foreground">
                  <Lock className="size-3.5" aria-hidden="true" /> The card form appears here once the payment is prepared.
                </p>
              </>
            )}
          </CardContent>
        </Card>
      </div>
    </section>
  );
}
