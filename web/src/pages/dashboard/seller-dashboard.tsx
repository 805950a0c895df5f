import type { SellerProfile, SellerStatement } from '@paymarket/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import { storedSellerAuths } from '@/components/requests/seller-auth';
import { PayeeBar } from '@/components/statements/payee-bar';
import { statementGet } from '@/components/statements/statement-api';
import { StatementError } from '@/components/statements/statement-error';
import { StatementView } from '@/components/statements/statement-view';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { usePayeeSession } from '@/hooks/use-payee-session';

/**
 * /dashboard/seller/:id (ADR 0045, 0047): the seller's statement. Signed in by the dashboard session when its email
 * owns this seller (preferred), else by the edit token this browser keeps under seller_auth_{id}; with neither, the
 * visitor is sent to /dashboard to sign in (which also points to the emailed edit link).
 */
export function SellerDashboardPage(): ReactElement {
  const { id = '' } = useParams();
  const session = usePayeeSession();
  const auth = storedSellerAuths().find((s) => s.sellerId === id);
  const owned = session.payee?.sellers.some((s) => s.id === id) ?? false;
  // The edit token only when the session does not own this seller: a session of another email would otherwise win.
  const token = owned ? undefined : auth?.token;
  const signedIn = session.payee !== null || auth !== undefined;
  const url = `/api/sellers/${encodeURIComponent(id)}/statement`;

  const profile = useQuery<SellerProfile>({ queryKey: [`/api/sellers/${id}`], enabled: id !== '' });
  const statement = useQuery<SellerStatement>({
    queryKey: ['statement', 'seller', id, token === undefined ? 'session' : 'token'],
    enabled: !session.isLoading && signedIn,
    queryFn: async () => (await (await statementGet(url, token)).json()) as SellerStatement,
  });

  if (!session.isLoading && !signedIn) return <Navigate to={`/dashboard?seller=${encodeURIComponent(id)}`} replace />;

  const payable = profile.data?.payable;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <PageHeader title="Seller dashboard" description={profile.data ? profile.data.businessName : undefined} />
      {session.payee && <PayeeBar payee={session.payee} />}
      <Card className="mb-6">
        <CardHeader>
          <CardTitle className="text-lg">Payout account</CardTitle>
        </CardHeader>
        <CardContent>
          {payable === true && <p>Your payout account is connected: buyers can pay you.</p>}
          {payable === false && (
            <p>
              No payout account yet: buyers cannot pay you.{' '}
              <Link to={`/sellers/edit/${id}`} className="text-primary underline">
                Finish onboarding
              </Link>
            </p>
          )}
        </CardContent>
      </Card>
      {(session.isLoading || statement.isLoading) && <p>Loading your statement...</p>}
      {statement.isError && <StatementError error={statement.error} signInPath={`/dashboard?seller=${encodeURIComponent(id)}`} />}
      {statement.data && (
        <StatementView
          party="seller"
          statement={statement.data}
          csvFileName={`paymarket-statement-${id}.csv`}
          downloadCsv={async () => (await statementGet(`${url}?format=csv`, token)).blob()}
        />
      )}
    </div>
  );
}
