import { afterEach, describe, expect, it } from '@jest/globals';
import { QueryClient, QueryClientProvider, useQuery as useBlockingQuery } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useDeferredValue, useLayoutEffect, type ReactElement } from 'react';
import { useInfiniteQuery, useQuery } from './use-query';

const KEY = ['/api/answer'] as const;

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * Records, for each render, whether `useDeferredValue` already holds the query's data. In an urgent render React
 * first renders the deferred value's old value; inside a transition it renders the new one at once. So a render with
 * the two different is the mark of an answer rendered urgently (synchronously).
 */
function Probe({ hook, renders }: { hook: typeof useQuery; renders: boolean[] }): ReactElement {
  const query = hook<string>({ queryKey: KEY });
  const shown = useDeferredValue(query.data);
  renders.push(shown === query.data);
  return <p>{query.isPending ? 'loading' : `answer: ${query.data}`}</p>;
}

function setup(hook: typeof useQuery) {
  const answer = deferred<string>();
  const client = new QueryClient({ defaultOptions: { queries: { queryFn: () => answer.promise, retry: false } } });
  const renders: boolean[] = [];
  const view = render(
    <QueryClientProvider client={client}>
      <Probe hook={hook} renders={renders} />
    </QueryClientProvider>,
  );
  return { answer, client, renders, view };
}

describe('useQuery (answers as transitions)', () => {
  afterEach(cleanup);

  it('shows the answer when it comes, and a later cache update too', async () => {
    const { answer, client } = setup(useQuery);
    expect(screen.getByText('loading')).toBeTruthy();

    await act(async () => answer.resolve('42'));
    expect(await screen.findByText('answer: 42')).toBeTruthy();

    await act(async () => client.setQueryData(KEY, '43'));
    expect(await screen.findByText('answer: 43')).toBeTruthy();
  });

  it('renders the answer inside a transition, where React Query’s own hook renders it urgently', async () => {
    const ours = setup(useQuery);
    await act(async () => ours.answer.resolve('42'));
    await screen.findByText('answer: 42');
    expect(ours.renders.every(Boolean)).toBe(true);
    cleanup();

    // The same probe on React Query's hook: one render shows the new data beside the old deferred value.
    const theirs = setup(useBlockingQuery as typeof useQuery);
    await act(async () => theirs.answer.resolve('42'));
    await screen.findByText('answer: 42');
    expect(theirs.renders.some((same) => !same)).toBe(true);
  });

  it('shows an answer that came between its render and its subscription (what useSyncExternalStore guarantees)', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { queryFn: () => new Promise<string>(() => undefined), retry: false } } });
    // A layout effect runs after the probe rendered "loading" and before the probe's passive effects subscribe.
    function AnswerNow(): null {
      useLayoutEffect(() => {
        client.setQueryData(KEY, 'early');
      }, []);
      return null;
    }
    render(
      <QueryClientProvider client={client}>
        <Probe hook={useQuery} renders={[]} />
        <AnswerNow />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('answer: early')).toBeTruthy();
  });

  it('stops listening once unmounted', async () => {
    const { answer, client, view } = setup(useQuery);
    view.unmount();
    await act(async () => answer.resolve('42'));
    expect(client.getQueryCache().find({ queryKey: KEY })?.getObserversCount()).toBe(0);
  });

  it('pages with useInfiniteQuery', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    function Pages(): ReactElement {
      const query = useInfiniteQuery({
        queryKey: ['/api/pages'],
        queryFn: ({ pageParam }) => Promise.resolve({ page: pageParam, next: pageParam < 2 ? pageParam + 1 : null }),
        initialPageParam: 1,
        getNextPageParam: (last) => last.next,
      });
      return (
        <div>
          <p>pages: {query.data?.pages.map((p) => p.page).join(',') ?? 'none'}</p>
          <button type="button" onClick={() => void query.fetchNextPage()} disabled={!query.hasNextPage}>
            more
          </button>
        </div>
      );
    }
    render(
      <QueryClientProvider client={client}>
        <Pages />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('pages: 1')).toBeTruthy();
    await act(async () => screen.getByRole('button', { name: 'more' }).click());
    expect(await screen.findByText('pages: 1,2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'more' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
