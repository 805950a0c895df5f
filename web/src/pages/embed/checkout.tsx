import type {
  EmbedConfigResponse,
  EmbedCreateOrderDto,
  EmbedEventDetail,
  EmbedOrderResponse,
  OrderSplitLine,
  PaymentCurrency,
  PaymentStatusView,
  PrintProvider,
} from '@paymarket/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Loader2, Lock, ShieldCheck } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactElement } from 'react';
import { useSearchParams } from 'react-router-dom';
import { accentStyle, embeddingOrigin, embedRequest, postToHost, tokenFromHash } from '@/components/embed/embed-frame';
import { FormField } from '@/components/form-field';
import type { TestCardBody } from '@/components/payments/card-payment.types';
import { CardPaymentForm } from '@/components/payments/card-payment-form';
import { PaymentBreakdown } from '@/components/payments/payment-breakdown';
import { PaymentResultCard } from '@/components/payments/payment-result-card';
import { usePaymentsConfig } from '@/components/payments/payments-api';
import { usePayableSellers } from '@/components/payments/use-recipient-options';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useContractForm } from '@/forms/use-contract-form';
import { EMBED_EVENTS, EMBED_MESSAGES, PAYMENT_CURRENCIES } from '@/lib/contracts-light';
import { useSubmissionKey } from '@/lib/idempotency';
import { enteredAmountToMinor, formatMoney } from '@/lib/money';
import { apiErrorMessage, errorStatus } from '@/lib/queryClient';

/**
 * The page's choices, as /widget.js passes them (data-seller, data-provider, data-provider-cost, data-amount,
 * data-currency, data-order-id).
 */
interface CheckoutQuery {
  marketplace: string;
  /** A fixed recipient (`seller_<id>` or a provider's `acct_…`), when the page chose one. */
  recipient: string | null;
  /** A seller's order produced by a print provider (ADR 0051): the provider's account and its cost in the amount. */
  production: { printProvider: string; providerCost: string } | null;
  amount: string | null;
  currency: PaymentCurrency | null;
  orderId: string | null;
}

type CheckoutForm = { recipient: string; amount: string; currency: PaymentCurrency; buyerEmail: string; buyerName: string };

type Outcome = { kind: 'success'; status: PaymentStatusView } | { kind: 'failure'; message: string } | null;

export const NOT_FRAMED = "This checkout opens inside a marketplace's own page. Go back to the marketplace and start the payment there.";
export const NOT_CONFIRMED = 'The payment was not confirmed. No money was taken; please try again.';
const STATUS_POLL_MS = 2_000;
const STATUS_POLL_LIMIT = 90;

function readQuery(params: URLSearchParams): CheckoutQuery {
  const text = (name: string) => {
    const value = params.get(name)?.trim();
    return value === undefined || value === '' ? null : value;
  };
  const seller = text('seller');
  const provider = text('provider');
  const providerCost = text('providerCost');
  const currency = text('currency')?.toLowerCase();
  return {
    marketplace: text('marketplace') ?? '',
    // A seller named by the page is the recipient; a provider with it is paid its cost (both named: a four-way split),
    // a provider alone is the recipient.
    recipient: seller !== null ? `seller_${seller}` : provider,
    production: seller !== null && provider !== null && providerCost !== null ? { printProvider: provider, providerCost } : null,
    amount: text('amount'),
    currency: (PAYMENT_CURRENCIES as readonly string[]).includes(currency ?? '') ? (currency as PaymentCurrency) : null,
    orderId: text('orderId'),
  };
}

function splitLabel(line: OrderSplitLine, marketplace: string): string {
  switch (line.party) {
    case 'platform':
      return 'PayMarket fee';
    case 'marketplace':
      return `${marketplace} fee`;
    case 'seller':
      return line.name ?? 'Seller';
    case 'provider':
      return line.name ?? 'Print provider';
  }
}

function Refusal({ message }: { message: string }): ReactElement {
  return (
    <main>
      <p role="alert" className="m-3 rounded-xl border border-border bg-card p-4 text-sm font-medium">
        {message}
      </p>
    </main>
  );
}

