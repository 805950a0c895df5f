/** What a write with an `Idempotency-Key` answers about the key itself (ADR 0012, ADR 0050); the field is the header. */
export const IDEMPOTENCY_MESSAGES = {
  INVALID_KEY: 'Idempotency-Key must be 1 to 255 visible characters.',
  BODY_MISMATCH: 'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
  IN_PROGRESS: 'A request with this Idempotency-Key is still being processed. Retry in a moment.',
} as const;
