import type { RequestSellerEditLinkDto } from '@paymarket/contracts';
import { useMutation } from '@tanstack/react-query';
import { KeyRound, Loader2 } from 'lucide-react';
import type { ReactElement } from 'react';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { useContractForm } from '@/forms/use-contract-form';
import { apiErrorMessage, apiRequest } from '@/lib/queryClient';

/** "Lost your edit link?": the seller's profile email gets a one-time link that makes this browser the editor again. */
export function LostEditLink({ sellerId }: { sellerId: string }): ReactElement {
  const form = useContractForm<{ email: string }, 'RequestSellerEditLinkDto'>({
    dto: 'RequestSellerEditLinkDto',
    idPrefix: 'edit-link',
    defaultValues: { email: '' },
  });
  const request = useMutation({
    mutationFn: async (payload: RequestSellerEditLinkDto) =>
      (await (await apiRequest('POST', `/api/sellers/${sellerId}/edit-link`, payload)).json()) as { message: string },
    onError: (error) => form.showServerErrors(error),
  });

  const onSubmit = form.handleSubmit((payload) => request.mutate(payload));

  return (
    <Card className="mt-6 p-6" aria-labelledby="lost-link-heading">
      <h2 id="lost-link-heading" className="flex items-center gap-2 text-lg font-semibold">
        <KeyRound className="size-5 text-primary" aria-hidden="true" />
        Lost your edit link?
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Registered from another browser, or cleared your browser data? Enter the email address of this profile and we will send you a
        one-time link to edit it.
      </p>
      {request.isSuccess ? (
        <p className="mt-4 rounded-lg bg-success/10 p-3 text-sm text-success" role="status">
          {request.data.message}
        </p>
      ) : (
        <form
          {...form.formProps}
          onSubmit={(event) => void onSubmit(event)}
          className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end"
          aria-label="Request an edit link"
        >
          <div className="flex-1">
            <FormField id="edit-link-email" label="Profile email" errors={form.messages('email')}>
              <Input {...form.field('email')} type="email" autoComplete="email" disabled={request.isPending} />
            </FormField>
          </div>
          <Button type="submit" disabled={request.isPending}>
            {request.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
            Email me an edit link
          </Button>
        </form>
      )}
      {request.isError && (
        <p className="mt-3 text-sm text-destructive" role="alert">
          {apiErrorMessage(request.error, 'The link could not be requested. Please try again.')}
        </p>
      )}
    </Card>
  );
}
