import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { QueryFunctionContext } from '@tanstack/react-query';
import { fakeResponse } from '../../test/fake-response';
import { apiErrorMessage, apiRequest, createQueryClient, errorStatus, getQueryFn } from './queryClient';

const fetchMock = jest.fn<typeof fetch>();
const originalFetch = globalThis.fetch;

function contextFor(queryKey: readonly unknown[]): QueryFunctionContext {
  return { queryKey, signal: new AbortController().signal, meta: undefined } as QueryFunctionContext;
}

describe('queryClient', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    globalThis.fetch = fetchMock;
  });
  afterEach(() => {
    globalThis.fetch = originalFetch;
  });

  describe(apiRequest.name, () => {
    it('sends a JSON body with credentials', async () => {
      fetchMock.mockResolvedValue(fakeResponse(201, '{}'));

      await apiRequest('POST', '/api/register-buyer', { name: 'Ada' });

      expect(fetchMock).toHaveBeenCalledWith('/api/register-buyer', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"name":"Ada"}',
        credentials: 'include',
      });
    });

    it('sends no content type and no body without data', async () => {
      fetchMock.mockResolvedValue(fakeResponse(200, '[]'));

      await apiRequest('GET', '/api/orders');

      expect(fetchMock).toHaveBeenCalledWith('/api/orders', { method: 'GET', headers: {}, body: undefined, credentials: 'include' });
    });

    it('throws "{status}: {body}" on a non-success answer', async () => {
      const body = JSON.stringify({ statusCode: 409, error: 'Conflict', message: 'An account with this email already exists.' });
      fetchMock.mockResolvedValue(fakeResponse(409, body, 'Conflict'));

      await expect(apiRequest('POST', '/api/register-buyer', {})).rejects.toThrow(`409: ${body}`);
    });

    it('falls back to the status text when the body is empty', async () => {
      fetchMock.mockResolvedValue(fakeResponse(429, '', 'Too Many Requests'));

      await expect(apiRequest('POST', '/api/register-buyer', {})).rejects.toThrow('429: Too Many Requests');
    });
  });

  describe(getQueryFn.name, () => {
    it('joins the query key parts with "/" to form the path', async () => {
      fetchMock.mockResolvedValue(fakeResponse(200, '{"id":"42"}'));

      const data = await getQueryFn({ on401: 'throw' })(contextFor(['/api/sellers', '42']));

      expect(fetchMock).toHaveBeenCalledWith('/api/sellers/42', { credentials: 'include' });
      expect(data).toEqual({ id: '42' });
    });

    it('returns null on 401 when asked to', async () => {
      fetchMock.mockResolvedValue(fakeResponse(401, 'Unauthorized'));

      await expect(getQueryFn({ on401: 'returnNull' })(contextFor(['/api/orders']))).resolves.toBeNull();
    });

    it('throws on 401 by default', async () => {
      fetchMock.mockResolvedValue(fakeResponse(401, 'Unauthorized'));

      await expect(getQueryFn({ on401: 'throw' })(contextFor(['/api/orders']))).rejects.toThrow('401: Unauthorized');
    });
  });

  describe(apiErrorMessage.name, () => {
    it("returns the server's message from an ApiErrorBody", () => {
      const error = new Error('409: {"statusCode":409,"error":"Conflict","message":"An account with this email already exists."}');

      expect(apiErrorMessage(error, 'fallback')).toBe('An account with this email already exists.');
      expect(errorStatus(error)).toBe(409);
    });

    it('returns the fallback for a non-JSON body or a network failure', () => {
      expect(apiErrorMessage(new Error('502: Bad Gateway'), 'fallback')).toBe('fallback');
      expect(apiErrorMessage(new TypeError('Failed to fetch'), 'fallback')).toBe('fallback');
      expect(apiErrorMessage('not an error', 'fallback')).toBe('fallback');
    });
  });

  it('uses the spec defaults: no refetching, never stale, no retries', () => {
    const sut = createQueryClient();
    const { queries, mutations } = sut.getDefaultOptions();

    expect(queries).toMatchObject({ refetchInterval: false, refetchOnWindowFocus: false, staleTime: Infinity, retry: false });
    expect(mutations).toMatchObject({ retry: false });
  });
});
