import { useMutation } from '@tanstack/react-query';
import { Loader2, Mail } from 'lucide-react';
import { useCallback, useState, type ReactElement, type ReactNode } from 'react';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { useContractForm } from '@/forms/use-contract-form';
import { toast } from '@/hooks/use-toast';
import { SIGN_IN_CODE } from '@/lib/contracts-light';
import { apiErrorMessage } from '@/lib/queryClient';

const MINUTES_VALID = SIGN_IN_CODE.TTL_MS / 60_000;

export interface EmailCodeSignInProps<T> {
  title: string;
  /** What the email step says (the code step says where the code went and how long it lasts). */
  emailDescription: string;
  /** Asks the server to email a code; answers its message (shown in the toast). */
  requestCode: (email: string) => Promise<{ message: string }>;
  /** Trades the code for a session (an httpOnly cookie set by the server). */
  verifyCode: (input: { email: string; code: string }) => Promise<T>;
  onSignedIn: (result: T) => void;
  /** Shown above the form, e.g. who is signed in already. */
  status?: ReactNode;
  /** Shown under the email step's button, e.g. another way in. */
  emailFooter?: ReactNode;
  /** The email field's label (e.g. "Contact email" where a company's contact signs in). */
  emailLabel?: string;
}

/**
 * Email → emailed 6-digit code → session: the buyers' sign-in card, shared by every kind of account that signs in by
 * code (buyers at /sign-in, sellers and print providers at /dashboard, companies' contacts at /developers). Validation uses the same DTOs as the server.
 */
export function EmailCodeSignIn<T>({
  title,
  emailDescription,
  requestCode: sendCode,
  verifyCode: checkCode,
  onSignedIn,
  status,
  emailFooter,
  emailLabel = 'Email Address',
}: EmailCodeSignInProps<T>): ReactElement {
  const [step, setStep] = useState<'email' | 'code'>('email');
  // The address the code went to, normalised by the DTO; the code step sends it with the code.
  const [email, setEmail] = useState('');
  const emailForm = useContractForm<{ email: string }, 'RequestSignInCodeDto'>({
    dto: 'RequestSignInCodeDto',
    idPrefix: 'sign-in',
    defaultValues: { email: '' },
  });
  const withEmail = useCallback((values: { code: string }) => ({ email, code: values.code }), [email]);
  const codeForm = useContractForm<{ code: string }, 'VerifySignInCodeDto'>({
    dto: 'VerifySignInCodeDto',
    idPrefix: 'sign-in',
    defaultValues: { code: '' },
    toPayload: withEmail,
  });

  const requestCode = useMutation({
    mutationFn: (address: string) => sendCode(address),
    onSuccess: (result) => {
      setStep('code');
      codeForm.reset();
      toast({ title: 'Check your email', description: result.message });
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Could not send a code', description: apiErrorMessage(error, 'Please try again.') }),
  });

  const verify = useMutation({
    mutationFn: (input: { email: string; code: string }) => checkCode(input),
    onSuccess: onSignedIn,
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Sign-in failed', description: apiErrorMessage(error, 'Please try again.') }),
  });

  const onEmailSubmit = emailForm.handleSubmit((body) => {
    setEmail(body.email);
    requestCode.mutate(body.email);
  });

  const onCodeSubmit = codeForm.handleSubmit((body) => verify.mutate(body));
  const codeErrors = codeForm.messages('code') ?? (codeForm.formMessage ? [codeForm.formMessage] : undefined);

  return (
    <Card className="shadow-xl shadow-primary/5">
      <CardHeader>
        <CardTitle>
          <span className="flex items-center gap-2">
            <Mail className="size-5 text-primary" aria-hidden="true" />
            {title}
          </span>
        </CardTitle>
        <CardDescription>
          {step === 'email'
            ? emailDescription
            : `Enter the 6-digit code we sent to ${email}. It expires in ${MINUTES_VALID} minutes and works once.`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {status}
        {step === 'email' ? (
          <form {...emailForm.formProps} onSubmit={(event) => void onEmailSubmit(event)} className="space-y-5" aria-label="Sign in: email">
            <FormField id="sign-in-email" label={emailLabel} required errors={emailForm.messages('email')}>
              <Input
                {...emailForm.field('email')}
                type="email"
                autoComplete="email"
                placeholder="jane@company.com"
                disabled={requestCode.isPending}
              />
            </FormField>
            <Button type="submit" size="lg" className="w-full" disabled={requestCode.isPending}>
              {requestCode.isPending ? (
                <>
                  <Loader2 className="animate-spin" aria-hidden="true" />
                  Sending code...
                </>
              ) : (
                'Email me a code'
              )}
            </Button>
            {emailFooter}
          </form>
        ) : (
          <form {...codeForm.formProps} onSubmit={(event) => void onCodeSubmit(event)} className="space-y-5" aria-label="Sign in: code">
            <FormField id="sign-in-code" label="Sign-in code" required errors={codeErrors}>
              <Input
                {...codeForm.field('code')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={7}
                placeholder="123456"
                className="text-center font-mono text-lg tracking-[0.4em]"
                disabled={verify.isPending}
              />
            </FormField>
            <Button type="submit" size="lg" className="w-full" disabled={verify.isPending}>
              {verify.isPending ? (
                <>
                  <Loader2 className="animate-spin" aria-hidden="true" />
                  Signing in...
                </>
              ) : (
                'Sign in'
              )}
            </Button>
            <div className="flex flex-wrap justify-between gap-2 text-sm">
              <Button
                type="button"
                variant="link"
                className="h-auto p-0"
                onClick={() => {
                  setStep('email');
                  codeForm.clearErrors();
                }}
              >
                Use a different email
              </Button>
              <Button
                type="button"
                variant="link"
                className="h-auto p-0"
                disabled={requestCode.isPending}
                onClick={() => requestCode.mutate(email)}
              >
                Send a new code
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
