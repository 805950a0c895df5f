/** Spec §3/§9: a registered seller's edit token is kept in the browser under seller_auth_{sellerId}. */
export const SELLER_AUTH_PREFIX = 'seller_auth_';

export interface StoredSellerAuth {
  sellerId: string;
  token: string;
}

function tokenOf(raw: string | null): string | null {
  if (!raw) return null;
  const value = raw.trim();
  if (value.startsWith('{')) {
    try {
      const parsed = JSON.parse(value) as { token?: unknown; authToken?: unknown };
      const token = parsed.token ?? parsed.authToken;
      return typeof token === 'string' && token !== '' ? token : null;
    } catch {
      return null;
    }
  }
  return value === '' ? null : value.replace(/^"|"$/g, '');
}

/** Every seller this browser registered (or recovered), in a stable order. */
export function storedSellerAuths(storage: Storage = window.localStorage): StoredSellerAuth[] {
  const found: StoredSellerAuth[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (!key?.startsWith(SELLER_AUTH_PREFIX)) continue;
    const sellerId = key.slice(SELLER_AUTH_PREFIX.length);
    const token = tokenOf(storage.getItem(key));
    if (sellerId && token) found.push({ sellerId, token });
  }
  return found.sort((a, b) => a.sellerId.localeCompare(b.sellerId));
}
