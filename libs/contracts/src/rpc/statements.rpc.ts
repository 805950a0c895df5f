import type { MarketplaceStatement, ProviderStatement, SellerStatement, StatementQueryDto } from '../dtos/statements/statement.dto.js';

// DO NOT CHANGE THE VALUES WITHOUT A MIGRATION PLAN: routing key bound to the payments queue.
export const StatementsRpc = {
  SELLER_STATEMENT: 'payments.seller_statement',
  PROVIDER_STATEMENT: 'payments.provider_statement',
  MARKETPLACE_STATEMENT: 'payments.marketplace_statement',
} as const;

export interface StatementsRpcMap {
  /** The gateway proved the caller is this seller (edit token) before asking. */
  'payments.seller_statement': { request: { sellerId: string; query: Omit<StatementQueryDto, 'format'> }; response: SellerStatement };
  /**
   * ADR 0047: the gateway proved the caller's payee session owns provider `providerId` and read its connected account
   * from catalog; orders are the provider's when a split line pays that account as party `provider`.
   */
  'payments.provider_statement': {
    request: { providerAccountId: string; providerId: string; query: Omit<StatementQueryDto, 'format'> };
    response: ProviderStatement;
  };
  /** ADR 0051: the company's marketplace (gateway: API key or console session); `not_found` when it has none. */
  'payments.marketplace_statement': {
    request: { companyId: string; query: Omit<StatementQueryDto, 'format'> };
    response: MarketplaceStatement;
  };
}
