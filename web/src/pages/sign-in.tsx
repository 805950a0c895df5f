import {
  RequestSignInCodeDto,
  SIGN_IN_CODE,
  validateDto,
  VerifySignInCodeDto,
  type BuyerSessionResponse,
  type FieldErrors,
  type SignInCodeRequested,
} from '@paymarket/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loader2, Mail } from 'lucide-react';
import { useState, type FormEvent, type ReactElement } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { fieldErrorId, FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { SESSION_QUERY_KEY, useSession } from '@/hooks/use-session';
import { toast } from '@/hooks/use-toast';
import { apiErrorMessage, apiRequest } from '@/lib/queryClient';

const MINUTES_VALID = SIGN_IN_CODE.TTL_MS / 60_000;

/** Buyer sign-in: email → emailed 6-digit code → session cookie (set by the server, never readable here). */
export function SignInPage(): ReactElement {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { buyer } = useSession();
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const requestCode = useMutation({
    mutationFn: async (payload: RequestSignInCodeDto) =>
      (await (await apiRequest('POST', '/api/auth/sign-in/code', payload)).json()) as SignInCodeRequested,
    onSuccess: (result) => {
      setStep('code');
      setCode('');
      toast({ title: 'Check your email', description: result.message });
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Could not send a code', description: apiErrorMessage(error, 'Please try again.') }),
  });

  const verify = useMutation({
    mutationFn: async (payload: VerifySignInCodeDto) =>
      (await (await apiRequest('POST', '/api/auth/sign-in/verify', payload)).json()) as BuyerSessionResponse,
    onSuccess: (result) => {
      client.setQueryData(SESSION_QUERY_KEY, result);
      toast({ title: 'Signed in', description: `Welcome back, ${result.buyer.name}!` });
      void navigate('/');
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Sign-in failed', description: apiErrorMessage(error, 'Please try again.') }),
  });

  const onEmailSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const result = validateDto(RequestSignInCodeDto, { email });
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    setEmail(result.value.email);
    requestCode.mutate(result.value);
  };

  const onCodeSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const result = validateDto(VerifySignInCodeDto, { email, code });
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    verify.mutate(result.value);
  };

  return (
    <section className="mx-auto max-w-md px-4 py-16 sm:px-6">
      <Card className="shadow-xl shadow-primary/5">
        <CardHeader>
          <CardTitle>
            <span className="flex items-center gap-2">
              <Mail className="size-5 text-primary" aria-hidden="true" />
              Sign in to PayMarket
            </span>
          </CardTitle>
          <CardDescription>
            {step === 'email'
              ? 'Enter the email you registered with. We will email you a 6-digit code. No password needed.'
              : `Enter the 6-digit code we sent to ${email}. It expires in ${MINUTES_VALID} minutes and works once.`}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {buyer && (
            <p className="mb-4 rounded-lg bg-secondary p-3 text-sm" role="status">
              You are signed in as {buyer.name} ({buyer.email}).
            </p>
          )}
          {step === 'email' ? (
            <form noValidate onSubmit={onEmailSubmit} className="space-y-5" aria-label="Sign in: email">
              <FormField id="sign-in-email" label="Email Address" required errors={errors.email}>
                <Input
                  id="sign-in-email"
                  name="email"
                  type="email"
                  autoComplete="email"
                  placeholder="jane@company.com"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  disabled={requestCode.isPending}
                  aria-invalid={errors.email ? true : undefined}
                  aria-describedby={errors.email ? fieldErrorId('sign-in-email') : undefined}
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
              <p className="text-center text-sm text-muted-foreground">
                No account yet?{' '}
                <Link to="/join" className="font-medium text-primary underline-offset-4 hover:underline">
                  Join as a buyer
                </Link>
              </p>
            </form>
          ) : (
            <form noValidate onSubmit={onCodeSubmit} className="space-y-5" aria-label="Sign in: code">
              <FormField id="sign-in-code" label="Sign-in code" required errors={errors.code ?? errors.email}>
                <Input
                  id="sign-in-code"
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={7}
                  placeholder="123456"
                  className="text-center font-mono text-lg tracking-[0.4em]"
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  disabled={verify.isPending}
                  aria-invalid={errors.code ? true : undefined}
                  aria-describedby={errors.code ? fieldErrorId('sign-in-code') : undefined}
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
                    setErrors({});
                  }}
                >
                  Use a different email
                </Button>
                <Button
                  type="button"
                  variant="link"
                  className="h-auto p-0"
                  disabled={requestCode.isPending}
                  onClick={() => requestCode.mutate({ email })}
                >
                  Send a new code
                </Button>
              </div>
            </form>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
