import { summariseFieldErrors, validateDto } from '@paymarket/contracts';
import { ServiceError } from '@paymarket/platform';

/** Validates a message body again in the service: the gateway is not the only possible caller. */
export function validOrThrow<T extends object>(cls: new () => T, data: unknown): T {
  const result = validateDto(cls, data);
  if (!result.ok) throw ServiceError.invalid(summariseFieldErrors(result.errors), result.errors);
  return result.value;
}

export function objectOf(data: unknown): Record<string, unknown> {
  return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
}
