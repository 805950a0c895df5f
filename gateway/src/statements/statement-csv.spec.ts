import { describe, expect, it } from '@jest/globals';
import type { SellerStatement } from '@paymarket/contracts';
import { statementCsv } from './statement-csv.js';

describe(statementCsv.name, () => {
  it('writes a header and one CRLF row per line, amounts with two decimals, and neutralises formula-looking text', () => {
    const statement: SellerStatement = {
      sellerId: 's1',
      from: null,
      to: null,
      totals: [],
      lines: [
        {
          orderId: '=HYPERLINK("x")',
          paidAt: '2026-11-03T10:00:00.000Z',
          month: '2026-11',
          status: 'completed',
          currency: 'usd',
          totalMinor: '10356',
          feeMinor: '356',
          yourShareMinor: '5356',
          providerShareMinor: '4644',
          refundedMinor: '0',
          yourRefundsMinor: '0',
          dispute: { status: 'lost', disputedMinor: '10356', yourDisputedMinor: '5356' },
          netMinor: '0',
        },
      ],
    };
    const [header, row, end] = statementCsv(statement).split('\r\n');
    expect(header!.split(',')).toHaveLength(15);
    expect(row).toBe(
      `"'=HYPERLINK(""x"")",2026-11-03T10:00:00.000Z,2026-11,completed,usd,103.56,3.56,53.56,46.44,0.00,0.00,lost,103.56,53.56,0.00`,
    );
    expect(end).toBe('');
  });
});
