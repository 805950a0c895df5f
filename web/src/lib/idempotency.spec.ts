import { describe, expect, it } from '@jest/globals';
import { act, renderHook } from '@testing-library/react';
import { IDEMPOTENCY_MESSAGES } from '@/lib/contracts-light';
import { isRefusal, newIdempotencyKey, useSubmissionKey } from './idempotency';

const answered = (status: number, message = 'No.') => new Error(`${status}: ${JSON.stringify({ message })}`);

describe('useSubmissionKey', () => {
  it('keeps one key while the same body is resent, and a new one for another body or after a success', () => {
    const { result } = renderHook(() => useSubmissionKey());
    const first = result.current.keyFor({ title: 'A shelf' });
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(result.current.keyFor({ title: 'A shelf' })).toBe(first);
    const edited = result.current.keyFor({ title: 'A lamp' });
    expect(edited).not.toBe(first);
    act(() => result.current.done());
    expect(result.current.keyFor({ title: 'A lamp' })).not.toBe(edited);
  });

  it('keeps the key after a lost answer and drops it after a refusal the server would repeat', () => {
    const { result } = renderHook(() => useSubmissionKey());
    const body = { url: 'https://example.com/hooks' };
    const key = result.current.keyFor(body);
    for (const lost of [new TypeError('Failed to fetch'), answered(502), answered(504), answered(408), answered(429)]) {
      act(() => result.current.failed(lost));
      expect(result.current.keyFor(body)).toBe(key);
    }
    act(() => result.current.failed(answered(409, IDEMPOTENCY_MESSAGES.IN_PROGRESS)));
    expect(result.current.keyFor(body)).toBe(key);
    act(() => result.current.failed(answered(409, 'This endpoint is disabled.')));
    expect(result.current.keyFor(body)).not.toBe(key);
  });
});

describe('isRefusal', () => {
  it('is a 4xx answer other than a timeout, a rate limit or a key still being processed', () => {
    expect([400, 401, 403, 404, 409, 422].map((s) => isRefusal(answered(s)))).toEqual([true, true, true, true, true, true]);
    expect([408, 429, 500, 502, 503].map((s) => isRefusal(answered(s)))).toEqual([false, false, false, false, false]);
    expect(isRefusal(answered(409, IDEMPOTENCY_MESSAGES.IN_PROGRESS))).toBe(false);
    expect(isRefusal(new Error('network down'))).toBe(false);
    expect(isRefusal(undefined)).toBe(false);
  });

  it('has keys that are fresh each time', () => {
    expect(new Set(Array.from({ length: 50 }, newIdempotencyKey)).size).toBe(50);
  });
});
