import type { AccountDeletionConfirmed } from '@paymarket/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, Loader2, ShieldAlert } from 'lucide-react';
import { useState, type ReactElement } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { WhatIsDeleted } from '@/components/account-deletion/what-is-deleted';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SESSION_QUERY_KEY } from '@/hooks/use-session';
import { toast } from '@/hooks/use-toast';
import { ACCOUNT_DELETION_MESSAGES } from '@/lib/contracts-light';
import { apiErrorMessage, apiRequest, errorStatus } from '@/lib/queryClient';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

type Outcome = { kind: 'deleted'; message: string } | { kind: 'invalid'; message: string };

/**
 * /delete-account/confirm?token=… (the emailed link). Deleting waits for a click, never the page load: mail scanners
 * open links, and some run their scripts.
 */
export function DeleteAccountConfirmPage(): ReactElement {
  const [params, setParams] = useSearchParams();
  const token = params.get('token') ?? '';
  const client = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome | null>(
    TOKEN.test(token) ? null : { kind: 'invalid', message: ACCOUNT_DELETION_MESSAGES.LINK_INVALID },
  );

  const confirm = useMutation({
    mutationFn: async () =>
      (await (await apiRequest('POST', '/api/account-deletion-requests/confirm', { token })).json()) as AccountDeletionConfirmed,
    onSuccess: (result) => {
      setOutcome({ kind: 'deleted', message: result.message });
      // The session was revoked server-side; forget it here and drop the spent token from the address bar.
      client.setQueryData(SESSION_QUERY_KEY, null);
      setParams({}, { replace: true });
    },
    onError: (error) => {
      if (errorStatus(error) === 400) {
        setOutcome({ kind: 'invalid', message: apiErrorMessage(error, ACCOUNT_DELETION_MESSAGES.LINK_INVALID) });
        return;
      }
      toast({
        variant: 'destructive',
        title: ACCOUNT_DELETION_MESSAGES.ERROR,
        description: apiErrorMessage(error, 'Something went wrong. Please try again.'),
      });
    },
  });

  if (outcome?.kind === 'deleted') {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <Card className="p-8 text-center">
          <CheckCircle2 className="mx-auto size-12 text-success" aria-hidden="true" />
          <h1 className="mt-4 text-3xl font-bold">Account Deleted</h1>
          <p className="mt-3 text-muted-foreground">{outcome.message}</p>
          <p className="mt-2 mb-8 text-sm text-muted-foreground">We sent a last email to confirm it.</p>
          <WhatIsDeleted />
          <Button asChild className="mt-8">
            <Link to="/">Back to Home</Link>
          </Button>
        </Card>
      </div>
    );
  }

  if (outcome?.kind === 'invalid') {
    return (
      <div className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
        <Card className="p-8 text-center">
          <AlertTriangle className="mx-auto size-12 text-destructive" aria-hidden="true" />
          <h1 className="mt-4 text-3xl font-bold">Link Not Valid</h1>
          <p className="mt-3 text-muted-foreground">{outcome.message}</p>
          <Button asChild className="mt-8">
            <Link to="/delete-account">Submit a New Request</Link>
          </Button>
        </Card>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <Card className="p-8 text-center">
        <ShieldAlert className="mx-auto size-12 text-destructive" aria-hidden="true" />
        <h1 className="mt-4 text-3xl font-bold">Confirm Account Deletion</h1>
        <p className="mt-3 mb-8 text-muted-foreground">
          Deleting your PayMarket account cannot be undone. You will be signed out everywhere.
        </p>
        <WhatIsDeleted />
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button variant="destructive" size="lg" disabled={confirm.isPending} onClick={() => confirm.mutate()}>
            {confirm.isPending ? (
              <>
                <Loader2 className="animate-spin" aria-hidden="true" />
                Deleting...
              </>
            ) : (
              'Delete My Account'
            )}
          </Button>
          <Button asChild variant="outline" size="lg">
            <Link to="/">Keep My Account</Link>
          </Button>
        </div>
      </Card>
    </div>
  );
}
