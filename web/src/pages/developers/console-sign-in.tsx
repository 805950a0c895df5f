import {
  ConsoleSignInCodeDto,
  ConsoleSignInVerifyDto,
  validateDto,
  type ConsoleMeResponse,
  type ConsoleSignInCodeResponse,
  type FieldErrors,
} from '@paymarket/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState, type FormEvent, type ReactElement } from 'react';
import { fieldErrorId, FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { toast } from '@/hooks/use-toast';
import { apiErrorMessage } from '@/lib/queryClient';
import { consoleCall } from './console-api';

export const CONSOLE_ME_KEY = ['/api/console/me'];

/** The console's sign-in: the company contact's email → an emailed 6-digit code → the pm_console session. */
export function ConsoleSignIn(): ReactElement {
  const client = useQueryClient();
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const requestCode = useMutation({
    mutationFn: (payload: ConsoleSignInCodeDto) => consoleCall<ConsoleSignInCodeResponse>('POST', '/api/console/sign-in/code', payload),
    onSuccess: (result) => {
      setStep('code');
      toast({ title: 'Check your email', description: result.message });
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Could not send a code', description: apiErrorMessage(error, 'Please try again.') }),
  });
  const verify = useMutation({
    mutationFn: (payload: ConsoleSignInVerifyDto) => consoleCall<ConsoleMeResponse>('POST', '/api/console/sign-in/verify', payload),
    onSuccess: (result) => client.setQueryData(CONSOLE_ME_KEY, result),
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Sign-in failed', description: apiErrorMessage(error, 'Please try again.') }),
  });

  const onEmail = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const result = validateDto(ConsoleSignInCodeDto, { email });
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    setEmail(result.value.email);
    requestCode.mutate(result.value);
  };
  const onCode = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const result = validateDto(ConsoleSignInVerifyDto, { email, code: code.trim() });
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    verify.mutate(result.value);
  };

  return (
    <Card className="mx-auto max-w-md shadow-xl shadow-primary/5">
      <CardHeader>
        <CardTitle>
          <span className="flex items-center gap-2">
            <KeyRound className="size-5 text-primary" aria-hidden="true" />
            Sign in to the console
          </span>
        </CardTitle>
        <CardDescription>
          {step === 'email'
            ? "Enter your company's contact email (the one that requested API access). We will email you a 6-digit code."
            : `Enter the 6-digit code we sent to ${email}.`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {step === 'email' ? (
          <form noValidate onSubmit={onEmail} className="space-y-4" aria-label="Console sign-in: email">
            <FormField id="console-email" label="Contact email" required errors={errors.email}>
              <Input
                id="console-email"
                type="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={errors.email ? fieldErrorId('console-email') : undefined}
              />
            </FormField>
            <Button type="submit" className="w-full" disabled={requestCode.isPending}>
              Email me a code
            </Button>
          </form>
        ) : (
          <form noValidate onSubmit={onCode} className="space-y-4" aria-label="Console sign-in: code">
            <FormField id="console-code" label="Code" required errors={errors.code ?? errors.email}>
              <Input
                id="console-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={7}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                aria-invalid={errors.code ? true : undefined}
                aria-describedby={errors.code ? fieldErrorId('console-code') : undefined}
              />
            </FormField>
            <Button type="submit" className="w-full" disabled={verify.isPending}>
              Sign in
            </Button>
            <Button type="button" variant="link" className="h-auto p-0" onClick={() => setStep('email')}>
              Use a different email
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
