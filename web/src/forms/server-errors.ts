import type { ApiErrorBody, FieldErrors } from '@paymarket/contracts';

/**
 * The per-field messages of a refusal from the API (`fields` of the gateway's error shape, ApiErrorBody), to show
 * next to the fields: of a 400 by default, or of the other statuses given (a 409 naming a taken domain, a 422 naming
 * an account). Empty for anything else (a network failure, a 500, a body that is not the gateway's).
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
