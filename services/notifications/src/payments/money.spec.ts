import { describe, expect, it } from '@jest/globals';
import { formatMoney, formatReceiptDate } from './money.js';

describe('formatMoney', () => {
  it.each([
    ['10356', 'usd', '$103.56 USD'],
    ['5479', 'cad', '$54.79 CAD'],
    ['0', 'usd', '$0.00 USD'],
    ['5', 'usd', '$0.05 USD'],
    ['90', 'cad', '$0.90 CAD'],
    ['100', 'usd', '$1.00 USD'],
    ['123456789012345678', 'usd', '$1234567890123456.78 USD'],
    ['-5178', 'usd', '-$51.78 USD'],
  ])('%s %s → %s', (minor, currency, expected) => {
    expect(formatMoney(minor, currency)).toBe(expected);
  });

  it('takes bigint too', () => {
    expect(formatMoney(5178n, 'usd')).toBe('$51.78 USD');
  });
});

describe('formatReceiptDate', () => {
  it('writes the moment in UTC', () => {
    expect(formatReceiptDate('2026-11-22T06:05:09.000Z')).toBe('22 Nov 2026, 06:05 UTC');
    expect(formatReceiptDate('2026-01-01T23:59:00-05:00')).toBe('2 Jan 2026, 04:59 UTC');
  });

  it('keeps text it cannot read', () => {
    expect(formatReceiptDate('soon')).toBe('soon');
  });
});