/**
 * The checkout /widget.js shows in its iframe (ADR 0052), on PayMarket's origin: the marketplace's branding, a
 * recipient from the catalog (or the page's own), amount and currency, the buyer's contact, then the card step of
 * /payment. It tells the page it is embedded in (and only that page) what happened, by postMessage.
 */
export function EmbedCheckoutPage(): ReactElement {
  const [params] = useSearchParams();
  const query = useMemo(() => readQuery(params), [params]);
  const [token] = useState(() => tokenFromHash(window.location.hash));
  const [host] = useState(() => embeddingOrigin(window));
  // Inside the marketplace's page: its own background shows around the checkout's cards.
  useEffect(() => {
    const previous = document.body.style.background;
    document.body.style.background = 'transparent';
    return () => {
      document.body.style.background = previous;
    };
  }, []);
  if (host === null) return <Refusal message={NOT_FRAMED} />;
  if (token === null || query.marketplace === '') return <Refusal message={EMBED_MESSAGES.TOKEN_REQUIRED} />;
  return <EmbeddedCheckout query={query} token={token} host={host} />;
}

function EmbeddedCheckout({ query, token, host }: { query: CheckoutQuery; token: string; host: string }): ReactElement {
  // Asked with the token (this frame's same-origin request has no Origin the gateway could check).
  const config = useQuery<EmbedConfigResponse>({
    queryKey: ['/api/embed/config', query.marketplace, token],
    queryFn: () => embedRequest('GET', `/api/embed/config?marketplace=${encodeURIComponent(query.marketplace)}`, token),
  });
  const root = useRef<HTMLDivElement>(null);
  const announced = useRef(false);
  const tell = (type: (typeof EMBED_EVENTS)[keyof typeof EMBED_EVENTS], detail: Omit<EmbedEventDetail, 'marketplace'> = {}) =>
    postToHost(host, type, { marketplace: query.marketplace, ...detail });

  useEffect(() => {
    if (config.data === undefined || announced.current) return;
    announced.current = true;
    document.title = `Checkout: ${config.data.marketplace.displayName}`;
    tell(EMBED_EVENTS.READY);
  });

  // The host page sizes the iframe to the checkout (paymarket:resize), so it never scrolls inside.
  useEffect(() => {
    const element = root.current;
    if (element === null || typeof ResizeObserver === 'undefined') return;
    let last = 0;
    const observer = new ResizeObserver(() => {
      const height = Math.ceil(element.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      tell(EMBED_EVENTS.RESIZE, { height });
    });
    observer.observe(element);
    return () => observer.disconnect();
    // Observed once: the element stays while the content inside it changes.
  }, []);

  const accent = config.data?.marketplace.accentColor ?? null;
  return (
    <div ref={root} style={accentStyle(accent)} className="p-3 sm:p-4">
      {config.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Loading the checkout…
        </p>
      ) : config.isError ? (
        <Refusal message={configError(config.error)} />
      ) : (
        <main className="mx-auto max-w-xl space-y-4">
          <header className="flex items-center gap-3">
            {config.data.marketplace.logoUrl !== null && (
              <img
                src={config.data.marketplace.logoUrl}
                alt={`${config.data.marketplace.displayName} logo`}
                className="size-10 rounded-lg object-contain"
              />
            )}
            <div className="min-w-0">
              <h1 className="truncate text-xl font-bold text-primary">{config.data.marketplace.displayName}</h1>
              <p className="flex items-center gap-1 text-xs text-muted-foreground">
                <ShieldCheck className="size-3.5" aria-hidden="true" /> Secure checkout by PayMarket. Card details go straight to Stripe.
              </p>
            </div>
          </header>
          <CheckoutSteps query={query} token={token} host={host} displayName={config.data.marketplace.displayName} tell={tell} />
        </main>
      )}
    </div>
  );
}

function configError(error: unknown): string {
  const status = errorStatus(error);
  if (status === 401) return EMBED_MESSAGES.TOKEN_REQUIRED;
  if (status === 403) return EMBED_MESSAGES.NOT_ENABLED;
  return apiErrorMessage(error, 'The checkout could not be loaded. Please try again later.');
}

