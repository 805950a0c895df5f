import { formatMinor, type SellerProfile, type SellerStatement, type StatementTotal } from '@paymarket/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactElement } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import { storedSellerAuths } from '@/components/requests/seller-auth';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { apiErrorMessage } from '@/lib/queryClient';

const money = (minor: string, currency: string): string => `$${formatMinor(BigInt(minor))} ${currency.toUpperCase()}`;

async function authorizedGet(url: string, token: string): Promise<Response> {
  const res = await fetch(url, { credentials: 'include', headers: { Authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
  return res;
}

/** Net earnings per month as bars, one series per currency (no chart library: a few rectangles). */
function EarningsChart({ totals }: { totals: StatementTotal[] }): ReactElement | null {
  if (totals.length === 0) return null;
  const months = [...new Set(totals.map((t) => t.month))].sort();
  const currencies = [...new Set(totals.map((t) => t.currency))].sort();
  const max = totals.reduce((m, t) => (BigInt(t.netMinor) > m ? BigInt(t.netMinor) : m), 1n);
  const barWidth = 24;
  const gap = 16;
  const height = 120;
  const width = months.length * (currencies.length * barWidth + gap) + gap;
  return (
    <figure>
      <svg role="img" aria-label="Net earnings per month" width={width} height={height + 24} className="max-w-full">
        {months.map((month, mi) =>
          currencies.map((currency, ci) => {
            const t = totals.find((x) => x.month === month && x.currency === currency);
            const net = t ? BigInt(t.netMinor) : 0n;
            const h = net > 0n ? Number((net * BigInt(height)) / max) : 0;
            const x = gap + mi * (currencies.length * barWidth + gap) + ci * barWidth;
            return (
              <rect
                key={`${month}/${currency}`}
                x={x}
                y={height - h}
                width={barWidth - 4}
                height={h}
                className={ci === 0 ? 'fill-primary' : 'fill-muted-foreground'}
              >
                <title>{`${month} ${currency.toUpperCase()}: ${t ? money(t.netMinor, currency) : '$0.00'}`}</title>
              </rect>
            );
          }),
        )}
        {months.map((month, mi) => (
          <text key={month} x={gap + mi * (currencies.length * barWidth + gap)} y={height + 16} className="fill-current text-xs">
            {month}
          </text>
        ))}
      </svg>
      <figcaption className="text-sm text-muted-foreground">Net per month: {currencies.map((c) => c.toUpperCase()).join(', ')}</figcaption>
    </figure>
  );
}

/**
 * /dashboard/seller/:id (ADR 0045): the seller's statement, signed in with the edit token this browser keeps under
 * seller_auth_{id}: totals per month and currency, a chart, every paid order with refunds and disputes, CSV export.
 */
export function SellerDashboardPage(): ReactElement {
  const { id = '' } = useParams();
  const auth = storedSellerAuths().find((s) => s.sellerId === id);
  const [downloading, setDownloading] = useState(false);
  const profile = useQuery<SellerProfile>({ queryKey: [`/api/sellers/${id}`], enabled: id !== '' });
  const statement = useQuery<SellerStatement>({
    queryKey: ['seller-statement', id],
    enabled: auth !== undefined,
    queryFn: async () => (await (await authorizedGet(`/api/sellers/${id}/statement`, auth!.token)).json()) as SellerStatement,
  });

  const downloadCsv = async (): Promise<void> => {
    if (!auth) return;
    setDownloading(true);
    try {
      const blob = await (await authorizedGet(`/api/sellers/${id}/statement?format=csv`, auth.token)).blob();
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `paymarket-statement-${id}.csv`;
      a.click();
      URL.revokeObjectURL(url);
    } finally {
      setDownloading(false);
    }
  };

  if (!auth) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <PageHeader title="Seller dashboard" />
        <p>
          This browser does not hold this seller&apos;s sign-in. Open the edit link we emailed you from{' '}
          <Link to={`/sellers/edit/${id}`} className="text-primary underline">
            your profile
          </Link>{' '}
          first.
        </p>
      </div>
    );
  }
  const payable = profile.data?.payable;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <PageHeader title="Seller dashboard" description={profile.data ? profile.data.businessName : undefined} />
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
      {statement.isLoading && <p>Loading your statement...</p>}
      {statement.isError && <p role="alert">{apiErrorMessage(statement.error, 'Could not load your statement.')}</p>}
      {statement.data && (
        <>
          <section aria-labelledby="totals" className="mb-8">
            <div className="mb-4 flex items-center justify-between">
              <h2 id="totals" className="text-xl font-semibold">
                Totals per month
              </h2>
              <Button variant="outline" disabled={downloading} onClick={() => void downloadCsv()}>
                Download CSV
              </Button>
            </div>
            <EarningsChart totals={statement.data.totals} />
            {statement.data.totals.length === 0 ? (
              <p>No paid orders yet.</p>
            ) : (
              <table className="mt-4 w-full text-sm">
                <thead>
                  <tr className="text-left">
                    <th scope="col">Month</th>
                    <th scope="col">Orders</th>
                    <th scope="col">Earned</th>
                    <th scope="col">Refunded</th>
                    <th scope="col">Held in disputes</th>
                    <th scope="col">Lost in disputes</th>
                    <th scope="col">Net</th>
                  </tr>
                </thead>
                <tbody>
                  {statement.data.totals.map((t) => (
                    <tr key={`${t.month}/${t.currency}`}>
                      <td>{t.month}</td>
                      <td>{t.orders}</td>
                      <td>{money(t.yourShareMinor, t.currency)}</td>
                      <td>{money(t.yourRefundsMinor, t.currency)}</td>
                      <td>{money(t.yourHeldMinor, t.currency)}</td>
                      <td>{money(t.yourLostMinor, t.currency)}</td>
                      <td>{money(t.netMinor, t.currency)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          <section aria-labelledby="orders">
            <h2 id="orders" className="mb-4 text-xl font-semibold">
              Orders paid to you
            </h2>
            <table className="w-full text-sm">
              <thead>
                <tr className="text-left">
                  <th scope="col">Order</th>
                  <th scope="col">Paid</th>
                  <th scope="col">Status</th>
                  <th scope="col">Your share</th>
                  <th scope="col">Provider share</th>
                  <th scope="col">Your refunds</th>
                  <th scope="col">Dispute</th>
                  <th scope="col">Net</th>
                </tr>
              </thead>
              <tbody>
                {statement.data.lines.map((l) => (
                  <tr key={l.orderId}>
                    <td>{l.orderId}</td>
                    <td>{l.paidAt.slice(0, 10)}</td>
                    <td>{l.status.replace(/_/g, ' ')}</td>
                    <td>{money(l.yourShareMinor, l.currency)}</td>
                    <td>{money(l.providerShareMinor, l.currency)}</td>
                    <td>{money(l.yourRefundsMinor, l.currency)}</td>
                    <td>
                      {l.dispute ? `${l.dispute.status.replace(/_/g, ' ')} (${money(l.dispute.yourDisputedMinor, l.currency)})` : '—'}
                    </td>
                    <td>{money(l.netMinor, l.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      )}
    </div>
  );
}
