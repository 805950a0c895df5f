/** Seller categories at registration (spec §3): the stored value and its label. */
export const SELLER_CATEGORIES = [
  { value: 'printing', label: 'Printing Services' },
  { value: 'design', label: 'Design & Graphics' },
  { value: 'merchandise', label: 'Custom Merchandise' },
  { value: 'packaging', label: 'Packaging & Labels' },
  { value: 'textiles', label: 'Textiles & Apparel' },
  { value: 'signage', label: 'Signs & Banners' },
  { value: 'promotional', label: 'Promotional Products' },
  { value: 'other', label: 'Other Services' },
] as const;

export type SellerCategory = (typeof SELLER_CATEGORIES)[number]['value'];

// Pure, so a page that imports only the labels (web/src/lib/contracts-light.ts) does not also ship this module.
export const SELLER_CATEGORY_VALUES: readonly SellerCategory[] = /* @__PURE__ */ SELLER_CATEGORIES.map((c) => c.value);

/**
 * The seller edit form's category options (spec §2 "Seller edit"), each mapped one-to-one onto the registration
 * value that is stored, so saving the edit form never changes or loses a seller's category (ADR "seller categories").
 */
export const SELLER_EDIT_CATEGORIES: ReadonlyArray<{ label: string; value: SellerCategory }> = [
  { label: 'Business Cards', value: 'printing' },
  { label: 'Marketing Materials', value: 'promotional' },
  { label: 'Banners & Signs', value: 'signage' },
  { label: 'Packaging', value: 'packaging' },
  { label: 'Apparel Printing', value: 'textiles' },
  { label: 'Digital Design', value: 'design' },
  { label: 'Custom Products', value: 'merchandise' },
  { label: 'Other', value: 'other' },
];

/** The registration label of a stored category value; unknown values are shown with their first letter capitalised. */
export function sellerCategoryLabel(value: string): string {
  return SELLER_CATEGORIES.find((c) => c.value === value)?.label ?? value.charAt(0).toUpperCase() + value.slice(1);
}
