import { Loader2, LogOut, Mail } from 'lucide-react';
import { useState, type FormEvent, type ReactElement } from 'react';
import { HydratedFieldset } from '@/components/hydrated-fieldset';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { apiErrorMessage } from '@/lib/queryClient';
import { useSession } from '@/hooks/use-session';
import { useBuyerSignIn } from './use-buyer-session';

/**
 * Spec §2 "manage my posts" email box. Typing an email proves nothing, so it starts the buyer sign-in: a code is
 * emailed, and once it is verified the buyer's own cards show Edit and Delete (the server enforces ownership).
 */
export function ManagePosts(): ReactElement {
  const session = useSession();
  const { requestCode, verifyCode, signOut } = useBuyerSignIn();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

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

  const sendCode = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    setError(null);
    requestCode.mutate(email.trim(), {
      onSuccess: (answer) => setSentTo({ email: email.trim(), message: answer.message }),
      onError: (err) => setError(apiErrorMessage(err, 'Please try again.')),
    });
  };

  const verify = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (!sentTo) return;
    setError(null);
    verifyCode.mutate(
      { email: sentTo.email, code: code.trim() },
      { onError: (err) => setError(apiErrorMessage(err, 'Please try again.')) },
    );
  };

  return (
    <Card className="p-4">
      {sentTo === null ? (
        <form onSubmit={sendCode} aria-label="Manage my posts">
          {/* Part of the board's prerendered first view: not usable before hydration. */}
          <HydratedFieldset className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="flex-1 space-y-2">
              <Label htmlFor="manage-email">Enter your registered buyer email to manage your posts</Label>
              <Input
                id="manage-email"
                type="email"
                autoComplete="email"
                placeholder="you@company.com"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                required
              />
            </div>
            <Button type="submit" variant="secondary" disabled={requestCode.isPending || email.trim() === ''}>
              {requestCode.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Mail aria-hidden="true" />}
              Manage My Posts
            </Button>
          </HydratedFieldset>
        </form>
      ) : (
        <form onSubmit={verify} className="space-y-3" aria-label="Enter sign-in code">
          <p className="text-sm">{sentTo.message}</p>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="flex-1 space-y-2">
              <Label htmlFor="manage-code">Sign-in code sent to {sentTo.email}</Label>
              <Input
                id="manage-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                onChange={(event) => setCode(event.target.value)}
              />
            </div>
            <Button type="submit" disabled={verifyCode.isPending || code.trim() === ''}>
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
