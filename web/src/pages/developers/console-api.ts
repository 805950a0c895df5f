import { apiRequest } from '@/lib/queryClient';

// Shared with every form (web/src/forms): the gateway's per-field refusals, shown under the fields.
export { apiFieldErrors } from '@/forms/server-errors';

/**
 * JSON of a console call to /api/console or /api/v1 (cookie-authenticated, same origin; ADR 0040). A write that
 * makes something sends `idempotencyKey` (one per submission, `useSubmissionKey`), so a retry makes it once.
 */
export async function consoleCall<T>(method: string, url: string, body?: unknown, options: { idempotencyKey?: string } = {}): Promise<T> {
  return (await (await apiRequest(method, url, body, options)).json()) as T;
}

/** A query string from the filters that are set. */
export function queryString(filters: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A datetime-local input's value as an ISO instant (the browser's time zone), or undefined when empty. */
export function isoFromLocal(value: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export function formatTime(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString() : '—';
}

/** A roll dialog's overlap as typed (an API key's, a signing secret's); the roll DTOs check the whole hours from 0 to 24. */
export type OverlapForm = { expiresInHours: string };
export const OVERLAP_DEFAULT: OverlapForm = { expiresInHours: '24' };

/** A roll's body: the hours as a number, a blank overlap left out (the server's default, 24 h). */
export function overlapPayload({ expiresInHours }: OverlapForm): unknown {
  return expiresInHours.trim() === '' ? {} : { expiresInHours: Number(expiresInHours) };
}
