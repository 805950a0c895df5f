import type { PrintProvider, SellersShowcase } from '@paymarket/contracts';
import { useQuery } from '@tanstack/react-query';
import { SHOWCASE_PATH, useShowcase } from '@/components/catalog/use-showcase';
import { queryFetch } from '@/lib/queryClient';

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
 * Not asked while `enabled` is false (nobody who may pay is signed in): then nothing is pending either.
 */
export function useRecipientOptions(enabled = true): { providers: RecipientOption[]; sellers: RecipientOption[]; isPending: boolean } {
  const providers = useQuery<PrintProvider[]>({ queryKey: ['/api/print-providers'], enabled });
  // The same (paged) showcase query as the Sellers page, so both read one cache entry of one shape.
  const showcase = useShowcase({ enabled });
  return {
    providers: (providers.data ?? []).map((p) => ({ value: p.stripeAccountId, label: `${p.name} Stripe Connected` })),
    sellers: showcase.sellers.map((s) => ({
      value: `seller_${s.id}`,
      label: `${s.businessName} - ${s.sellerName}`,
      disabled: s.payable !== true,
    })),
    isPending: enabled && (providers.isPending || showcase.isPending),
  };
}

/**
 * Sellers who can be paid (a payout account connected), newest first: the server filters, so none is missed. Under
 * the showcase's key, so a seller's registration or edit (which invalidates the showcase) refreshes it too.
 */
export const PAYABLE_SELLERS_KEY = [SHOWCASE_PATH, 'payable'] as const;
const PAYABLE_SELLERS_URL = `${SHOWCASE_PATH}?payable=true&limit=100`;

/**
 * Direct Payment's seller picker: only sellers who connected a payout account can be paid, chosen by name
 * ("{businessName} - {sellerName}") and sent as `seller_{id}`, so the buyer never needs a Stripe account id.
 */
export function usePayableSellers(): { sellers: RecipientOption[]; isPending: boolean } {
  const showcase = useQuery<SellersShowcase>({
    queryKey: PAYABLE_SELLERS_KEY,
    queryFn: async ({ client }) => {
      const res = await queryFetch(client, PAYABLE_SELLERS_URL, { credentials: 'include' });
      if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
      return (await res.json()) as SellersShowcase;
    },
  });
  return {
    sellers: (showcase.data?.sellers ?? [])
      .filter((s) => s.payable)
      .map((s) => ({ value: `seller_${s.id}`, label: `${s.businessName} - ${s.sellerName}` })),
    isPending: showcase.isPending,
  };
}
