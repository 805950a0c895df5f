import { formatMinor, STATEMENT_CSV_COLUMNS, type StatementLine } from '@paymarket/contracts';

// RFC 4180 quoting, and a leading quote on text a spreadsheet would run as a formula (CSV injection).
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A seller's or provider's statement lines as CSV (STATEMENT_CSV_COLUMNS), amounts in major units with two decimals. */
export function statementCsv(statement: { lines: StatementLine[] }): string {
  const rows = statement.lines.map((l) =>
    [
      l.orderId,
      l.paidAt,
      l.month,
      l.status,
      l.currency,
      formatMinor(BigInt(l.totalMinor)),
      formatMinor(BigInt(l.feeMinor)),
      formatMinor(BigInt(l.yourShareMinor)),
      formatMinor(BigInt(l.providerShareMinor)),
      formatMinor(BigInt(l.refundedMinor)),
      formatMinor(BigInt(l.yourRefundsMinor)),
      l.dispute?.status ?? '',
      l.dispute ? formatMinor(BigInt(l.dispute.disputedMinor)) : '',
      l.dispute ? formatMinor(BigInt(l.dispute.yourDisputedMinor)) : '',
      formatMinor(BigInt(l.netMinor)),
    ]
      .map(cell)
      .join(','),
  );
  return `${[STATEMENT_CSV_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}
