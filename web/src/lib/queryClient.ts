import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import type { ApiErrorBody } from '@paymarket/contracts';

async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new Error(`${res.status}: ${text}`);
  }
}

/** Sends a credentialed request; JSON body when `data` is given. Throws `Error("{status}: {body}")` on a non-2xx answer. */
export async function apiRequest(
  method: string,
  url: string,
  data?: unknown,
  options: { idempotencyKey?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = data !== undefined ? { 'Content-Type': 'application/json' } : {};
  if (options.idempotencyKey !== undefined) headers['Idempotency-Key'] = options.idempotencyKey;
  const res = await fetch(url, {
    method,
    headers,
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The `fetch` of the clients made for a server render (`createQueryClient({ fetch })`). */
const serverFetches = new WeakMap<QueryClient, typeof fetch>();

/**
 * `fetch` for a query function of `client`: the browser's, or, in a view the gateway renders for the person asking
 * (prerender.tsx, ADR 0065), the gateway's own API called with that request's cookies.
 */
export function queryFetch(client: QueryClient, url: string, init?: RequestInit): Promise<Response> {
  return (serverFetches.get(client) ?? globalThis.fetch)(url, init);
}

/** Query function whose path is the query key's parts joined by '/'. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, client }) => {
    const res = await queryFetch(client, queryKey.join('/'), { credentials: 'include' });
    if (options.on401 === 'returnNull' && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

/** The app's query cache; `fetch` answers its queries' requests in a server render (relative API paths). */
export function createQueryClient(options: { fetch?: typeof fetch } = {}): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
  if (options.fetch) serverFetches.set(client, options.fetch);
  return client;
}

export const queryClient = createQueryClient();

const API_ERROR_PATTERN = /^(\d{3}): ([\s\S]*)$/;

/** The HTTP status carried by an error thrown by `apiRequest` or `getQueryFn`, if any. */
export function errorStatus(error: unknown): number | undefined {
  if (!(error instanceof Error)) return undefined;
  const match = API_ERROR_PATTERN.exec(error.message);
  return match ? Number(match[1]) : undefined;
}

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
}

/**
 * The server's user-facing `message` from an `apiRequest` error, or `fallback` when there is none
 * (network failure, non-JSON body from a proxy, empty message).
 */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error)) return fallback;
  const match = API_ERROR_PATTERN.exec(error.message);
  if (!match) return fallback;
  try {
    const body: unknown = JSON.parse(match[2] ?? '');
    if (isApiErrorBody(body) && body.message.trim() !== '') return body.message;
  } catch {
    // Not JSON: a proxy or the status text answered, which is no message for a person.
  }
  return fallback;
}
