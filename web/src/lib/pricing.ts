/** Flat fee per completed transaction (spec §9). */
export const TRANSACTION_FEE = { usd: 3.56, cad: 4.79 } as const;

/** Platform fee charged to providers, in percent (spec §1). */
export const PROVIDER_PLATFORM_FEE_PERCENT = 5;

export function formatUsd(amount: number): string {
  return `$${amount.toFixed(2)}`;
}
