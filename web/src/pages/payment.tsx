import type { CreatePaymentIntentDto, FieldErrors, OrderView, PaymentCurrency, PaymentIntentResponse } from '@paymarket/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loader2, Lock, LogIn } from 'lucide-react';
import { useRef, useState, type ChangeEvent, type FormEvent, type ReactElement } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { fieldErrorId, FormField } from '@/components/form-field';
import { HydratedFieldset } from '@/components/hydrated-fieldset';
import { HydrationBoundary } from '@/components/hydration-boundary';
import { PageHeader } from '@/components/page-header';
import { CardPaymentForm } from '@/components/payments/card-payment-form';
import { PaymentBreakdown } from '@/components/payments/payment-breakdown';
import { PaymentResultCard } from '@/components/payments/payment-result-card';
import { newIdempotencyKey, ORDERS_KEY, postJson, usePaymentsConfig, withServerReason } from '@/components/payments/payments-api';
import { NOT_YET_PAYABLE_NOTE, useRecipientOptions } from '@/components/payments/use-recipient-options';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { loadContracts, prefetchContracts, validateContract } from '@/forms/load-contracts';
import { apiFieldErrors } from '@/forms/server-errors';
import { useSession } from '@/hooks/use-session';
import { toast } from '@/hooks/use-toast';
import { PAYMENT_CURRENCIES, PAYMENT_MESSAGES } from '@/lib/contracts-light';
import { formatMoney } from '@/lib/money';
import { cn } from '@/lib/utils';

type PaymentForm = { orderId: string; currency: PaymentCurrency; amount: string; printProviderStripeAccountId: string };

const EMPTY_FORM: PaymentForm = { orderId: '', currency: 'usd', amount: '', printProviderStripeAccountId: '' };

interface PreparedPayment {
  orderId: string;
  intent: PaymentIntentResponse;
}

/** Which of the two calls failed: each has its own message in the spec (§8). */
class PaymentStepError extends Error {
  constructor(
    readonly step: 'order' | 'intent',
    readonly reason: unknown,
  ) {
    super(`${step} failed`);
  }
}

type FormCheck =
  { ok: true; value: CreatePaymentIntentDto } | { ok: false; errors: FieldErrors; toast?: { title: string; description: string } };

/** The form's fields in the page's order: the first with a message takes the focus. */
const FIELDS = ['orderId', 'currency', 'amount', 'printProviderStripeAccountId'] as const;

function focusFirstInvalid(errors: FieldErrors): void {
  const first = FIELDS.find((name) => errors[name] !== undefined);
  if (first) document.getElementById(`payment-${first}`)?.focus();
}

/**
 * The spec's §5 rules through the contract (PaymentFormDto, loaded when the form is first used: ADR 0044, P5; no
 * react-hook-form on this prerendered page, ADR 0056): its messages go under the fields, and the spec's toast follows
 * from them: "Missing Information" when a message says a field is empty, else "Invalid Amount" for the amount's.
 */
async function checkForm(form: PaymentForm): Promise<FormCheck> {
  const result = await validateContract('PaymentFormDto', { ...form, amount: form.amount.trim() });
  const { PAYMENT_FORM_MISSING } = await loadContracts();
  if (result.ok) return result;
  if (Object.values(result.errors).some((messages) => messages.some((message) => PAYMENT_FORM_MISSING.includes(message)))) {
    return {
      ok: false,
      errors: result.errors,
      toast: { title: PAYMENT_MESSAGES.MISSING_INFORMATION_TITLE, description: PAYMENT_MESSAGES.MISSING_INFORMATION },
    };
  }
  if (result.errors.amount !== undefined) {
    return {
      ok: false,
      errors: result.errors,
      toast: { title: PAYMENT_MESSAGES.INVALID_AMOUNT_TITLE, description: PAYMENT_MESSAGES.INVALID_AMOUNT },
    };
  }
  return { ok: false, errors: result.errors };
}

/**
 * While the session is unknown the notice holds its place unseen (`pending`), so a signed-out visitor's form does not
 * move down when the answer arrives: the page's first view is prerendered and painted before it (ADR 0044, P5: CLS).
 */
function SignInNotice({ pending = false }: { pending?: boolean }): ReactElement {
  return (
    <Card
      role="note"
      aria-hidden={pending || undefined}
      inert={pending || undefined}
      className={cn('mb-6 flex flex-wrap items-center gap-4 border-primary/30 bg-secondary/50 p-5', pending && 'invisible')}
    >
      <LogIn className="size-5 text-primary" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">Sign in to pay</p>
        <p className="text-sm text-muted-foreground">Orders belong to your buyer account, so payments need you to be signed in.</p>
      </div>
      <Button asChild size="sm">
        <Link to="/sign-in">Sign in</Link>
      </Button>
      <Button asChild size="sm" variant="outline">
        <Link to="/join">Join as Buyer</Link>
      </Button>
    </Card>
  );
}

