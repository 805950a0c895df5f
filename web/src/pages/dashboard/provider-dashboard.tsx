import type { ProviderStatement } from '@paymarket/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import { PayeeBar } from '@/components/statements/payee-bar';
import { statementGet } from '@/components/statements/statement-api';
import { StatementError } from '@/components/statements/statement-error';
import { StatementView } from '@/components/statements/statement-view';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { usePayeeSession } from '@/hooks/use-payee-session';

/**
 * /dashboard/provider/:id (ADR 0047): a print provider's statement, its share of every order it is paid a part of,
 * read with the dashboard session (providers have no other sign-in); signed out, the visitor is sent to /dashboard.
 */
export function ProviderDashboardPage(): ReactElement {
  const { id = '' } = useParams();
  const { payee, isLoading } = usePayeeSession();
  const url = `/api/providers/${encodeURIComponent(id)}/statement`;
  const statement = useQuery<ProviderStatement>({
    queryKey: ['statement', 'provider', id],
    enabled: payee !== null,
    queryFn: async () => (await (await statementGet(url)).json()) as ProviderStatement,
  });

  if (!isLoading && payee === null) return <Navigate to={`/dashboard?provider=${encodeURIComponent(id)}`} replace />;

  const name = payee?.providers.find((p) => p.id === id)?.name;
  const ready = statement.data?.payoutAccount.ready;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <PageHeader title="Print provider dashboard" description={name} />
      {payee && <PayeeBar payee={payee} />}
      {(isLoading || statement.isLoading) && <p>Loading your statement...</p>}
      {statement.isError && <StatementError error={statement.error} signInPath={`/dashboard?provider=${encodeURIComponent(id)}`} />}
      {statement.data && (
        <>
          <Card className="mb-6">
            <CardHeader>
              <CardTitle className="text-lg">Payout account</CardTitle>
            </CardHeader>
            <CardContent>
              {ready ? (
                <p>Your payout account can receive transfers: your share of each paid order is sent to it.</p>
              ) : (
                <p>
                  Your payout account cannot receive transfers yet, so quotes that include your share cannot be accepted. Finish your Stripe
                  account&apos;s onboarding (identity and bank details) from the link Stripe emailed you, then reload this page; if it stays
                  not ready, contact PayMarket support.
                </p>
              )}
            </CardContent>
          </Card>
          <StatementView
            party="provider"
            statement={statement.data}
            csvFileName={`paymarket-provider-statement-${id}.csv`}
            downloadCsv={async () => (await statementGet(`${url}?format=csv`)).blob()}
          />
        </>
      )}
    </div>
  );
}
