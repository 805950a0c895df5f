import { SELLER_AUTH_PREFIX } from '@/components/requests/seller-auth';

/** Spec §9: where the browser keeps a seller's edit token. */
export function sellerAuthKey(sellerId: string): string {
  return `${SELLER_AUTH_PREFIX}${sellerId}`;
}

export function getSellerToken(sellerId: string): string | null {
  try {
    return window.localStorage.getItem(sellerAuthKey(sellerId));
  } catch {
    // Storage can be blocked (private mode, policies): behave as a browser without the token.
    return null;
  }
}

export function storeSellerToken(sellerId: string, token: string): void {
  try {
    window.localStorage.setItem(sellerAuthKey(sellerId), token);
  } catch {
    // Nothing to do: without storage the seller recovers the link by email.
  }
}

/** Like apiRequest, with the seller's bearer token. Throws `Error("{status}: {body}")` on a non-2xx answer. */
export async function sellerRequest(method: string, url: string, token: string | null, data?: unknown): Promise<Response> {
  const headers: Record<string, string> = {};
  if (data !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(url, { method, headers, body: data !== undefined ? JSON.stringify(data) : undefined, credentials: 'include' });
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
  return res;
}
