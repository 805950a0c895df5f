import { RpcPatterns, type InterestedSeller } from '@paymarket/contracts';
import { RpcCallError } from '@paymarket/platform';
import { bearerToken } from '../auth/seller-token.guard.js';
import { ApiError } from '../http/api-error.js';
import type { GatewayRpc } from '../http/rpc.provider.js';

export const SELLER_ID_HEADER = 'x-seller-id';

export const SELLER_IDENTITY_MESSAGES = {
  REQUIRED: 'Only registered sellers can contact buyers. Register as a seller first.',
  INVALID: 'Your seller sign-in is not valid. Register as a seller, or use the edit link we emailed you.',
} as const;

/**
 * Contact Buyer identifies the seller by the edit token the browser keeps under seller_auth_{sellerId}: the token
 * is checked against that seller by catalog, and the business name and contact details are read from catalog —
 * never taken from the browser.
 */
export async function verifiedSeller(
  rpc: GatewayRpc,
  authorization: string | undefined,
  sellerIdHeader: string | undefined,
): Promise<InterestedSeller> {
  const token = bearerToken(authorization);
  const sellerId = sellerIdHeader?.trim();
  if (!token || !sellerId) throw ApiError.of(401, SELLER_IDENTITY_MESSAGES.REQUIRED);
  try {
    await rpc.call(RpcPatterns.catalog.VERIFY_SELLER_TOKEN, { sellerId, token });
  } catch (err) {
    if (
      err instanceof RpcCallError &&
      err.kind === 'service' &&
      ['unauthorized', 'forbidden', 'not_found', 'invalid'].includes(err.payload.code)
    ) {
      throw ApiError.of(401, SELLER_IDENTITY_MESSAGES.INVALID);
    }
    throw err;
  }
  const seller = await rpc.call(RpcPatterns.catalog.GET_SELLER, { sellerId });
  return {
    id: seller.id,
    businessName: seller.businessName,
    sellerName: seller.sellerName,
    email: seller.email,
    phone: seller.phone,
    website: seller.website,
  };
}
