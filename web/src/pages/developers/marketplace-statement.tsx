import type { MarketplaceStatement } from '@paymarket/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactElement } from 'react';
import { FormField } from '@/components/form-field';
import { disputeText, statementMoney } from '@/components/statements/statement-view';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { useContractForm } from '@/forms/use-contract-form';
import { apiErrorMessage } from '@/lib/queryClient';
import { consoleCall, queryString } from './console-api';

const STATEMENT_URL = '/api/v1/marketplace/statement';

type Months = { from: string; to: string };

/** The months that are set: a blank one leaves that end of the range open. */
const toQuery = ({ from, to }: Months): { from?: string; to?: string } => ({ ...(from ? { from } : {}), ...(to ? { to } : {}) });

/** The statement's address for these months (inclusive, UTC), as JSON or, with `csv`, as the CSV download. */
export function marketplaceStatementUrl(range: { from?: string; to?: string }, csv = false): string {
  return `${STATEMENT_URL}${queryString({ from: range.from, to: range.to, ...(csv ? { format: 'csv' } : {}) })}`;
}

/**
 * The marketplace's statement (ADR 0051, built like a seller's, ADR 0045): its share of every paid order placed through
 * it, refunds and disputes taken back, totals per month and currency, and the same as CSV.
 */
export function MarketplaceStatementSection(): ReactElement {
  const form = useContractForm<Months, 'StatementQueryDto'>({
    dto: 'StatementQueryDto',
    idPrefix: 'statement',
    defaultValues: { from: '', to: '' },
    toPayload: toQuery,
  });
  const [range, setRange] = useState<{ from?: string; to?: string }>({});
  const url = marketplaceStatementUrl(range);
  const statement = useQuery<MarketplaceStatement>({
    queryKey: [url],
    staleTime: 0,
    queryFn: () => consoleCall<MarketplaceStatement>('GET', url),
  });

  const onShow = form.handleSubmit(() => setRange(toQuery(form.getValues())));

  const data = statement.data;

  return (
    <Card className="space-y-4 p-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="font-semibold">Statement</h2>
        <a href={marketplaceStatementUrl(range, true)} download className="text-sm text-primary underline underline-offset-4">
          Download CSV
        </a>
      </div>
      <form
        {...form.formProps}
        onSubmit={(event) => void onShow(event)}
        className="grid gap-4 sm:grid-cols-[12rem_12rem_auto] sm:items-end"
        aria-label="Statement months"
      >
        <FormField id="statement-from" label="From (month)" errors={form.messages('from')}>
          <Input {...form.field('from')} type="month" placeholder="YYYY-MM" />
        </FormField>
        <FormField id="statement-to" label="To (month)" errors={form.messages('to')}>
          <Input {...form.field('to')} type="month" placeholder="YYYY-MM" />
        </FormField>
        <Button type="submit" variant="outline">
          Show
        </Button>
      </form>
      {statement.isLoading && <p className="text-sm text-muted-foreground">Loading the statement…</p>}
      {statement.isError && <p className="text-sm text-destructive">{apiErrorMessage(statement.error, 'Could not load the statement.')}</p>}
      {data && (
        <>
          <p className="text-sm" data-testid="statement-payout">
            {data.payoutAccount
              ? `Your share is transferred to ${data.payoutAccount.id}${data.payoutAccount.ready ? '.' : ', which cannot receive transfers yet.'}`
              : 'No payout account: your marketplace receives no share until it has one.'}
          </p>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="py-2 text-left font-medium">Totals per month</caption>
              <thead className="text-muted-foreground">
                <tr>
                  <th scope="col">Month</th>
                  <th scope="col">Currency</th>
                  <th scope="col">Orders</th>
                  <th scope="col">Your share</th>
                  <th scope="col">Refunded</th>
                  <th scope="col">Held in disputes</th>
                  <th scope="col">Lost in disputes</th>
                  <th scope="col">Net</th>
                </tr>
              </thead>
              <tbody>
                {data.totals.map((t) => (
                  <tr key={`${t.month}/${t.currency}`} className="border-t border-border" data-testid="statement-total">
                    <td className="py-1">{t.month}</td>
                    <td>{t.currency.toUpperCase()}</td>
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
          {data.lines.length === 0 ? (
            <p className="text-sm text-muted-foreground">No paid orders in these months.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="py-2 text-left font-medium">Orders placed through your marketplace</caption>
                <thead className="text-muted-foreground">
                  <tr>
                    <th scope="col">Order</th>
                    <th scope="col">Paid</th>
                    <th scope="col">Status</th>
                    <th scope="col">Total</th>
                    <th scope="col">Your share</th>
                    <th scope="col">Your refunds</th>
                    <th scope="col">Dispute</th>
                    <th scope="col">Net</th>
                  </tr>
                </thead>
                <tbody>
                  {data.lines.map((l) => (
                    <tr key={l.orderId} className="border-t border-border" data-testid="statement-line">
                      <td className="py-1 break-all">{l.orderId}</td>
                      <td>{l.paidAt.slice(0, 10)}</td>
                      <td>{l.status.replace(/_/g, ' ')}</td>
                      <td>{statementMoney(l.totalMinor, l.currency)}</td>
                      <td>{statementMoney(l.yourShareMinor, l.currency)}</td>
                      <td>{statementMoney(l.yourRefundsMinor, l.currency)}</td>
                      <td>{disputeText(l)}</td>
                      <td>{statementMoney(l.netMinor, l.currency)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </Card>
  );
}
