import type { PaymentCurrency, PaymentsClientConfig } from '@paymarket/contracts';
import { decimalToMinor, enteredAmountToMinor, minorToDecimal } from '@/lib/money';

/** Live breakdown in integer cents: amount to the seller + the product's fixed fee for the currency (spec §9). */
export function liveBreakdown(
  amount: string,
  currency: PaymentCurrency,
  fees: PaymentsClientConfig['fees'] | undefined,
): { seller: string; fee: string; total: string } | null {
  const amountMinor = enteredAmountToMinor(amount);
  const feeMinor = decimalToMinor(fees?.[currency]);
  if (amountMinor === undefined || feeMinor === undefined) return null;
  return { seller: minorToDecimal(amountMinor), fee: minorToDecimal(feeMinor), total: minorToDecimal(amountMinor + feeMinor) };
}
