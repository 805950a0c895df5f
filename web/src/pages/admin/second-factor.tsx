import type {
  AdminPasskeyView,
  AdminRecoveryCodeDto,
  AdminSecondFactorEnrolled,
  AdminSecondFactorStatus,
  AdminSessionResponse,
  AdminTotpCodeDto,
  PendingSecondFactor,
  SignedInAdmin,
  TotpEnrolment,
} from '@paymarket/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, Loader2, ShieldCheck } from 'lucide-react';
import { useState, type ReactElement } from 'react';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { useContractForm } from '@/forms/use-contract-form';
import { ADMIN_SESSION_QUERY_KEY, useAdminSignOut } from '@/hooks/use-session';
import { toast } from '@/hooks/use-toast';
import { apiErrorMessage, apiRequest } from '@/lib/queryClient';

// The administrator's second factor (ADR 0072): the sign-in's second step, enrolment on the first sign-in, and the
// settings of a signed-in administrator.

const STATUS_QUERY_KEY = ['/api/admin/second-factor'] as const;

async function postJson<T>(url: string, body?: unknown): Promise<T> {
  return (await (await apiRequest('POST', url, body ?? {})).json()) as T;
}

/** The browser's passkey dialog; the library is loaded only when a passkey is used (it is not on the first view). */
async function passkeyRegistration(): Promise<Record<string, unknown>> {
  const { options } = await postJson<{ options: Record<string, unknown> }>('/api/admin/second-factor/passkeys/registration-options');
  const { startRegistration } = await import('@simplewebauthn/browser');
  return (await startRegistration({ optionsJSON: options as never })) as unknown as Record<string, unknown>;
}

async function passkeyAssertion(): Promise<Record<string, unknown>> {
  const { options } = await postJson<{ options: Record<string, unknown> }>('/api/admin/second-factor/passkeys/authentication-options');
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return (await startAuthentication({ optionsJSON: options as never })) as unknown as Record<string, unknown>;
}

/** A browser that refused or cancelled the dialog says so in its own words; the server's refusals have theirs. */
function passkeyErrorMessage(error: unknown): string {
  if (error instanceof Error && error.name === 'NotAllowedError') return 'The passkey dialog was cancelled or timed out. Try again.';
  return apiErrorMessage(error, 'The passkey could not be used. Try again, or use your authenticator code.');
}

/** Recovery codes, shown once: the administrator must keep them before going on. */
export function RecoveryCodes({ codes, onDone, doneLabel }: { codes: string[]; onDone: () => void; doneLabel: string }): ReactElement {
  return (
    <div className="space-y-4" role="region" aria-label="Recovery codes">
      <p className="text-sm">
        Save these recovery codes somewhere safe, such as a password manager. Each one signs you in once if you lose your authenticator app
        or passkey. They are not shown again.
      </p>
      <ul className="grid grid-cols-2 gap-2 rounded-md border bg-muted/40 p-4 font-mono text-sm" aria-label="Your recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button type="button" className="w-full" onClick={onDone}>
        {doneLabel}
      </Button>
    </div>
  );
}

