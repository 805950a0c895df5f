import type {
  AcceptQuoteResponse,
  PaymentIntentResponse,
  QuoteListResponse,
  QuoteMessageDto,
  QuoteResponse,
  QuoteView,
  SendQuoteDto,
} from '@paymarket/contracts';
import { useQueryClient, useQuery } from '@tanstack/react-query';
import { useState, type ReactElement } from 'react';
import { Link, useParams } from 'react-router-dom';
import { FormField } from '@/components/form-field';
import { PageHeader } from '@/components/page-header';
import { CardPaymentForm } from '@/components/payments/card-payment-form';
import { postJson, usePaymentsConfig } from '@/components/payments/payments-api';
import { storedSellerAuths, type StoredSellerAuth } from '@/components/requests/seller-auth';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useContractForm } from '@/forms/use-contract-form';
import { toast } from '@/hooks/use-toast';
import { useSubmissionKey } from '@/lib/idempotency';
import { apiErrorMessage, errorStatus } from '@/lib/queryClient';

const money = (amount: string, currency: string): string => `$${amount} ${currency.toUpperCase()}`;

type QuoteForm = Record<'amount' | 'currency' | 'included' | 'deliveryDate' | 'printProviderStripeAccountId' | 'providerAmount', string>;

const EMPTY_QUOTE: QuoteForm = {
  amount: '',
  currency: 'usd',
  included: '',
  deliveryDate: '',
  printProviderStripeAccountId: '',
  providerAmount: '',
};

/** Blank fields are left out (the optional provider ones), so SendQuoteDto answers for what was typed. */
function quotePayload(form: QuoteForm): Partial<QuoteForm> {
  return Object.fromEntries(Object.entries(form).filter(([, v]) => v.trim() !== ''));
}

