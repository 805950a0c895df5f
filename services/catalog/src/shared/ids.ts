const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids come from URLs; anything that is not a UUID cannot name a row (and must never reach SQL as one). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
