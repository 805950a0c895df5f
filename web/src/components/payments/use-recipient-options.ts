import type { PrintProvider, SellersShowcase } from '@paymarket/contracts';
import { useQuery } from '@tanstack/react-query';

export interface RecipientOption {
  value: string;
  label: string;
  /** A seller without a payout account (ADR 0030): listed with the spec's label, but cannot be chosen. */
  disabled?: boolean;
}

/** Shown under the select while some sellers cannot be paid yet. */
export const NOT_YET_PAYABLE_NOTE =
  'Greyed-out sellers have not connected a Stripe account yet, so they cannot be paid here until they add one.';

/**
 * The /payment "Print Provider" options (spec §2): print providers by connected account id, labelled
 * "{name} Stripe Connected", then sellers as "seller_{id}", labelled "{businessName} - {sellerName}".
 * A list that fails to load simply contributes no options. Sellers without a payout account are disabled (ADR 0030).
 */
export function useRecipientOptions(): { providers: RecipientOption[]; sellers: RecipientOption[]; isPending: boolean } {
  const providers = useQuery<PrintProvider[]>({ queryKey: ['/api/print-providers'] });
  const showcase = useQuery<SellersShowcase>({ queryKey: ['/api/sellers-showcase'] });
  return {
    providers: (providers.data ?? []).map((p) => ({ value: p.stripeAccountId, label: `${p.name} Stripe Connected` })),
    sellers: (showcase.data?.sellers ?? []).map((s) => ({
      value: `seller_${s.id}`,
      label: `${s.businessName} - ${s.sellerName}`,
      disabled: s.payable !== true,
    })),
    isPending: providers.isPending || showcase.isPending,
  };
}
