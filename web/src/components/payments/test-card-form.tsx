import type { PaymentStatusView, TestCardPaymentDto } from '@paymarket/contracts';
import { CreditCard, Loader2 } from 'lucide-react';
import { useState, type ReactElement } from 'react';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useContractForm } from '@/forms/use-contract-form';
import { apiErrorMessage } from '@/lib/queryClient';
import type { CardFormProps, TestCardBody } from './card-payment.types';
import { postJson } from './payments-api';

function confirmOnPaymentsRoute(paymentIntentId: string, body: TestCardBody): Promise<PaymentStatusView> {
  return postJson<PaymentStatusView>(`/api/payments/${encodeURIComponent(paymentIntentId)}/test-card`, body);
}

export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
  { number: '4000 0000 0000 9995', outcome: 'is declined for insufficient funds' },
  { number: '4000 0025 0000 3155', outcome: 'requires authentication' },
] as const;

type CardFields = Record<'cardNumber' | 'expiry' | 'cvc', string>;

/** Blank optional fields (expiry, CVC) are left out, so TestCardPaymentDto answers for what was typed. */
function toPayload(fields: CardFields): Partial<CardFields> {
  const payload: Partial<CardFields> = { cardNumber: fields.cardNumber };
  if (fields.expiry.trim() !== '') payload.expiry = fields.expiry.trim();
  if (fields.cvc.trim() !== '') payload.cvc = fields.cvc.trim();
  return payload;
}

/**
 * Development mode (Stripe emulator or a test key): the server confirms the PaymentIntent with a Stripe test card.
 * No real card data exists here; with a live key this form is never shown and the server refuses the route.
 */
export function TestCardForm({
  paymentIntentId,
  clientSecret,
  payLabel,
  onSucceeded,
  onFailed,
  confirmTestCard = confirmOnPaymentsRoute,
  onRequiresAction = (url) => window.location.assign(url),
}: CardFormProps): ReactElement {
  const form = useContractForm<CardFields, 'TestCardPaymentDto'>({
    dto: 'TestCardPaymentDto',
    idPrefix: 'card',
    defaultValues: { cardNumber: '', expiry: '', cvc: '' },
    toPayload,
  });
  const [processing, setProcessing] = useState(false);

  const pay = async (card: TestCardPaymentDto): Promise<void> => {
    setProcessing(true);
    try {
      // The client secret proves this browser made the payment (a guest's has no account), as Stripe.js does.
      const view = await confirmTestCard(paymentIntentId, { ...card, clientSecret });
      if (view.paymentStatus === 'succeeded') {
        await onSucceeded();
      } else if (view.paymentStatus === 'requires_action' && view.redirectUrl !== undefined) {
        // 3-D Secure: the authentication page sends the browser back to /payment-success. Stay "Processing..." meanwhile.
        onRequiresAction(view.redirectUrl);
        return;
      } else {
        onFailed(view.failureMessage);
      }
    } catch (error) {
      // A refusal naming a field (a 400) goes under it; any refusal is also the payment's failure.
      form.showServerErrors(error, [400]);
      onFailed(apiErrorMessage(error, '') || undefined);
    }
    setProcessing(false);
  };
  const onSubmit = form.handleSubmit(pay);

  const control = (name: keyof CardFields) => ({ ...form.field(name), disabled: processing });

  return (
    <form {...form.formProps} aria-label="Card details" className="space-y-4" onSubmit={(event) => void onSubmit(event)}>
      <FormField id={form.fieldId('cardNumber')} label="Card Number" required errors={form.messages('cardNumber')}>
        <Input {...control('cardNumber')} inputMode="numeric" autoComplete="off" placeholder="4242 4242 4242 4242" />
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField id={form.fieldId('expiry')} label="Expiry (MM/YY)" errors={form.messages('expiry')}>
          <Input {...control('expiry')} inputMode="numeric" autoComplete="off" placeholder="12/34" />
        </FormField>
        <FormField id={form.fieldId('cvc')} label="CVC" errors={form.messages('cvc')}>
          <Input {...control('cvc')} inputMode="numeric" autoComplete="off" placeholder="123" />
        </FormField>
      </div>
      <div className="rounded-lg border border-dashed border-border p-3 text-xs text-muted-foreground">
        <p className="font-semibold text-foreground">Development mode: use a Stripe test card (any future expiry and CVC).</p>
        <ul className="mt-1 space-y-0.5">
          {TEST_CARDS.map((card) => (
            <li key={card.number}>
              <span className="font-mono">{card.number}</span> {card.outcome}
            </li>
          ))}
        </ul>
      </div>
      {form.formMessage && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {form.formMessage}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={processing}>
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
