import type { PrintProvider, SellersShowcase } from '@paymarket/contracts';
import { useQuery } from '@tanstack/react-query';

export interface RecipientOption {
  value: string;
  label: string;
}

/**
 * The /payment "Print Provider" options (spec §2): print providers by connected account id, labelled
 * "{name} Stripe Connected", then sellers as "seller_{id}", labelled "{businessName} - {sellerName}".
 * A list that fails to load simply contributes no options.
 */
export function useRecipientOptions(): { providers: RecipientOption[]; sellers: RecipientOption[]; isPending: boolean } {
  const providers = useQuery<PrintProvider[]>({ queryKey: ['/api/print-providers'] });
  const showcase = useQuery<SellersShowcase>({ queryKey: ['/api/sellers-showcase'] });
  return {
    providers: (providers.data ?? []).map((p) => ({ value: p.stripeAccountId, label: `${p.name} Stripe Connected` })),
    sellers: (showcase.data?.sellers ?? []).map((s) => ({ value: `seller_${s.id}`, label: `${s.businessName} - ${s.sellerName}` })),
    isPending: providers.isPending || showcase.isPending,
  };
}
