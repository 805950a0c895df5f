import type { StatementLine, StatementTotal } from '@paymarket/contracts';
import { useState, type ReactElement } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { formatMinor } from '@/lib/contracts-light';
import { apiErrorMessage } from '@/lib/queryClient';

/** Whose statement: a seller's shows the provider's share beside its own; a provider's shows only its own. */
export type StatementParty = 'seller' | 'provider';

export const statementMoney = (minor: string, currency: string): string => `$${formatMinor(BigInt(minor))} ${currency.toUpperCase()}`;

/** Net earnings per month as bars, one series per currency (no chart library: a few rectangles). */
export function EarningsChart({ totals }: { totals: StatementTotal[] }): ReactElement | null {
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
                <title>{`${month} ${currency.toUpperCase()}: ${t ? statementMoney(t.netMinor, currency) : '$0.00'}`}</title>
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

/** "needs_response" → "needs response ($80.00 USD)", the party's part of the disputed amount. */
export function disputeText(line: StatementLine): string {
  if (!line.dispute) return '—';
  return `${line.dispute.status.replace(/_/g, ' ')} (${statementMoney(line.dispute.yourDisputedMinor, line.currency)})`;
}

/** Saves a CSV the browser fetched (the statement needs credentials, so a plain link would not do). */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  URL.revokeObjectURL(url);
}

/**
 * A statement as the seller and provider dashboards show it (ADR 0045, 0047): the CSV download, the chart of net
 * earnings, totals per month and currency, and every paid order with the party's share, refunds, dispute and net.
 */
export function StatementView({
  party,
  statement,
  downloadCsv,
  csvFileName,
}: {
  party: StatementParty;
  statement: { lines: StatementLine[]; totals: StatementTotal[] };
  /** Fetches the statement as CSV with the same credentials as the page. */
  downloadCsv: () => Promise<Blob>;
  csvFileName: string;
}): ReactElement {
  const [downloading, setDownloading] = useState(false);
  const onDownload = async (): Promise<void> => {
    setDownloading(true);
    try {
      saveBlob(await downloadCsv(), csvFileName);
    } catch (error) {
      toast({ variant: 'destructive', title: 'Download failed', description: apiErrorMessage(error, 'Please try again.') });
    } finally {
      setDownloading(false);
    }
  };
  const seller = party === 'seller';

  return (
    <>
      <section aria-labelledby="totals" className="mb-8">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
          <h2 id="totals" className="text-xl font-semibold">
            Totals per month
          </h2>
          <Button variant="outline" disabled={downloading} onClick={() => void onDownload()}>
            Download CSV
          </Button>
        </div>
        <EarningsChart totals={statement.totals} />
        {statement.totals.length === 0 ? (
          <p>No paid orders yet.</p>
        ) : (
          <div className="overflow-x-auto">
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
                {statement.totals.map((t) => (
                  <tr key={`${t.month}/${t.currency}`}>
                    <td>{t.month}</td>
                    <td>{t.orders}</td>
                    <td>{statementMoney(t.yourShareMinor, t.currency)}</td>
                    <td>{statementMoney(t.yourRefundsMinor, t.currency)}</td>
                    <td>{statementMoney(t.yourHeldMinor, t.currency)}</td>
                    <td>{statementMoney(t.yourLostMinor, t.currency)}</td>
                    <td>{statementMoney(t.netMinor, t.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="orders">
        <h2 id="orders" className="mb-4 text-xl font-semibold">
          Orders paid to you
        </h2>
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left">
                <th scope="col">Order</th>
                <th scope="col">Paid</th>
                <th scope="col">Status</th>
                <th scope="col">Your share</th>
                {seller && <th scope="col">Provider share</th>}
                <th scope="col">Your refunds</th>
                <th scope="col">Dispute</th>
                <th scope="col">Net</th>
              </tr>
            </thead>
            <tbody>
              {statement.lines.map((l) => (
                <tr key={l.orderId}>
                  <td className="break-all">{l.orderId}</td>
                  <td>{l.paidAt.slice(0, 10)}</td>
                  <td>{l.status.replace(/_/g, ' ')}</td>
                  <td>{statementMoney(l.yourShareMinor, l.currency)}</td>
                  {seller && <td>{statementMoney(l.providerShareMinor, l.currency)}</td>}
                  <td>{statementMoney(l.yourRefundsMinor, l.currency)}</td>
                  <td>{disputeText(l)}</td>
                  <td>{statementMoney(l.netMinor, l.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}