/** A seller who registered in this browser sends a quote with the edit token kept under seller_auth_{id}. */
function SendQuoteForm({ requestId, sellers }: { requestId: string; sellers: StoredSellerAuth[] }): ReactElement {
  const [sellerId, setSellerId] = useState(sellers[0]?.sellerId ?? '');
  const form = useContractForm<QuoteForm, 'SendQuoteDto'>({
    dto: 'SendQuoteDto',
    idPrefix: 'quote',
    defaultValues: EMPTY_QUOTE,
    toPayload: quotePayload,
  });
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<QuoteView | null>(null);

  const send = async (body: SendQuoteDto): Promise<void> => {
    const seller = sellers.find((s) => s.sellerId === sellerId);
    if (!seller) return;
    setSending(true);
    try {
      const res = await fetch(`/api/buyer-requests/${requestId}/quotes`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${seller.token}`, 'X-Seller-Id': seller.sellerId },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
      const answer = (await res.json()) as QuoteResponse;
      setSent(answer.quote);
      toast({ title: 'Quote Sent', description: answer.message });
    } catch (error) {
      form.showServerErrors(error);
      toast({ variant: 'destructive', title: 'Failed to Send Quote', description: apiErrorMessage(error, 'Please try again.') });
    } finally {
      setSending(false);
    }
  };
  const onSubmit = form.handleSubmit(send);

  if (sent) {
    return (
      <p role="status" className="text-sm">
        Your quote of {money(sent.amount, sent.currency)} was sent. The buyer is emailed and can accept it.
      </p>
    );
  }
  const field = form.field;
  return (
    <form {...form.formProps} onSubmit={(e) => void onSubmit(e)} className="space-y-4" aria-label="Send a quote">
      {sellers.length > 1 && (
        <FormField id="quote-seller" label="Quote as">
          <Select id="quote-seller" value={sellerId} onChange={(e) => setSellerId(e.target.value)}>
            {sellers.map((s) => (
              <option key={s.sellerId} value={s.sellerId}>
                {s.sellerId}
              </option>
            ))}
          </Select>
        </FormField>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="quote-amount" label="Price" required errors={form.messages('amount')}>
          <Input {...field('amount')} inputMode="decimal" placeholder="100.00" />
        </FormField>
        <FormField id="quote-currency" label="Currency" required errors={form.messages('currency')}>
          <Select {...field('currency')}>
            <option value="usd">usd</option>
            <option value="cad">cad</option>
          </Select>
        </FormField>
      </div>
      <FormField id="quote-included" label="What is included" required errors={form.messages('included')}>
        <Textarea {...field('included')} rows={3} />
      </FormField>
      <FormField id="quote-deliveryDate" label="Delivery date" required errors={form.messages('deliveryDate')}>
        <Input {...field('deliveryDate')} type="date" />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="quote-printProviderStripeAccountId"
          label="Print provider account (optional)"
          errors={form.messages('printProviderStripeAccountId')}
        >
          <Input {...field('printProviderStripeAccountId')} placeholder="acct_…" />
        </FormField>
        <FormField id="quote-providerAmount" label="Print provider's share (optional)" errors={form.messages('providerAmount')}>
          <Input {...field('providerAmount')} inputMode="decimal" />
        </FormField>
      </div>
      {form.formMessage && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {form.formMessage}
        </p>
      )}
      <Button type="submit" disabled={sending}>
        {sending ? 'Sending...' : 'Send Quote'}
      </Button>
    </form>
  );
}

/** After accepting: the order is paid here, with the same card form as /payment. */
function PayAccepted({ accepted, onPaid }: { accepted: AcceptQuoteResponse; onPaid: () => Promise<void> }): ReactElement {
  const config = usePaymentsConfig();
  const intent = useQuery<PaymentIntentResponse>({
    queryKey: ['quote-intent', accepted.pay.orderId],
    queryFn: () => postJson<PaymentIntentResponse>('/api/create-payment-intent', accepted.pay),
  });
  if (intent.isError) return <p role="alert">{apiErrorMessage(intent.error, 'Failed to create payment. Please try again.')}</p>;
  if (!intent.data || !config.data) return <p>Preparing the payment…</p>;
  return (
    <div className="space-y-3">
      <p className="text-sm">
        Total to pay: {money(intent.data.breakdown.total, intent.data.breakdown.currency)} (the quoted price plus the transaction fee).
      </p>
      <CardPaymentForm
        developmentMode={config.data.developmentMode}
        publishableKey={config.data.publishableKey}
        paymentIntentId={intent.data.paymentIntentId}
        clientSecret={intent.data.clientSecret}
        returnTo={window.location.pathname}
        payLabel={`Pay ${money(intent.data.breakdown.total, intent.data.breakdown.currency)}`}
        onSucceeded={onPaid}
        onFailed={(message) =>
          toast({ variant: 'destructive', title: 'Payment Failed', description: message ?? 'There was an issue processing your payment.' })
        }
      />
    </div>
  );
}

function QuoteCard({
  quote,
  requestId,
  canDecide,
  onChanged,
  onPaid,
}: {
  quote: QuoteView;
  requestId: string;
  canDecide: boolean;
  onChanged: () => Promise<void>;
  /** The card step succeeded: the quote turns paid once payments' event reaches requests (a moment later). */
  onPaid: () => void;
}): ReactElement {
  const [accepted, setAccepted] = useState<AcceptQuoteResponse | null>(null);
  const [busy, setBusy] = useState(false);
  const question = useContractForm<{ message: string }, 'QuoteMessageDto'>({
    dto: 'QuoteMessageDto',
    idPrefix: `question-${quote.id}`,
    defaultValues: { message: '' },
  });
  // One Idempotency-Key per question: resending the same text after a failure is sent (and emailed) once.
  const submission = useSubmissionKey();
  const ask = async (body: QuoteMessageDto): Promise<void> => {
    setBusy(true);
    try {
      const answer = await postJson<QuoteResponse>(
        `/api/buyer-requests/${requestId}/quotes/${quote.id}/questions`,
        body,
        submission.keyFor(body),
      );
      submission.done();
      question.reset();
      toast({ title: 'Question Sent', description: answer.message });
      await onChanged();
    } catch (error) {
      submission.failed(error);
      question.showServerErrors(error);
      toast({ variant: 'destructive', title: 'Failed to Send Question', description: apiErrorMessage(error, 'Please try again.') });
    } finally {
      setBusy(false);
    }
  };
  const act = async (action: 'accept' | 'decline'): Promise<void> => {
    setBusy(true);
    try {
      const answer = await postJson<AcceptQuoteResponse>(`/api/buyer-requests/${requestId}/quotes/${quote.id}/${action}`, {});
      if (action === 'accept') setAccepted(answer);
      toast({ title: action === 'accept' ? 'Quote Accepted' : 'Quote Declined', description: answer.message });
      await onChanged();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: `Failed to ${action === 'accept' ? 'Accept' : 'Decline'} Quote`,
        description: apiErrorMessage(error, 'Please try again.'),
      });
    } finally {
      setBusy(false);
    }
  };
  const payable = accepted ?? null;
  return (
    <Card role="article" aria-label={`Quote from ${quote.seller.businessName}`}>
      <CardHeader>
        <CardTitle className="flex items-center justify-between gap-2 text-lg">
          <span>{quote.seller.businessName}</span>
          <Badge>{quote.status}</Badge>
        </CardTitle>
        <CardDescription>
          {money(quote.amount, quote.currency)} · delivery by {quote.deliveryDate}
          {quote.provider ? ` · print provider share ${money(quote.provider.amount, quote.currency)}` : ''}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="whitespace-pre-line text-sm">{quote.included}</p>
        {quote.messages.length > 0 && (
          <ul aria-label="Questions and answers" className="space-y-1 text-sm">
            {quote.messages.map((m) => (
              <li key={`${m.createdAt}/${m.author}`}>
                <span className="font-medium">{m.author === 'buyer' ? 'You' : quote.seller.businessName}:</span> {m.message}
              </li>
            ))}
          </ul>
        )}
        {canDecide && quote.status === 'sent' && (
          <form
            {...question.formProps}
            onSubmit={(event) => void question.handleSubmit(ask)(event)}
            className="flex items-end gap-2"
            aria-label="Ask a question"
          >
            <FormField id={question.fieldId('message')} label="Ask the seller a question" errors={question.messages('message')}>
              <Input {...question.field('message')} />
            </FormField>
            <Button type="submit" variant="outline" disabled={busy}>
              Ask
            </Button>
          </form>
        )}
        {canDecide && quote.status === 'sent' && (
          <div className="flex gap-2">
            <Button disabled={busy} onClick={() => void act('accept')}>
              Accept
            </Button>
            <Button variant="outline" disabled={busy} onClick={() => void act('decline')}>
              Decline
            </Button>
          </div>
        )}
        {canDecide && quote.status === 'accepted' && !payable && (
          <Button disabled={busy} onClick={() => void act('accept')}>
            Pay this quote
          </Button>
        )}
        {payable && quote.status === 'accepted' && (
          <PayAccepted
            accepted={payable}
            onPaid={async () => {
              // The browser's word is only a hint: the server re-checks with Stripe.
              await postJson('/api/payments', { orderId: payable.pay.orderId, status: 'completed' }).catch(() => undefined);
              toast({ title: 'Payment Successful!', description: 'Your payment has been processed successfully.' });
              onPaid();
              await onChanged();
            }}
          />
        )}
      </CardContent>
    </Card>
  );
}

/** How long (seconds) the page waits for a paid quote's request to show fulfilled after the card step. */
const CONFIRM_POLLS = 30;

/**
 * /buyer-requests/:id/quotes (ADR 0045): the request's owner sees the quotes, accepts one and pays it here; a seller
 * who registered in this browser sends a quote.
 */
export function RequestQuotesPage(): ReactElement {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const sellers = storedSellerAuths();
  const key = [`/api/buyer-requests/${id}/quotes`];
  // After a card step succeeds, the quote turns paid (and the request fulfilled) when payments' payment.succeeded
  // reaches the requests service, a moment after the card step answers: until then the list is read again every
  // second, for at most CONFIRM_POLLS seconds.
  const [paidAt, setPaidAt] = useState<number | null>(null);
  const quotes = useQuery<QuoteListResponse>({
    queryKey: key,
    refetchInterval: (query) =>
      paidAt !== null && query.state.data?.requestStatus !== 'fulfilled' && Date.now() - paidAt < CONFIRM_POLLS * 1000 ? 1000 : false,
  });
  const confirming = paidAt !== null && quotes.data !== undefined && quotes.data.requestStatus !== 'fulfilled';
  const refresh = async (): Promise<void> => {
    await queryClient.invalidateQueries({ queryKey: key });
  };
  const status = quotes.isError ? errorStatus(quotes.error) : undefined;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Link to="/buyer-requests" className="text-sm text-primary underline-offset-4 hover:underline">
        Back to buyer requests
      </Link>
      <PageHeader
        title="Quotes"
        description="Sellers quote a price, what is included and a delivery date; the buyer accepts one and pays it."
      />
      {sellers.length > 0 && (
        <section aria-labelledby="send-quote" className="mb-10">
          <h2 id="send-quote" className="mb-4 text-xl font-semibold">
            Send a quote
          </h2>
          <SendQuoteForm requestId={id} sellers={sellers} />
        </section>
      )}
      <section aria-labelledby="received-quotes">
        <h2 id="received-quotes" className="mb-4 text-xl font-semibold">
          Quotes on this request
        </h2>
        {quotes.isLoading && <p>Loading quotes...</p>}
        {status === 401 && (
          <p>
            <Link to="/sign-in" className="text-primary underline">
              Sign in
            </Link>{' '}
            as the buyer who posted this request to see its quotes.
          </p>
        )}
        {status === 403 && <p>Only the buyer who posted this request can see its quotes.</p>}
        {quotes.isError && status !== 401 && status !== 403 && (
          <p role="alert">{apiErrorMessage(quotes.error, 'Could not load the quotes.')}</p>
        )}
        {quotes.data && (
          <>
            {confirming && (
              <p role="status" className="mb-4 text-muted-foreground">
                Your payment went through: this page shows the request fulfilled as soon as it is recorded.
              </p>
            )}
            {quotes.data.requestStatus === 'fulfilled' && (
              <p role="status" className="mb-4 font-medium">
                This request is fulfilled: a quote on it was paid.
              </p>
            )}
            {quotes.data.quotes.length === 0 && <p>No quotes yet.</p>}
            <div className="space-y-4">
              {quotes.data.quotes.map((q) => (
                <QuoteCard
                  key={q.id}
                  quote={q}
                  requestId={id}
                  canDecide={quotes.data.requestStatus === 'open'}
                  onChanged={refresh}
                  onPaid={() => setPaidAt(Date.now())}
                />
              ))}
            </div>
          </>
        )}
      </section>
    </div>
  );
}
