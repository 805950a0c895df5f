export const MarketplaceErrors = {
  DOMAIN_TAKEN: (domain: string) => `A marketplace is already registered for ${domain}.`,
} as const;
