import type { ReactElement } from 'react';
import { formatDollars } from '@/lib/money';

export interface BreakdownRow {
  label: string;
  /** Decimal text, e.g. "96.44". */
  value: string;
}

/** Rows of money and a total, all from decimal strings (never computed in floats here). */
export function PaymentBreakdown({
  rows,
  total,
  currency,
  label = 'Payment breakdown',
}: {
  rows: readonly BreakdownRow[];
  total: BreakdownRow;
  currency: string;
  label?: string;
}): ReactElement {
  return (
    <dl aria-label={label} className="space-y-2 rounded-xl border border-border bg-muted/60 p-4 text-sm">
      {rows.map((row) => (
        <div key={row.label} className="flex items-center justify-between gap-4">
          <dt className="text-muted-foreground">{row.label}</dt>
          <dd className="font-medium tabular-nums">{formatDollars(row.value)}</dd>
        </div>
      ))}
      <div className="flex items-center justify-between gap-4 border-t border-border pt-2 text-base">
        <dt className="font-semibold">{total.label}</dt>
        <dd className="font-bold tabular-nums">
          {formatDollars(total.value)} <span className="text-xs font-medium text-muted-foreground">{currency.toUpperCase()}</span>
        </dd>
      </div>
    </dl>
  );
}