export function PaymentPage(): ReactElement {
  const queryClient = useQueryClient();
  const session = useSession();
  const signedIn = session.buyer !== null;
  // A signed-out visitor's form is locked: what only a payer needs is asked once a buyer may be signed in (ADR 0062).
  const payerMayBeSignedIn = session.isLoading || signedIn;
  const config = usePaymentsConfig(payerMayBeSignedIn);
  const recipients = useRecipientOptions(payerMayBeSignedIn);
  const [searchParams] = useSearchParams();
  // "Pay" on a Print Providers card arrives with ?provider=acct_…, chosen in the list already.
  const [form, setForm] = useState<PaymentForm>(() => ({
    ...EMPTY_FORM,
    printProviderStripeAccountId: searchParams.get('provider') ?? '',
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [prepared, setPrepared] = useState<PreparedPayment | null>(null);
  const [outcome, setOutcome] = useState<'success' | 'failure' | null>(null);
  // One Idempotency-Key pair per attempt; retrying the same attempt (same details) replays rather than duplicates.
  const attempt = useRef<{ signature: string; orderKey: string; intentKey: string } | null>(null);

  const createPayment = useMutation({
    mutationFn: async (input: CreatePaymentIntentDto): Promise<PreparedPayment> => {
      const payload = {
        orderId: input.orderId,
        amount: Number(input.amount),
        currency: input.currency,
        printProviderStripeAccountId: input.printProviderStripeAccountId,
      };
      const signature = JSON.stringify(payload);
      if (attempt.current?.signature !== signature) {
        attempt.current = { signature, orderKey: newIdempotencyKey(), intentKey: newIdempotencyKey() };
      }
      const keys = attempt.current;
      try {
        await postJson<OrderView>('/api/orders', { ...payload, description: `Order ${payload.orderId}` }, keys.orderKey);
      } catch (error) {
        throw new PaymentStepError('order', error);
      }
      try {
        const intent = await postJson<PaymentIntentResponse>('/api/create-payment-intent', payload, keys.intentKey);
        return { orderId: payload.orderId, intent };
      } catch (error) {
        throw new PaymentStepError('intent', error);
      }
    },
    onSuccess: (result) => {
      attempt.current = null;
      setPrepared(result);
      setOutcome(null);
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      toast(
        result.intent.developmentMode
          ? { title: 'Payment Ready (Development Mode)', description: 'Using test Stripe keys. No real charges will be made.' }
          : { title: 'Payment Ready', description: 'Live payment processing is enabled. This will create real charges.' },
      );
    },
    onError: (error) => {
      // The server's refusal of a field goes under that field, as the contract's messages do.
      const fields = apiFieldErrors(error instanceof PaymentStepError ? error.reason : error);
      if (Object.keys(fields).length > 0) {
        setErrors(fields);
        focusFirstInvalid(fields);
      }
      if (error instanceof PaymentStepError && error.step === 'order') {
        toast({ title: 'Error', description: withServerReason('Failed to create order. Please try again.', error.reason) });
      } else {
        const reason = error instanceof PaymentStepError ? error.reason : error;
        toast({
          variant: 'destructive',
          title: 'Error',
          description: withServerReason('Failed to create payment intent. Please try again.', reason),
        });
      }
    },
  });

  const update = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>): void => {
    const next = { ...form, [event.target.name]: event.target.value };
    setForm(next);
    if (Object.keys(errors).length > 0) {
      void checkForm(next).then((check) => setErrors(check.ok ? {} : check.errors));
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const check = await checkForm(form);
    if (!check.ok) {
      setErrors(check.errors);
      focusFirstInvalid(check.errors);
      if (check.toast) toast({ variant: 'destructive', ...check.toast });
      return;
    }
    setErrors({});
    createPayment.mutate(check.value);
  };

  const onPaid = async (orderId: string): Promise<void> => {
    try {
      // The server checks with Stripe before completing anything; a failure here is only logged (spec §8).
      await postJson('/api/payments', { orderId, status: 'completed' });
    } catch (error) {
      console.error('Payment status update failed', error);
    }
    void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    void queryClient.invalidateQueries({ queryKey: ['/api/payments'] });
    setOutcome('success');
    toast({ title: 'Payment Successful!', description: 'Your payment has been processed successfully.' });
  };

  const onPaymentFailed = (message: string | undefined): void => {
    setOutcome('failure');
    toast({ variant: 'destructive', title: 'Payment Failed', description: message ?? 'There was an issue processing your payment.' });
  };

  const startOver = (): void => {
    setPrepared(null);
    setOutcome(null);
    setForm(EMPTY_FORM);
    setErrors({});
  };

  const control = (name: keyof PaymentForm) => ({
    id: `payment-${name}`,
    name,
    value: form[name],
    onChange: update,
    'aria-invalid': errors[name] !== undefined ? true : undefined,
    'aria-describedby': errors[name] !== undefined ? fieldErrorId(`payment-${name}`) : undefined,
  });

  const locked = !signedIn || prepared !== null || createPayment.isPending;

  return (
    <section className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
      <PageHeader
        title="Complete Your Payment"
        description="Secure payment processing powered by Stripe. Card details go straight to Stripe."
      />

      {(session.isLoading || !signedIn) && <SignInNotice pending={session.isLoading} />}

      <HydrationBoundary>
        <Card>
          <CardHeader>
            <CardTitle>Payment Details</CardTitle>
            <CardDescription>
              {session.buyer
                ? `Paying as ${session.buyer.name} (${session.buyer.email}).`
                : 'Enter your order and choose who you are paying.'}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <form noValidate onSubmit={(event) => void onSubmit(event)} onFocus={prefetchContracts} aria-label="Payment details">
              {/* Disabled until hydrated (prerendered, ADR 0044), and whenever locked. */}
              <HydratedFieldset disabled={locked} className="space-y-5">
                <FormField id="payment-orderId" label="Order ID" required errors={errors.orderId}>
                  <Input {...control('orderId')} autoComplete="off" placeholder="e.g. ORD-1001" />
                </FormField>
                <div className="grid gap-5 sm:grid-cols-2">
                  <FormField id="payment-currency" label="Currency" required errors={errors.currency}>
                    <Select {...control('currency')}>
                      {PAYMENT_CURRENCIES.map((currency) => (
                        <option key={currency} value={currency}>
                          {currency}
                        </option>
                      ))}
                    </Select>
                  </FormField>
                  <FormField id="payment-amount" label="Amount" required errors={errors.amount}>
                    <Input {...control('amount')} type="number" step="0.01" min="0" inputMode="decimal" placeholder="0.00" />
                  </FormField>
                </div>
                <FormField
                  id="payment-printProviderStripeAccountId"
                  label="Print Provider"
                  required
                  errors={errors.printProviderStripeAccountId}
                >
                  <Select {...control('printProviderStripeAccountId')}>
                    <option value="">{recipients.isPending ? 'Loading providers…' : 'Select a print provider'}</option>
                    {recipients.providers.length > 0 && (
                      <optgroup label="Print providers">
                        {recipients.providers.map((option) => (
                          <option key={option.value} value={option.value}>
                            {option.label}
                          </option>
                        ))}
                      </optgroup>
                    )}
                    {recipients.sellers.length > 0 && (
                      <optgroup label="Sellers">
                        {recipients.sellers.map((option) => (
                          <option key={option.value} value={option.value} disabled={option.disabled}>
                            {option.label}
                          </option>
                        ))}
                      </optgroup>
                    )}
                  </Select>
                </FormField>
                {recipients.sellers.some((option) => option.disabled) && (
                  <p className="-mt-3 text-xs text-muted-foreground" role="note">
                    {NOT_YET_PAYABLE_NOTE}
                  </p>
                )}
                {prepared === null && (
                  <Button type="submit" size="lg" className="w-full">
                    {createPayment.isPending ? (
                      <>
                        <Loader2 className="animate-spin" aria-hidden="true" />
                        Creating Payment...
                      </>
                    ) : (
                      'Create Payment'
                    )}
                  </Button>
                )}
              </HydratedFieldset>
            </form>
          </CardContent>
        </Card>
      </HydrationBoundary>

      {prepared !== null && (
        <div className="mt-6">
          {outcome === 'success' && (
            <PaymentResultCard outcome="success">
              <Button asChild variant="outline">
                <Link to="/orders">View Order History</Link>
              </Button>
              <Button onClick={startOver}>Make Another Payment</Button>
            </PaymentResultCard>
          )}
          {outcome === 'failure' && (
            <PaymentResultCard outcome="failure">
              <Button onClick={() => setOutcome(null)}>Try Again</Button>
              <Button variant="outline" onClick={startOver}>
                Start Over
              </Button>
            </PaymentResultCard>
          )}
          {outcome === null && (
            <Card>
              <CardHeader>
                <CardTitle className="flex items-center gap-2">
                  <Lock className="size-5 text-primary" aria-hidden="true" />
                  Card Payment
                </CardTitle>
                <CardDescription>Order {prepared.orderId}</CardDescription>
              </CardHeader>
              <CardContent className="space-y-5">
                <PaymentBreakdown
                  currency={prepared.intent.breakdown.currency}
                  rows={[
                    { label: 'Product Amount', value: prepared.intent.breakdown.sellerGets },
                    { label: 'Transaction Fee', value: prepared.intent.breakdown.paymarketGets },
                  ]}
                  total={{ label: 'Total', value: prepared.intent.breakdown.total }}
                />
                <CardPaymentForm
                  developmentMode={prepared.intent.developmentMode}
                  publishableKey={config.data?.publishableKey ?? null}
                  paymentIntentId={prepared.intent.paymentIntentId}
                  clientSecret={prepared.intent.clientSecret}
                  returnTo="/payment"
                  payLabel={`Pay ${formatMoney(prepared.intent.breakdown.total, prepared.intent.breakdown.currency)}`}
                  onSucceeded={() => onPaid(prepared.orderId)}
                  onFailed={onPaymentFailed}
                />
                <Button variant="ghost" size="sm" className="w-full" onClick={startOver}>
                  Cancel and start over
                </Button>
              </CardContent>
            </Card>
          )}
        </div>
      )}
    </section>
  );
}
