import type { OrderView } from '@paymarket/contracts';
import * as Dialog from '@radix-ui/react-dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loader2, X } from 'lucide-react';
import { useState, type ReactElement } from 'react';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useContractForm } from '@/forms/use-contract-form';
import { toast } from '@/hooks/use-toast';
import { formatMoney } from '@/lib/money';
import { DISPUTE_MESSAGES } from '@/lib/contracts-light';
import { apiErrorMessage } from '@/lib/queryClient';
import { statusLabel } from './order-status-badge';
import { useSubmissionKey } from '@/lib/idempotency';
import { ADMIN_ORDERS_KEY, ORDERS_KEY, postJson } from './payments-api';

type RefundForm = { amount: string; reason: string };

/** Blank fields are left out (a blank amount refunds everything not refunded yet); the rest is sent trimmed. */
function toPayload(form: RefundForm): { amount?: string; reason?: string } {
  const body: { amount?: string; reason?: string } = {};
  if (form.amount.trim() !== '') body.amount = form.amount.trim();
  if (form.reason.trim() !== '') body.reason = form.reason.trim();
  return body;
}

/** Refunds are frozen while the order has a dispute that is not won (open, under review or lost). */
export function refundsFrozen(order: OrderView): boolean {
  return order.dispute !== null && order.dispute !== undefined && order.dispute.status !== 'won';
}

/** The Refund button of a disputed order: disabled, with the reason next to it (a disabled button takes no focus). */
function FrozenRefund({ order }: { order: OrderView }): ReactElement {
  const reasonId = `refund-frozen-${order.id}`;
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      <p id={reasonId} className="text-sm text-muted-foreground">
        {DISPUTE_MESSAGES.REFUNDS_FROZEN}
      </p>
      <Button size="sm" variant="outline" disabled aria-describedby={reasonId}>
        Refund
      </Button>
    </div>
  );
}

/** An administrator refunds a completed order, fully (amount left blank) or partly; not while it is disputed. */
export function RefundDialog({ order }: { order: OrderView }): ReactElement {
  if (refundsFrozen(order)) return <FrozenRefund order={order} />;
  return <RefundDialogOpen order={order} />;
}

function RefundDialogOpen({ order }: { order: OrderView }): ReactElement {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const form = useContractForm<RefundForm, 'RefundOrderDto'>({
    dto: 'RefundOrderDto',
    idPrefix: 'refund',
    defaultValues: { amount: '', reason: '' },
    toPayload,
  });
  // One key per refund attempt: a double submit or a retry after a lost answer refunds once.
  const submission = useSubmissionKey();

  const refund = useMutation({
    mutationFn: (body: { amount?: string; reason?: string }) => {
      // By the order's uuid: order ids are unique only per owner (PayMarket, or each integrator company; ADR 0032).
      return postJson<OrderView>(`/api/admin/orders/${encodeURIComponent(order.id)}/refunds`, body, submission.keyFor(body));
    },
    onSuccess: (updated) => {
      submission.done();
      setOpen(false);
      form.reset();
      void queryClient.invalidateQueries({ queryKey: ADMIN_ORDERS_KEY });
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      toast({
        title: 'Refund Issued',
        description: `Order ${updated.orderId}: ${formatMoney(updated.refunded, updated.currency)} refunded in total. Status: ${statusLabel(updated.status)}.`,
      });
    },
    onError: (error) => {
      submission.failed(error);
      form.showServerErrors(error);
      toast({
        variant: 'destructive',
        title: 'Refund Failed',
        description: apiErrorMessage(error, 'The refund could not be issued. Please try again.'),
      });
    },
  });

  // The body as typed (trimmed), as before: the server reads the amount's decimal text itself.
  const onSubmit = form.handleSubmit(() => refund.mutate(toPayload(form.getValues())));

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (refund.isPending) return;
        if (next) refund.reset();
        setOpen(next);
      }}
    >
      <Dialog.Trigger asChild>
        <Button size="sm" variant="outline">
          Refund
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-border bg-card p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">Refund order {order.orderId}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted-foreground">
            Paid {formatMoney(order.total, order.currency)}; refunded so far {formatMoney(order.refunded, order.currency)}. Leave the amount
            blank to refund everything not refunded yet.
          </Dialog.Description>
          <form {...form.formProps} onSubmit={(event) => void onSubmit(event)} className="mt-5 space-y-4" aria-label="Refund">
            <FormField id="refund-amount" label="Amount (optional)" errors={form.messages('amount')}>
              <Input {...form.field('amount')} type="number" step="0.01" min="0" inputMode="decimal" disabled={refund.isPending} />
            </FormField>
            <FormField id="refund-reason" label="Reason (optional)" errors={form.messages('reason')}>
              <Textarea {...form.field('reason')} rows={3} disabled={refund.isPending} />
            </FormField>
            {refund.isError && (
              // The modal hides the rest of the page (toasts included) from assistive technology: say it here too.
              <p role="alert" className="text-sm font-medium text-destructive">
                {apiErrorMessage(refund.error, 'The refund could not be issued. Please try again.')}
              </p>
            )}
            <div className="flex justify-end gap-2">
              <Dialog.Close asChild>
                <Button type="button" variant="outline" disabled={refund.isPending}>
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" variant="destructive" disabled={refund.isPending}>
                {refund.isPending ? (
                  <>
                    <Loader2 className="animate-spin" aria-hidden="true" />
                    Refunding...
                  </>
                ) : (
                  'Issue Refund'
                )}
              </Button>
            </div>
          </form>
          <Dialog.Close className="absolute top-3 right-3 rounded-md p-1 text-muted-foreground hover:text-foreground" aria-label="Close">
            <X className="size-4" aria-hidden="true" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
