import type { FieldErrors } from '@paymarket/contracts';
import { Loader2, LogOut, Mail } from 'lucide-react';
import { useState, type FormEvent, type ReactElement } from 'react';
import { fieldErrorId, FormField } from '@/components/form-field';
import { HydratedFieldset } from '@/components/hydrated-fieldset';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { prefetchContracts, validateContract } from '@/forms/load-contracts';
import { apiFieldErrors } from '@/forms/server-errors';
import { apiErrorMessage } from '@/lib/queryClient';
import { useSession } from '@/hooks/use-session';
import { useBuyerSignIn } from './use-buyer-session';

/** A control's aria wiring to its messages (FormField shows them under it). */
function described(id: string, messages: string[] | undefined) {
  return { 'aria-invalid': messages ? true : undefined, 'aria-describedby': messages ? fieldErrorId(id) : undefined } as const;
}

/** Shows a refusal's messages and moves the focus to the field. */
function refuse(id: string, errors: FieldErrors, show: (errors: FieldErrors) => void): void {
  show(errors);
  document.getElementById(id)?.focus();
}

/**
 * Spec §2 "manage my posts" email box. Typing an email proves nothing, so it starts the buyer sign-in: a code is
 * emailed, and once it is verified the buyer's own cards show Edit and Delete (the server enforces ownership).
 * Validated by the server's DTOs (RequestSignInCodeDto, VerifySignInCodeDto), loaded on first use; part of the board's
 * prerendered first view, whose JavaScript budget leaves no room for react-hook-form (ADR 0044, 0056), so the
 * contract's messages are wired here as /payment wires them.
 */
export function ManagePosts(): ReactElement {
  const session = useSession();
  const { requestCode, verifyCode, signOut } = useBuyerSignIn();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [emailErrors, setEmailErrors] = useState<FieldErrors>({});
  const [codeErrors, setCodeErrors] = useState<FieldErrors>({});

  const buyer = session.buyer;
  if (buyer) {
    return (
      <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
        <p className="text-sm">
          Managing posts as <span className="font-semibold">{buyer.email}</span>. Your requests show Edit and Delete buttons.
        </p>
        <Button variant="outline" size="sm" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          <LogOut aria-hidden="true" />
          Sign Out
        </Button>
      </Card>
    );
  }

  const sendCode = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setError(null);
    const result = await validateContract('RequestSignInCodeDto', { email });
    if (!result.ok) return refuse('manage-email', result.errors, setEmailErrors);
    setEmailErrors({});
    // The address as the DTO normalised it: the code step sends it with the code.
    const address = result.value.email;
    requestCode.mutate(address, {
      onSuccess: (answer) => {
        setCode('');
        setCodeErrors({});
        setSentTo({ email: address, message: answer.message });
      },
      onError: (err) => {
        const fields = apiFieldErrors(err);
        if (fields.email) refuse('manage-email', fields, setEmailErrors);
        setError(apiErrorMessage(err, 'Please try again.'));
      },
    });
  };

  const verify = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (!sentTo) return;
    setError(null);
    const result = await validateContract('VerifySignInCodeDto', { email: sentTo.email, code });
    if (!result.ok) return refuse('manage-code', result.errors, setCodeErrors);
    setCodeErrors({});
    verifyCode.mutate(
      { email: result.value.email, code: result.value.code },
      {
        onError: (err) => {
          const fields = apiFieldErrors(err);
          if (fields.code) refuse('manage-code', fields, setCodeErrors);
          setError(apiErrorMessage(err, 'Please try again.'));
        },
      },
    );
  };

  return (
    <Card className="p-4">
      {sentTo === null ? (
        <form noValidate onSubmit={(event) => void sendCode(event)} onFocus={prefetchContracts} aria-label="Manage my posts">
          {/* Part of the board's prerendered first view: not usable before hydration. */}
          <HydratedFieldset className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="flex-1">
              <FormField id="manage-email" label="Enter your registered buyer email to manage your posts" errors={emailErrors.email}>
                <Input
                  id="manage-email"
                  type="email"
                  autoComplete="email"
                  placeholder="you@company.com"
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  {...described('manage-email', emailErrors.email)}
                />
              </FormField>
            </div>
            <Button type="submit" variant="secondary" disabled={requestCode.isPending}>
              {requestCode.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Mail aria-hidden="true" />}
              Manage My Posts
            </Button>
          </HydratedFieldset>
        </form>
      ) : (
        <form noValidate onSubmit={(event) => void verify(event)} className="space-y-3" aria-label="Enter sign-in code">
          <p className="text-sm">{sentTo.message}</p>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="flex-1">
              <FormField id="manage-code" label={`Sign-in code sent to ${sentTo.email}`} errors={codeErrors.code}>
                <Input
                  id="manage-code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                  {...described('manage-code', codeErrors.code)}
                />
              </FormField>
            </div>
            <Button type="submit" disabled={verifyCode.isPending}>
              {verifyCode.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
              Sign In
            </Button>
            <Button type="button" variant="ghost" onClick={() => setSentTo(null)}>
              Use another email
            </Button>
          </div>
        </form>
      )}
      {error && (
        <p className="mt-2 text-sm font-medium text-destructive" role="alert">
          {error}
        </p>
      )}
    </Card>
  );
}