function CheckoutSteps({
  query,
  token,
  host,
  displayName,
  tell,
}: {
  query: CheckoutQuery;
  token: string;
  host: string;
  displayName: string;
  tell: (type: (typeof EMBED_EVENTS)[keyof typeof EMBED_EVENTS], detail?: Omit<EmbedEventDetail, 'marketplace'>) => void;
}): ReactElement {
  const payments = usePaymentsConfig();
  const sellers = usePayableSellers();
  const providers = useQuery<PrintProvider[]>({ queryKey: ['/api/print-providers'] });
  const submission = useSubmissionKey();
  const fixedAmount = query.amount !== null && enteredAmountToMinor(query.amount) !== undefined;
  // The body the server validates (EmbedCreateOrderDto): the buyer's fields and what the page set.
  const body = useCallback(
    (input: CheckoutForm): Record<string, unknown> => ({
      amount: input.amount.trim(),
      currency: input.currency,
      recipient: input.recipient,
      buyerEmail: input.buyerEmail,
      ...(input.buyerName.trim() !== '' ? { buyerName: input.buyerName } : {}),
      ...(query.orderId !== null ? { orderId: query.orderId } : {}),
      ...(query.production ?? {}),
      embedOrigin: host,
    }),
    [query, host],
  );
  // Validated by the DTO the server uses, loaded when the buyer first uses the form, not with the page (ADR 0044).
  const form = useContractForm<CheckoutForm, 'EmbedCreateOrderDto'>({
    dto: 'EmbedCreateOrderDto',
    idPrefix: 'embed',
    defaultValues: {
      recipient: query.recipient ?? '',
      amount: query.amount ?? '',
      currency: query.currency ?? 'usd',
      buyerEmail: '',
      buyerName: '',
    },
    toPayload: body,
  });
  const [prepared, setPrepared] = useState<EmbedOrderResponse | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [authenticating, setAuthenticating] = useState(false);
  const polling = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(polling.current), []);

  const createOrder = useMutation({
    mutationFn: (value: EmbedCreateOrderDto) =>
      embedRequest<EmbedOrderResponse>('POST', '/api/embed/orders', token, { body: value, idempotencyKey: submission.keyFor(value) }),
    onSuccess: (response) => {
      submission.done();
      setPrepared(response);
      setOutcome(null);
    },
    onError: (error) => {
      submission.failed(error);
      form.showServerErrors(error);
    },
  });

  const onSubmit = form.handleSubmit((value) => createOrder.mutate(value));

  const statusOf = (order: EmbedOrderResponse) =>
    embedRequest<PaymentStatusView>(
      'GET',
      `/api/embed/payments/${encodeURIComponent(order.paymentIntentId)}?client_secret=${encodeURIComponent(order.clientSecret)}`,
      token,
    );

  const eventDetail = (order: EmbedOrderResponse) => ({
    orderId: order.order.id,
    reference: order.order.orderId,
    paymentIntentId: order.paymentIntentId,
    amount: order.order.total,
    currency: order.order.currency,
  });

  const fail = (order: EmbedOrderResponse, message: string): void => {
    setOutcome({ kind: 'failure', message });
    tell(EMBED_EVENTS.FAILED, { ...eventDetail(order), message });
  };

  const settle = (order: EmbedOrderResponse, status: PaymentStatusView): void => {
    if (status.paymentStatus === 'succeeded') {
      setOutcome({ kind: 'success', status });
      tell(EMBED_EVENTS.SUCCEEDED, eventDetail(order));
    } else {
      fail(order, status.failureMessage ?? NOT_CONFIRMED);
    }
  };

  // The card form's "succeeded" is a hint: the server asks Stripe before the page is told anything.
  const onPaid = async (order: EmbedOrderResponse): Promise<void> => {
    try {
      settle(order, await statusOf(order));
    } catch (error) {
      fail(order, apiErrorMessage(error, NOT_CONFIRMED));
    }
  };

  // 3-D Secure: its page cannot be framed here, so it opens in a window of its own; this frame waits for the outcome.
  const authenticate = (order: EmbedOrderResponse, url: string): void => {
    window.open(url, '_blank');
    setAuthenticating(true);
    let polls = 0;
    const poll = async (): Promise<void> => {
      polls++;
      try {
        const status = await statusOf(order);
        if (status.paymentStatus !== 'requires_action' && status.paymentStatus !== 'processing') {
          setAuthenticating(false);
          settle(order, status);
          return;
        }
      } catch {
        // A lost answer: ask again on the next tick.
      }
      if (polls >= STATUS_POLL_LIMIT) {
        setAuthenticating(false);
        fail(order, NOT_CONFIRMED);
        return;
      }
      polling.current = setTimeout(() => void poll(), STATUS_POLL_MS);
    };
    polling.current = setTimeout(() => void poll(), STATUS_POLL_MS);
  };

  const control = form.field;

  const productionLabel = (account: string): string => providers.data?.find((p) => p.stripeAccountId === account)?.name ?? account;

  const fixedRecipientLabel = (): string => {
    const recipient = query.recipient ?? '';
    const seller = sellers.sellers.find((s) => s.value === recipient);
    const provider = providers.data?.find((p) => p.stripeAccountId === recipient);
    return seller?.label ?? provider?.name ?? recipient;
  };

  // Errors about what the page set (not a field the buyer can change: no control, or the fixed amount) show above the
  // button.
  const pageErrors = [...(form.formMessage ? [form.formMessage] : []), ...((fixedAmount && form.messages('amount')) || [])];
  const amount = form.watch('amount');
  const currency = form.watch('currency');

  if (prepared !== null && outcome?.kind === 'success') {
    return (
      <PaymentResultCard
        outcome="success"
        description={`You paid ${formatMoney(prepared.order.total, prepared.order.currency)} to ${displayName}. Reference: ${prepared.order.orderId}.`}
      />
    );
  }

  return (
    <>
      <Card>
        <CardHeader className="pb-4">
          <CardTitle className="text-lg">Payment details</CardTitle>
          <CardDescription>Fields marked * are required.</CardDescription>
        </CardHeader>
        <CardContent>
          <form {...form.formProps} aria-label="Payment details" onSubmit={(event) => void onSubmit(event)}>
            <fieldset disabled={prepared !== null || createOrder.isPending} className="space-y-4">
              {query.recipient === null ? (
                <FormField id={form.fieldId('recipient')} label="Pay to" required errors={form.messages('recipient')}>
                  <Select {...control('recipient')}>
                    <option value="">{sellers.isPending || providers.isPending ? 'Loading…' : 'Choose a seller or print provider'}</option>
                    {sellers.sellers.length > 0 && (
                      <optgroup label="Sellers">
                        {sellers.sellers.map((option) => (
                          <option key={option.value} value={option.value}>
                            {option.label}
                          </option>
                        ))}
                      </optgroup>
                    )}
                    {(providers.data ?? []).length > 0 && (
                      <optgroup label="Print providers">
                        {(providers.data ?? []).map((provider) => (
                          <option key={provider.stripeAccountId} value={provider.stripeAccountId}>
                            {provider.name}
                          </option>
                        ))}
                      </optgroup>
                    )}
                  </Select>
                </FormField>
              ) : (
                <p className="text-sm">
                  Paying <span className="font-semibold">{fixedRecipientLabel()}</span>
                  {query.production !== null && (
                    <>
                      {' '}
                      (made by <span className="font-semibold">{productionLabel(query.production.printProvider)}</span>)
                    </>
                  )}
                </p>
              )}
              {fixedAmount && query.currency !== null ? (
                <p className="text-sm">
                  Amount <span className="font-semibold">{formatMoney(amount, currency)}</span>
                </p>
              ) : (
                <div className="grid gap-4 sm:grid-cols-2">
                  <FormField id={form.fieldId('amount')} label="Amount" required errors={fixedAmount ? undefined : form.messages('amount')}>
                    <Input
                      {...control('amount')}
                      readOnly={fixedAmount}
                      type="number"
                      step="0.01"
                      min="0"
                      inputMode="decimal"
                      placeholder="0.00"
                    />
                  </FormField>
                  <FormField id={form.fieldId('currency')} label="Currency" required errors={form.messages('currency')}>
                    <Select {...control('currency')} disabled={query.currency !== null}>
                      {PAYMENT_CURRENCIES.map((currency) => (
                        <option key={currency} value={currency}>
                          {currency.toUpperCase()}
                        </option>
                      ))}
                    </Select>
                  </FormField>
                </div>
              )}
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField id={form.fieldId('buyerEmail')} label="Your email" required errors={form.messages('buyerEmail')}>
                  <Input {...control('buyerEmail')} type="email" autoComplete="email" />
                </FormField>
                <FormField id={form.fieldId('buyerName')} label="Your name" errors={form.messages('buyerName')}>
                  <Input {...control('buyerName')} autoComplete="name" />
                </FormField>
              </div>
              {pageErrors.length > 0 && (
                <div role="alert" className="space-y-1 text-sm font-medium text-destructive">
                  {[...new Set(pageErrors)].map((message) => (
                    <p key={message}>{message}</p>
                  ))}
                </div>
              )}
              {createOrder.isError && (
                <p role="alert" className="text-sm font-medium text-destructive">
                  {apiErrorMessage(createOrder.error, 'The order could not be created. Please try again.')}
                </p>
              )}
              {prepared === null && (
                <Button type="submit" size="lg" className="w-full">
                  {createOrder.isPending ? (
                    <>
                      <Loader2 className="animate-spin" aria-hidden="true" />
                      Preparing payment…
                    </>
                  ) : (
                    'Continue to payment'
                  )}
                </Button>
              )}
            </fieldset>
          </form>
        </CardContent>
      </Card>

      {prepared !== null && outcome?.kind === 'failure' && (
        <PaymentResultCard outcome="failure" description={outcome.message}>
          <Button onClick={() => setOutcome(null)}>Try again</Button>
        </PaymentResultCard>
      )}

      {prepared !== null && outcome === null && (
        <Card>
          <CardHeader className="pb-4">
            <CardTitle className="flex items-center gap-2 text-lg">
              <Lock className="size-5 text-primary" aria-hidden="true" />
              Card payment
            </CardTitle>
            <CardDescription>Order {prepared.order.orderId}</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            <PaymentBreakdown
              currency={prepared.order.currency}
              rows={
                prepared.order.split.length > 0
                  ? prepared.order.split.map((line) => ({ label: splitLabel(line, displayName), value: line.amount }))
                  : [
                      { label: 'Amount', value: prepared.order.amount },
                      { label: 'PayMarket fee', value: prepared.order.fee },
                    ]
              }
              total={{ label: 'Total', value: prepared.order.total }}
            />
            {authenticating ? (
              <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
                <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Waiting for your bank's confirmation in the other window…
              </p>
            ) : (
              <CardPaymentForm
                developmentMode={prepared.developmentMode}
                publishableKey={payments.data?.publishableKey ?? null}
                paymentIntentId={prepared.paymentIntentId}
                clientSecret={prepared.clientSecret}
                returnTo="/payment"
                payLabel={`Pay ${formatMoney(prepared.order.total, prepared.order.currency)}`}
                onSucceeded={() => onPaid(prepared)}
                onFailed={(message) => fail(prepared, message ?? 'Your card was declined.')}
                confirmTestCard={(paymentIntentId: string, card: TestCardBody) =>
                  embedRequest<PaymentStatusView>('POST', `/api/embed/payments/${encodeURIComponent(paymentIntentId)}/test-card`, token, {
                    body: card,
                  })
                }
                onRequiresAction={(url) => authenticate(prepared, url)}
              />
            )}
            {!authenticating && (
              <Button variant="ghost" size="sm" className="w-full" onClick={() => setPrepared(null)}>
                Change details
              </Button>
            )}
          </CardContent>
        </Card>
      )}
    </>
  );
}
