import type { PaymentsClientConfig } from '@paymarket/contracts';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiErrorMessage, errorStatus } from '@/lib/queryClient';

export const PAYMENTS_CONFIG_KEY = ['/api/payments/config'] as const;
export const ORDERS_KEY = ['/api/orders'] as const;
export const ADMIN_ORDERS_KEY = ['/api/admin/orders'] as const;

export { newIdempotencyKey } from '@/lib/idempotency';

/**
 * A credentialed JSON POST like `apiRequest`, plus an optional Idempotency-Key; throws `Error("{status}: {body}")`
 * on a non-2xx answer so `apiErrorMessage`/`errorStatus` read it the same way.
 */
export async function postJson<T>(url: string, body: unknown, idempotencyKey?: string): Promise<T> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (idempotencyKey !== undefined) headers['Idempotency-Key'] = idempotencyKey;
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body), credentials: 'include' });
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new Error(`${res.status}: ${text}`);
  }
  return (await res.json()) as T;
}

/** `base` followed by the server's message when the server refused the request (4xx) and said why. */
export function withServerReason(base: string, error: unknown): string {
  const status = errorStatus(error);
  if (status === undefined || status < 400 || status >= 500) return base;
  const message = apiErrorMessage(error, '');
  return message === '' ? base : `${base} ${message}`;
}

/** The publishable key and mode of card payments; not asked while `enabled` is false. */
export function usePaymentsConfig(enabled = true): UseQueryResult<PaymentsClientConfig> {
  return useQuery<PaymentsClientConfig>({ queryKey: PAYMENTS_CONFIG_KEY, enabled });
}