/** Step one of the authenticator app: the QR code and the secret; step two: its current code. */
function TotpSetup({ onEnrolled }: { onEnrolled: (result: AdminSecondFactorEnrolled) => void }): ReactElement {
  const form = useContractForm<{ code: string }, 'AdminTotpCodeDto'>({
    dto: 'AdminTotpCodeDto',
    idPrefix: 'totp-setup',
    defaultValues: { code: '' },
  });
  const begin = useMutation({
    mutationFn: () => postJson<TotpEnrolment>('/api/admin/second-factor/totp/enrol'),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Set-up failed',
        description: apiErrorMessage(error, 'Could not start the set-up. Try again.'),
      }),
  });
  const confirm = useMutation({
    mutationFn: (payload: AdminTotpCodeDto) => postJson<AdminSecondFactorEnrolled>('/api/admin/second-factor/totp/confirm', payload),
    onSuccess: onEnrolled,
    onError: (error) => {
      form.resetField('code');
      if (!form.showServerErrors(error)) {
        toast({ variant: 'destructive', title: 'Code refused', description: apiErrorMessage(error, 'Try the current code again.') });
      }
    },
  });
  const onSubmit = form.handleSubmit((payload) => confirm.mutate(payload));

  if (!begin.data) {
    return (
      <Button type="button" className="w-full" onClick={() => begin.mutate()} disabled={begin.isPending}>
        {begin.isPending ? 'Preparing…' : 'Set up an authenticator app'}
      </Button>
    );
  }
  return (
    <form {...form.formProps} onSubmit={(event) => void onSubmit(event)} className="space-y-5" aria-label="Confirm the authenticator app">
      <p className="text-sm">
        Scan this QR code with an authenticator app (for example 1Password, Google Authenticator or Microsoft Authenticator), or type the
        secret key into it. Then enter the 6-digit code the app shows.
      </p>
      <img src={begin.data.qrCode} alt="QR code to scan with your authenticator app" className="mx-auto size-48 bg-white p-2" />
      <div className="space-y-1">
        <p className="text-sm font-medium" id="totp-secret-label">
          Secret key
        </p>
        <code
          className="block break-all rounded-md border bg-muted/40 p-2 font-mono text-sm"
          aria-labelledby="totp-secret-label"
          data-testid="totp-secret"
        >
          {begin.data.secret}
        </code>
      </div>
      <FormField id="totp-setup-code" label="Authenticator code" required errors={form.messages('code')}>
        <Input {...form.field('code')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} disabled={confirm.isPending} />
      </FormField>
      <Button type="submit" className="w-full" disabled={confirm.isPending}>
        {confirm.isPending ? 'Checking…' : 'Turn on the authenticator app'}
      </Button>
    </form>
  );
}

/** First sign-in (no factor yet): the administrator sets one up before any admin page opens. */
export function EnrolSecondFactor({ pending }: { pending: PendingSecondFactor }): ReactElement {
  const client = useQueryClient();
  const [enrolled, setEnrolled] = useState<AdminSecondFactorEnrolled | null>(null);
  const passkey = useMutation({
    mutationFn: async () => {
      const response = await passkeyRegistration();
      return postJson<{ passkey: AdminPasskeyView; recoveryCodes?: string[] }>('/api/admin/second-factor/passkeys', { response });
    },
    onSuccess: (result) => setEnrolled({ admin: { id: '', email: pending.email }, recoveryCodes: result.recoveryCodes ?? [] }),
    onError: (error) => toast({ variant: 'destructive', title: 'Passkey not added', description: passkeyErrorMessage(error) }),
  });
  const finish = () => {
    // The server now holds a fully signed-in session; asking again fetches the administrator from it.
    void client.invalidateQueries({ queryKey: ADMIN_SESSION_QUERY_KEY });
    toast({ title: 'Second factor on', description: `Signed in as ${pending.email}.` });
  };
  return (
    <StepCard
      title="Set up your second factor"
      description={`Administrators sign in with a password and a second factor. Set one up for ${pending.email} now.`}
    >
      {enrolled ? (
        <RecoveryCodes codes={enrolled.recoveryCodes} onDone={finish} doneLabel="I saved my recovery codes — continue" />
      ) : (
        <div className="space-y-6">
          <TotpSetup onEnrolled={setEnrolled} />
          <div className="border-t pt-4">
            <Button type="button" variant="outline" className="w-full" onClick={() => passkey.mutate()} disabled={passkey.isPending}>
              <KeyRound aria-hidden="true" />
              {passkey.isPending ? 'Waiting for your passkey…' : 'Use a passkey instead'}
            </Button>
          </div>
          <SignInAsSomeoneElse />
        </div>
      )}
    </StepCard>
  );
}

function SignInAsSomeoneElse(): ReactElement {
  const signOut = useAdminSignOut();
  return (
    <Button type="button" variant="ghost" className="w-full" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
      Cancel and sign out
    </Button>
  );
}

function StepCard({ title, description, children }: { title: string; description: string; children: ReactElement }): ReactElement {
  return (
    <section className="mx-auto max-w-md px-4 py-16 sm:px-6">
      <Card className="shadow-xl shadow-primary/5">
        <CardHeader>
          <CardTitle>
            <span className="flex items-center gap-2">
              <ShieldCheck className="size-5 text-primary" aria-hidden="true" />
              {title}
            </span>
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </section>
  );
}

