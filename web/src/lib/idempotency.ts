import { useCallback, useRef } from 'react';

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
  return { keyFor, done };
}
