import type { SellerStatement, StatementQueryDto } from '../dtos/statements/statement.dto.js';

// DO NOT CHANGE THE VALUES WITHOUT A MIGRATION PLAN: routing key bound to the payments queue.
export const StatementsRpc = {
  SELLER_STATEMENT: 'payments.seller_statement',
} as const;

export interface StatementsRpcMap {
  /** The gateway proved the caller is this seller (edit token) before asking. */
  'payments.seller_statement': { request: { sellerId: string; query: Omit<StatementQueryDto, 'format'> }; response: SellerStatement };
}
