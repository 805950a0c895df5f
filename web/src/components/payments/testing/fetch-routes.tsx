import { jest } from '@jest/globals';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { fakeResponse } from '../../../../test/fake-response';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/queryClient';

export interface RecordedCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

type Reply = { status: number; body?: unknown };
type Route = Reply | ((call: RecordedCall) => Reply | Promise<Reply>);

/**
 * A fetch stand-in answering "METHOD /path" routes with JSON; anything else answers 404 like the gateway.
 * Every call is recorded with its parsed body and headers.
 */
export function fetchRoutes(routes: Record<string, Route>): {
  fetch: typeof fetch;
  calls: RecordedCall[];
  callsTo: (key: string) => RecordedCall[];
} {
  const calls: RecordedCall[] = [];
  const mock = jest.fn<typeof fetch>(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method, url, headers, body };
    calls.push(call);
    const route = routes[`${method} ${url}`];
    const reply =
      route === undefined
        ? { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Not found' } }
        : typeof route === 'function'
          ? await route(call)
          : route;
    return fakeResponse(reply.status, reply.body === undefined ? '' : JSON.stringify(reply.body));
  });
  return { fetch: mock, calls, callsTo: (key) => calls.filter((c) => `${c.method} ${c.url}` === key) };
}

export function apiError(status: number, message: string): Reply {
  return { status, body: { statusCode: status, error: 'Error', message } };
}

/** Renders a page at `path` (registered at `pattern`) with a fresh query client and the toaster. */
export function renderPage(element: ReactElement, path: string, pattern = path.split('?')[0] ?? path): RenderResult {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pattern} element={element} />
          <Route path="*" element={<p>Elsewhere</p>} />
        </Routes>
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The visible toast (Radix keeps its own copy of the text for screen readers elsewhere). */
export async function findToast(title: string | RegExp): Promise<HTMLElement> {
  const region = await screen.findByRole('region', { name: /Notifications/ });
  return within(region).findByText(title);
}

export function toastRegion(): HTMLElement {
  return screen.getByRole('region', { name: /Notifications/ });
}
