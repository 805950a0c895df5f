import { describe, expect, it } from '@jest/globals';
import { decimalToMinor, enteredAmountToMinor, formatDollars, formatMoney, minorToDecimal } from './money';

describe('money', () => {
  it('reads decimal text as cents without floats', () => {
    expect(decimalToMinor('96.44')).toBe(9644);
    expect(decimalToMinor('0.1')).toBe(10);
    expect(decimalToMinor('3')).toBe(300);
    expect(decimalToMinor('-3.50')).toBe(-350);
    expect(decimalToMinor('1.005')).toBeUndefined();
    expect(decimalToMinor('abc')).toBeUndefined();
    expect(decimalToMinor(undefined)).toBeUndefined();
  });

  it('accepts entered amounts by the DTO rule only', () => {
    expect(enteredAmountToMinor('100')).toBe(10000);
    expect(enteredAmountToMinor('0.01')).toBe(1);
    expect(enteredAmountToMinor('0')).toBeUndefined();
    expect(enteredAmountToMinor('1e2')).toBeUndefined();
    expect(enteredAmountToMinor('1000000.00')).toBeUndefined();
  });

  it('formats cents and decimals for display', () => {
    expect(minorToDecimal(385)).toBe('3.85');
    expect(minorToDecimal(5)).toBe('0.05');
    expect(minorToDecimal(-350)).toBe('-3.50');
    expect(formatDollars('1234567.5')).toBe('$1,234,567.50');
    expect(formatMoney('103.56', 'usd')).toBe('$103.56 USD');
  });
});