function useSignedIn(): (admin: SignedInAdmin) => void {
  const client = useQueryClient();
  return (admin) => {
    client.setQueryData(ADMIN_SESSION_QUERY_KEY, { admin });
    toast({ title: 'Logged in', description: `Signed in as ${admin.email}.` });
  };
}

function TotpCodeForm(): ReactElement {
  const signedIn = useSignedIn();
  const form = useContractForm<{ code: string }, 'AdminTotpCodeDto'>({
    dto: 'AdminTotpCodeDto',
    idPrefix: 'admin-totp',
    defaultValues: { code: '' },
  });
  const verify = useMutation({
    mutationFn: (payload: AdminTotpCodeDto) => postJson<AdminSessionResponse>('/api/admin/second-factor/verify/totp', payload),
    onSuccess: (result) => signedIn(result.admin),
    onError: (error) => {
      form.resetField('code');
      if (!form.showServerErrors(error)) {
        toast({ variant: 'destructive', title: 'Code refused', description: apiErrorMessage(error, 'Try the current code again.') });
      }
    },
  });
  const onSubmit = form.handleSubmit((payload) => verify.mutate(payload));
  return (
    <form
      {...form.formProps}
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-5"
      aria-label="Sign in with the authenticator code"
    >
      <FormField id="admin-totp-code" label="Authenticator code" required errors={form.messages('code')}>
        <Input {...form.field('code')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} disabled={verify.isPending} />
      </FormField>
      <SubmitButton pending={verify.isPending} />
    </form>
  );
}

function RecoveryCodeForm(): ReactElement {
  const signedIn = useSignedIn();
  const form = useContractForm<{ recoveryCode: string }, 'AdminRecoveryCodeDto'>({
    dto: 'AdminRecoveryCodeDto',
    idPrefix: 'admin-recovery',
    defaultValues: { recoveryCode: '' },
  });
  const verify = useMutation({
    mutationFn: (payload: AdminRecoveryCodeDto) =>
      postJson<AdminSessionResponse & { recoveryCodesLeft: number }>('/api/admin/second-factor/verify/recovery', payload),
    onSuccess: (result) => {
      signedIn(result.admin);
      toast({ title: 'Recovery code used', description: `${result.recoveryCodesLeft} recovery codes left. Each one works once.` });
    },
    onError: (error) => {
      form.resetField('recoveryCode');
      if (!form.showServerErrors(error)) {
        toast({
          variant: 'destructive',
          title: 'Code refused',
          description: apiErrorMessage(error, 'Check the recovery code and try again.'),
        });
      }
    },
  });
  const onSubmit = form.handleSubmit((payload) => verify.mutate(payload));
  return (
    <form {...form.formProps} onSubmit={(event) => void onSubmit(event)} className="space-y-5" aria-label="Sign in with a recovery code">
      <FormField id="admin-recovery-recoveryCode" label="Recovery code" required errors={form.messages('recoveryCode')}>
        <Input {...form.field('recoveryCode')} autoComplete="off" spellCheck={false} disabled={verify.isPending} />
      </FormField>
      <SubmitButton pending={verify.isPending} />
    </form>
  );
}

function SubmitButton({ pending }: { pending: boolean }): ReactElement {
  return (
    <Button type="submit" size="lg" className="w-full" disabled={pending}>
      {pending ? (
        <>
          <Loader2 className="animate-spin" aria-hidden="true" />
          Verifying...
        </>
      ) : (
        'Verify'
      )}
    </Button>
  );
}

/** Later sign-ins: after the password, the authenticator code, a recovery code or a passkey. */
export function VerifySecondFactor({ pending }: { pending: PendingSecondFactor }): ReactElement {
  const signedIn = useSignedIn();
  const [method, setMethod] = useState<'totp' | 'recovery'>(pending.totp ? 'totp' : 'recovery');
  const passkey = useMutation({
    mutationFn: async () =>
      postJson<AdminSessionResponse>('/api/admin/second-factor/verify/passkey', { response: await passkeyAssertion() }),
    onSuccess: (result) => signedIn(result.admin),
    onError: (error) => toast({ variant: 'destructive', title: 'Passkey refused', description: passkeyErrorMessage(error) }),
  });
  return (
    <StepCard title="Second factor" description={`Password accepted for ${pending.email}. Finish signing in with your second factor.`}>
      <div className="space-y-4">
        {method === 'totp' ? <TotpCodeForm /> : <RecoveryCodeForm />}
        {method === 'totp' ? (
          <Button type="button" variant="link" className="w-full" onClick={() => setMethod('recovery')}>
            Use a recovery code
          </Button>
        ) : (
          pending.totp && (
            <Button type="button" variant="link" className="w-full" onClick={() => setMethod('totp')}>
              Use the authenticator code
            </Button>
          )
        )}
        {pending.passkeys && (
          <Button type="button" variant="outline" className="w-full" onClick={() => passkey.mutate()} disabled={passkey.isPending}>
            <KeyRound aria-hidden="true" />
            {passkey.isPending ? 'Waiting for your passkey…' : 'Use a passkey'}
          </Button>
        )}
        <SignInAsSomeoneElse />
      </div>
    </StepCard>
  );
}

