import { RequestSellerEditLinkDto, validateDto } from '@paymarket/contracts';
import { useMutation } from '@tanstack/react-query';
import { KeyRound, Loader2 } from 'lucide-react';
import { useState, type FormEvent, type ReactElement } from 'react';
import { FormField, fieldErrorId } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { apiErrorMessage, apiRequest } from '@/lib/queryClient';

/** "Lost your edit link?": the seller's profile email gets a one-time link that makes this browser the editor again. */
export function LostEditLink({ sellerId }: { sellerId: string }): ReactElement {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string[] | undefined>();
  const request = useMutation({
    mutationFn: async (payload: RequestSellerEditLinkDto) =>
      (await (await apiRequest('POST', `/api/sellers/${sellerId}/edit-link`, payload)).json()) as { message: string },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const result = validateDto(RequestSellerEditLinkDto, { email });
    if (!result.ok) {
      setError(result.errors.email);
      return;
    }
    setError(undefined);
    request.mutate(result.value);
  };

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
          noValidate
          onSubmit={onSubmit}
          className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end"
          aria-label="Request an edit link"
        >
          <div className="flex-1">
            <FormField id="edit-link-email" label="Profile email" errors={error}>
              <Input
                id="edit-link-email"
                type="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                disabled={request.isPending}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? fieldErrorId('edit-link-email') : undefined}
              />
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
