import { useCallback, useRef } from 'react';
import { IDEMPOTENCY_MESSAGES } from '@/lib/contracts-light';
import { apiErrorMessage, errorStatus } from '@/lib/queryClient';

/** A fresh Idempotency-Key; `crypto.randomUUID` only exists in secure contexts, so fall back to random bytes. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface SubmissionKey {
  /** The key for submitting `body`: the same while the body is the same, a new one once it changes. */
  keyFor: (body: unknown) => string;
  /** Forget the key after a success, so the next submission (even of the same text) is a new one (ADR 0050). */
  done: () => void;
  /**
   * After an error: a refusal (a 4xx but a timeout, a rate limit or "still being processed") would be answered again
   * for the same key, so the submission is over and the next needs a new key; a lost answer (no response, 5xx) keeps
   * the key, so the retry makes nothing twice.
   */
  failed: (error: unknown) => void;
}

/** Whether `error` is an answer the server stores for the key and would repeat (see `SubmissionKey.failed`). */
export function isRefusal(error: unknown): boolean {
  const status = errorStatus(error);
  if (status === undefined || status < 400 || status >= 500 || status === 408 || status === 429) return false;
  return !(status === 409 && apiErrorMessage(error, '') === IDEMPOTENCY_MESSAGES.IN_PROGRESS);
}

/**
 * One Idempotency-Key per submission of a form: a double click, or a retry after an answer that never arrived,
 * resends the same key and the server makes the thing once; an edited form is a new submission.
 */
export function useSubmissionKey(): SubmissionKey {
  const attempt = useRef<{ signature: string; key: string } | null>(null);
  const keyFor = useCallback((body: unknown): string => {
    const signature = JSON.stringify(body ?? null);
    if (attempt.current?.signature !== signature) attempt.current = { signature, key: newIdempotencyKey() };
    return attempt.current.key;
  }, []);
  const done = useCallback(() => {
    attempt.current = null;
  }, []);
  const failed = useCallback((error: unknown) => {
    if (isRefusal(error)) attempt.current = null;
  }, []);
  return { keyFor, done, failed };
}