/** A signed-in administrator's factors: add or remove passkeys, new recovery codes, set up the app again. */
export function SecondFactorSettings(): ReactElement {
  const client = useQueryClient();
  const status = useQuery<AdminSecondFactorStatus>({ queryKey: STATUS_QUERY_KEY });
  const [codes, setCodes] = useState<string[] | null>(null);
  const [resetting, setResetting] = useState(false);
  const refresh = () => void client.invalidateQueries({ queryKey: STATUS_QUERY_KEY });
  const failed = (title: string) => (error: unknown) =>
    toast({ variant: 'destructive', title, description: apiErrorMessage(error, 'Please try again.') });
  const addPasskey = useMutation({
    mutationFn: async () =>
      postJson<{ passkey: AdminPasskeyView }>('/api/admin/second-factor/passkeys', { response: await passkeyRegistration() }),
    onSuccess: () => {
      refresh();
      toast({ title: 'Passkey added', description: 'You can sign in with it instead of the authenticator code.' });
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Passkey not added', description: passkeyErrorMessage(error) }),
  });
  const removePasskey = useMutation({
    mutationFn: async (id: string) => (await apiRequest('DELETE', `/api/admin/second-factor/passkeys/${encodeURIComponent(id)}`)).json(),
    onSuccess: refresh,
    onError: failed('Passkey not removed'),
  });
  const renewCodes = useMutation({
    mutationFn: () => postJson<{ recoveryCodes: string[] }>('/api/admin/second-factor/recovery-codes'),
    onSuccess: (result) => {
      setCodes(result.recoveryCodes);
      refresh();
    },
    onError: failed('No new recovery codes'),
  });

  return (
    <section className="mt-10 space-y-4" aria-labelledby="second-factor-heading">
      <h2 id="second-factor-heading" className="text-xl font-semibold">
        Second factor
      </h2>
      {status.data && (
        <ul className="space-y-1 text-sm">
          <li>Authenticator app: {status.data.totp ? 'on' : 'off'}</li>
          <li>Recovery codes left: {status.data.recoveryCodesLeft}</li>
          {status.data.passkeys.map((p, index) => (
            <li key={p.id} className="flex items-center gap-3">
              Passkey {index + 1}, added {new Date(p.createdAt).toLocaleDateString()}
              <Button
                type="button"
                size="sm"
                variant="outline"
                onClick={() => removePasskey.mutate(p.id)}
                disabled={removePasskey.isPending}
              >
                Remove passkey {index + 1}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} doneLabel="I saved my recovery codes" />
      ) : resetting ? (
        <TotpSetup
          onEnrolled={(result) => {
            // Every other session has ended; this one was replaced by the server.
            setResetting(false);
            setCodes(result.recoveryCodes);
            refresh();
          }}
        />
      ) : (
        <div className="flex flex-wrap gap-3">
          <Button type="button" variant="outline" onClick={() => addPasskey.mutate()} disabled={addPasskey.isPending}>
            <KeyRound aria-hidden="true" />
            {addPasskey.isPending ? 'Waiting for your passkey…' : 'Add a passkey'}
          </Button>
          <Button type="button" variant="outline" onClick={() => renewCodes.mutate()} disabled={renewCodes.isPending}>
            New recovery codes
          </Button>
          <Button type="button" variant="outline" onClick={() => setResetting(true)}>
            Set up the authenticator app again
          </Button>
        </div>
      )}
    </section>
  );
}
