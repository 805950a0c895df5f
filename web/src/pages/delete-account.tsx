import type { RequestAccountDeletionDto } from '@paymarket/contracts';
import { useMutation } from '@tanstack/react-query';
import { Loader2, MailCheck } from 'lucide-react';
import { useState, type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { WhatIsDeleted } from '@/components/account-deletion/what-is-deleted';
import { FormField } from '@/components/form-field';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { apiFieldErrors } from '@/forms/server-errors';
import { useContractForm } from '@/forms/use-contract-form';
import { toast } from '@/hooks/use-toast';
import { ACCOUNT_DELETION_MESSAGES, DELETION_CONFIRMATION_WORD } from '@/lib/contracts-light';
import { apiErrorMessage, apiRequest } from '@/lib/queryClient';

type DeletionForm = Record<'email' | 'reason' | 'confirmation', string>;

const EMPTY_FORM: DeletionForm = { email: '', reason: '', confirmation: '' };

/** The optional reason is omitted when blank rather than sent as an empty string. */
function toPayload(form: DeletionForm): Partial<DeletionForm> {
  return form.reason.trim() === '' ? { email: form.email, confirmation: form.confirmation } : form;
}

/** Field messages read "Spec Title: what to do": the title becomes the toast's, the rest its description. */
function splitMessage(message: string): { title: string; description?: string } {
  const at = message.indexOf(': ');
  return at < 0 ? { title: message } : { title: message.slice(0, at), description: message.slice(at + 2) };
}

/** One toast for the first problem, confirmation first (spec §8: "Confirmation Required", "Email Required"). */
function toastFieldErrors(errors: Partial<Record<string, string | undefined>>): void {
  const message = errors.confirmation ?? errors.email ?? Object.values(errors).find((m) => m !== undefined);
  if (message === undefined) return;
  const { title, description } = splitMessage(message);
  toast({ variant: 'destructive', title, description });
}

export function DeleteAccountPage(): ReactElement {
  const form = useContractForm<DeletionForm, 'RequestAccountDeletionDto'>({
    dto: 'RequestAccountDeletionDto',
    idPrefix: 'deletion',
    defaultValues: EMPTY_FORM,
    toPayload,
  });
  const [sentTo, setSentTo] = useState<string | null>(null);

  // ARCHITECTURE.md wins over the spec's "no network call": the request is recorded and confirmed by email (ADR 0029).
  const deletion = useMutation({
    mutationFn: async (payload: RequestAccountDeletionDto) => {
      await apiRequest('POST', '/api/account-deletion-requests', payload);
    },
    onSuccess: (_data, payload) => {
      setSentTo(payload.email);
      form.reset();
    },
    onError: (error) => {
      if (form.showServerErrors(error, [400])) {
        toastFieldErrors(Object.fromEntries(Object.entries(apiFieldErrors(error)).map(([field, [message]]) => [field, message])));
        return;
      }
      toast({
        variant: 'destructive',
        title: ACCOUNT_DELETION_MESSAGES.ERROR,
        description: apiErrorMessage(error, 'Something went wrong. Please try again.'),
      });
    },
  });

  const onSubmit = form.handleSubmit(
    (payload) => deletion.mutate(payload),
    (errors) =>
      toastFieldErrors({ confirmation: errors.confirmation?.message, email: errors.email?.message, reason: errors.reason?.message }),
  );

  const control = (name: keyof DeletionForm) => ({ ...form.field(name), disabled: deletion.isPending });

  if (sentTo !== null) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
        <Card className="p-8 text-center">
          <MailCheck className="mx-auto size-12 text-primary" aria-hidden="true" />
          <h1 className="mt-4 text-3xl font-bold">Check Your Email</h1>
          <p className="mt-3 text-muted-foreground">{ACCOUNT_DELETION_MESSAGES.REQUEST_RECEIVED}</p>
          <p className="mt-3 text-sm text-muted-foreground">
            We wrote to <span className="font-medium text-foreground">{sentTo}</span>. Nothing is deleted until you open the link and
            confirm. Requests are processed within 90 days, and we email you once your account is deleted.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Button asChild>
              <Link to="/">Back to Home</Link>
            </Button>
            <Button variant="outline" onClick={() => setSentTo(null)}>
              Use Another Email
            </Button>
          </div>
        </Card>
      </div>
    );
  }

  const confirmed = form.watch('confirmation') === DELETION_CONFIRMATION_WORD;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <PageHeader
        eyebrow="Privacy"
        title="Delete Your Account"
        description="Ask us to delete your PayMarket account and personal data. We email you a link to confirm it is you; requests are processed within 90 days."
      />
      <WhatIsDeleted />
      <Card className="mt-8">
        <CardHeader>
          <CardTitle>Account Deletion Request</CardTitle>
          <CardDescription>This cannot be undone once confirmed. Fields marked * are required.</CardDescription>
        </CardHeader>
        <CardContent>
          <form {...form.formProps} onSubmit={(event) => void onSubmit(event)} className="space-y-5" aria-label="Account deletion request">
            <FormField id="deletion-email" label="Email Address" required errors={form.messages('email')}>
              <Input {...control('email')} type="email" autoComplete="email" placeholder="The email of your account" />
            </FormField>
            <FormField id="deletion-reason" label="Reason for leaving" errors={form.messages('reason')}>
              <Textarea {...control('reason')} rows={3} placeholder="Optional: tell us why you are leaving" />
            </FormField>
            <FormField
              id="deletion-confirmation"
              label={`Type ${DELETION_CONFIRMATION_WORD} to confirm`}
              required
              errors={form.messages('confirmation')}
            >
              <Input {...control('confirmation')} autoComplete="off" spellCheck={false} placeholder={DELETION_CONFIRMATION_WORD} />
            </FormField>
            <Button type="submit" variant="destructive" size="lg" className="w-full" disabled={!confirmed || deletion.isPending}>
              {deletion.isPending ? (
                <>
                  <Loader2 className="animate-spin" aria-hidden="true" />
                  Sending...
                </>
              ) : (
                'Request Account Deletion'
              )}
            </Button>
            <p className="text-center text-xs text-muted-foreground">
              Read how we handle your data in our{' '}
              <Link to="/privacy" className="font-medium text-primary underline-offset-4 hover:underline">
                privacy policy
              </Link>
              .
            </p>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
