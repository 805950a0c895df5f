// Free of decorators so the web can import this file alone (ADR 0044, P5); buyer-request.dto.ts re-exports it.
/** Spec §3 category values, with the labels the board shows. */
export const REQUEST_CATEGORIES = [
  'business-cards',
  'marketing-materials',
  'apparel-printing',
  'signs-banners',
  'packaging',
  'promotional-products',
  'design-services',
  'other',
] as const;
export type RequestCategory = (typeof REQUEST_CATEGORIES)[number];

export const REQUEST_CATEGORY_LABELS: Record<RequestCategory, string> = {
  'business-cards': 'Business Cards',
  'marketing-materials': 'Marketing Materials',
  'apparel-printing': 'Apparel Printing',
  'signs-banners': 'Signs & Banners',
  packaging: 'Packaging',
  'promotional-products': 'Promotional Products',
  'design-services': 'Design Services',
  other: 'Other',
};
