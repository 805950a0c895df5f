import type { ApiErrorBody, FieldErrors } from '@paymarket/contracts';
import { apiRequest } from '@/lib/queryClient';

/**
 * JSON of a console call to /api/console or /api/v1 (cookie-authenticated, same origin; ADR 0040). A write that
 * makes something sends `idempotencyKey` (one per submission, `useSubmissionKey`), so a retry makes it once.
 */
export async function consoleCall<T>(method: string, url: string, body?: unknown, options: { idempotencyKey?: string } = {}): Promise<T> {
  return (await (await apiRequest(method, url, body, options)).json()) as T;
}

/**
 * The per-field messages of a refusal from the API (`fields` of the gateway's error shape), to show next to the fields:
 * of a 400 by default, or of the other statuses given (a 409 naming a taken domain, a 422 naming an account).
 */
export function apiFieldErrors(error: unknown, statuses: readonly number[] = [400]): FieldErrors {
  const match = error instanceof Error ? /^(\d{3}): ([\s\S]*)$/.exec(error.message) : null;
  if (!match || !statuses.includes(Number(match[1]))) return {};
  try {
    const body = JSON.parse(match[2] ?? '') as Partial<ApiErrorBody>;
    return body.fields && typeof body.fields === 'object' ? body.fields : {};
  } catch {
    return {};
  }
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
