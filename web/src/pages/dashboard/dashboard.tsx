import type { PayeeSessionResponse, PayeeSessionState } from '@paymarket/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Printer, Store } from 'lucide-react';
import type { ReactElement } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { EmailCodeSignIn } from '@/components/auth/email-code-sign-in';
import { PageHeader } from '@/components/page-header';
import { PayeeBar } from '@/components/statements/payee-bar';
import { Card } from '@/components/ui/card';
import { PAYEE_SESSION_QUERY_KEY, requestPayeeCode, usePayeeSession, verifyPayeeCode } from '@/hooks/use-payee-session';
import { toast } from '@/hooks/use-toast';
import { PAYEE_AUTH_MESSAGES } from '@/lib/contracts-light';

const TITLE = 'Seller and provider dashboard';

/** Where a dashboard sent a visitor to sign in (`?seller=` or `?provider=`), to go back there afterwards. */
function wantedPath(params: URLSearchParams): { path: string; sellerId: string | null } | null {
  const seller = params.get('seller');
  if (seller) return { path: `/dashboard/seller/${encodeURIComponent(seller)}`, sellerId: seller };
  const provider = params.get('provider');
  if (provider) return { path: `/dashboard/provider/${encodeURIComponent(provider)}`, sellerId: null };
  return null;
}

/**
 * /dashboard (ADR 0047): sellers and print providers sign in with a code emailed to their profile's address, then
 * pick one of the profiles that address owns (or go straight to it when there is only one).
 */
export function DashboardPage(): ReactElement {
  const { payee, isLoading } = usePayeeSession();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const wanted = wantedPath(params);

  if (isLoading) {
    return (
      <section className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <PageHeader title={TITLE} />
        <p role="status">Loading...</p>
      </section>
    );
  }

  if (payee) {
    const profiles = [
      ...payee.sellers.map((s) => ({ to: `/dashboard/seller/${encodeURIComponent(s.id)}`, name: s.businessName, kind: 'Seller' })),
      ...payee.providers.map((p) => ({ to: `/dashboard/provider/${encodeURIComponent(p.id)}`, name: p.name, kind: 'Print provider' })),
    ];
    const wantedIsOwned = wanted !== null && profiles.some((p) => p.to === wanted.path);
    if (wantedIsOwned) return <Navigate to={wanted.path} replace />;
    if (wanted === null && profiles.length === 1) return <Navigate to={profiles[0]!.to} replace />;
    return (
      <section className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <PageHeader title={TITLE} description="The seller and print provider profiles that use your email." />
        <PayeeBar payee={payee} />
        {wanted !== null && (
          <p role="alert" className="mb-4 rounded-lg border border-destructive/40 p-3 text-sm text-destructive">
            {PAYEE_AUTH_MESSAGES.NOT_YOURS}
          </p>
        )}
        {profiles.length === 0 ? (
          <p>
            No seller or print provider profile uses this email any more.{' '}
            <Link to="/seller-registration" className="text-primary underline">
              Become a seller
            </Link>
          </p>
        ) : (
          <ul className="space-y-3" aria-label="Your dashboards">
            {profiles.map((profile) => (
              <li key={profile.to}>
                <Card className="p-0">
                  <Link
                    to={profile.to}
                    className="flex items-center gap-3 rounded-xl p-4 hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    {profile.kind === 'Seller' ? (
                      <Store className="size-5 text-primary" aria-hidden="true" />
                    ) : (
                      <Printer className="size-5 text-primary" aria-hidden="true" />
                    )}
                    <span className="font-medium">{profile.name}</span>
                    <span className="ml-auto text-sm text-muted-foreground">{profile.kind}</span>
                  </Link>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-md px-4 py-12 sm:px-6">
      <PageHeader title={TITLE} description="Your earnings, refunds, disputes and statements." />
      {wanted !== null && (
        <p role="status" className="mb-4 rounded-lg bg-secondary p-3 text-sm">
          {PAYEE_AUTH_MESSAGES.SIGN_IN_REQUIRED}
        </p>
      )}
      <EmailCodeSignIn<PayeeSessionResponse>
        title="Sign in to your dashboard"
        emailDescription="Enter the email on your seller or print provider profile. We will email you a 6-digit code. No password needed."
        requestCode={requestPayeeCode}
        verifyCode={verifyPayeeCode}
        onSignedIn={(result) => {
          client.setQueryData<PayeeSessionState>(PAYEE_SESSION_QUERY_KEY, result);
          toast({ title: 'Signed in', description: `Signed in as ${result.payee.email}.` });
        }}
        emailFooter={
          <div className="space-y-2 text-center text-sm text-muted-foreground">
            {wanted !== null && wanted.sellerId !== null && (
              <p>
                Or open the edit link we emailed you from{' '}
                <Link to={`/sellers/edit/${encodeURIComponent(wanted.sellerId)}`} className="font-medium text-primary underline">
                  your seller profile
                </Link>
                : this browser then keeps your sign-in.
              </p>
            )}
            <p>
              No profile yet?{' '}
              <Link to="/seller-registration" className="font-medium text-primary underline-offset-4 hover:underline">
                Become a seller
              </Link>{' '}
              or{' '}
              <Link to="/provider-signup" className="font-medium text-primary underline-offset-4 hover:underline">
                apply as a print provider
              </Link>
            </p>
          </div>
        }
      />
    </section>
  );
}
