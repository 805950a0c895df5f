/** Typed errors a service may answer with; the gateway maps each code to one HTTP status. */
export const ServiceErrorCodes = {
  INVALID: 'invalid',
  UNAUTHORIZED: 'unauthorized',
  FORBIDDEN: 'forbidden',
  NOT_FOUND: 'not_found',
  CONFLICT: 'conflict',
  UNPROCESSABLE: 'unprocessable',
  RATE_LIMITED: 'rate_limited',
  /** Another service this one needed could not be reached (503; `message` says which, safe to show). */
  UNAVAILABLE: 'unavailable',
  INTERNAL: 'internal',
} as const;
export type ServiceErrorCode = (typeof ServiceErrorCodes)[keyof typeof ServiceErrorCodes];

/** The error body that crosses the broker. `message` is always safe to show a user. */
export interface ServiceErrorPayload {
  code: ServiceErrorCode;
  message: string;
  fields?: Record<string, string[]>;
  errorId?: string;
  /** With `rate_limited`: when to try again; the gateway sends it as Retry-After. */
  retryAfterSeconds?: number;
}

export function isServiceErrorPayload(value: unknown): value is ServiceErrorPayload {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.code === 'string' && typeof v.message === 'string' && Object.values(ServiceErrorCodes).includes(v.code as ServiceErrorCode)
  );
}
