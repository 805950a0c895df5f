import type { AdminLoginDto, AdminLoginResponse } from '@paymarket/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loader2, LogOut, ShieldCheck } from 'lucide-react';
import type { ReactElement } from 'react';
import { FormField } from '@/components/form-field';
import { AuditLogSection } from '@/components/audit-log-section';
import { SessionsSection } from '@/components/sessions-section';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { useContractForm } from '@/forms/use-contract-form';
import { ADMIN_SESSION_QUERY_KEY, useAdminSession } from '@/hooks/use-session';
import { toast } from '@/hooks/use-toast';
import { apiErrorMessage, apiRequest } from '@/lib/queryClient';
import { CompaniesSection } from './admin/companies';
import { ProviderApplicationsSection } from './admin/provider-applications';
import { EnrolSecondFactor, SecondFactorSettings, VerifySecondFactor } from './admin/second-factor';

function AdminLogin(): ReactElement {
  const client = useQueryClient();
  const form = useContractForm<{ email: string; password: string }, 'AdminLoginDto'>({
    dto: 'AdminLoginDto',
    idPrefix: 'admin',
    defaultValues: { email: '', password: '' },
  });
  const login = useMutation({
    mutationFn: async (payload: AdminLoginDto) =>
      (await (await apiRequest('POST', '/api/admin/login', payload)).json()) as AdminLoginResponse,
    // The password was right: the page moves on to the second factor (ADR 0072); nobody is signed in yet.
    onSuccess: (result) => client.setQueryData(ADMIN_SESSION_QUERY_KEY, result),
    onError: (error) => {
      form.resetField('password');
      form.showServerErrors(error);
      toast({ variant: 'destructive', title: 'Login Failed', description: apiErrorMessage(error, 'Unable to log in. Please try again.') });
    },
  });

  const onSubmit = form.handleSubmit((payload) => login.mutate(payload));

  const control = (name: 'email' | 'password') => ({ ...form.field(name), disabled: login.isPending });

  return (
    <section className="mx-auto max-w-md px-4 py-16 sm:px-6">
      <Card className="shadow-xl shadow-primary/5">
        <CardHeader>
          <CardTitle>
            <span className="flex items-center gap-2">
              <ShieldCheck className="size-5 text-primary" aria-hidden="true" />
              Administrator Login
            </span>
          </CardTitle>
          <CardDescription>The admin dashboard is for PayMarket administrators only.</CardDescription>
        </CardHeader>
        <CardContent>
          <form {...form.formProps} onSubmit={(event) => void onSubmit(event)} className="space-y-5" aria-label="Administrator login">
            <FormField id="admin-email" label="Email Address" required errors={form.messages('email')}>
              <Input {...control('email')} type="email" autoComplete="username" />
            </FormField>
            <FormField id="admin-password" label="Password" required errors={form.messages('password')}>
              <Input {...control('password')} type="password" autoComplete="current-password" />
            </FormField>
            <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
              {login.isPending ? (
                <>
                  <Loader2 className="animate-spin" aria-hidden="true" />
                  Logging in...
                </>
              ) : (
                'Log in'
              )}
            </Button>
          </form>
        </CardContent>
      </Card>
    </section>
  );
}

function AdminHome({ email }: { email: string }): ReactElement {
  const client = useQueryClient();
  const logout = useMutation({
    mutationFn: async () => {
      await apiRequest('POST', '/api/admin/logout');
    },
    onSuccess: () => {
      client.setQueryData(ADMIN_SESSION_QUERY_KEY, null);
      toast({ title: 'Logged out', description: 'Your administrator session has ended.' });
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Logout Failed', description: apiErrorMessage(error, 'Please try again.') }),
  });
  return (
    <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Admin Dashboard</h1>
          <p className="mt-2 text-muted-foreground">
            Signed in as <span className="font-medium text-foreground">{email}</span>
          </p>
        </div>
        <Button variant="outline" onClick={() => logout.mutate()} disabled={logout.isPending}>
          <LogOut aria-hidden="true" />
          {logout.isPending ? 'Logging out...' : 'Log out'}
        </Button>
      </div>
      <CompaniesSection />
      <ProviderApplicationsSection />
      <SecondFactorSettings />
      <SessionsSection
        endpoint="/api/admin/sessions"
        description="Where you are signed in as an administrator. End any session you do not recognise, then change your password."
        onSignedOut={() => client.setQueryData(ADMIN_SESSION_QUERY_KEY, null)}
      />
      <AuditLogSection
        endpoint="/api/admin/audit"
        description="Every privileged action, newest first: who did it, from where, and what changed (never a secret)."
      />
    </section>
  );
}

/**
 * /admin: a login form until an administrator is signed in (checked by the server on every call): the password, then
 * the second factor, set up on the first sign-in (ADR 0072).
 */
export function AdminPage(): ReactElement {
  const { admin, secondFactor, isLoading } = useAdminSession();
  if (isLoading) {
    return (
      <p className="px-4 py-16 text-center text-muted-foreground" role="status">
        Loading…
      </p>
    );
  }
  if (admin) return <AdminHome email={admin.email} />;
  if (secondFactor?.step === 'enrol') return <EnrolSecondFactor pending={secondFactor} />;
  if (secondFactor?.step === 'verify') return <VerifySecondFactor pending={secondFactor} />;
  return <AdminLogin />;
}
