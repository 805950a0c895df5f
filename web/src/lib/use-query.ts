import {
  InfiniteQueryObserver,
  notifyManager,
  QueryObserver,
  useInfiniteQuery as useBlockingInfiniteQuery,
  useQuery as useBlockingQuery,
  useQueryClient,
  type QueryObserverOptions,
  type QueryObserverResult,
} from '@tanstack/react-query';
import { startTransition, useEffect, useRef, useState } from 'react';

/** Whether two results differ in what a component shows: the data, the error and the fetch state. */
function differs(a: QueryObserverResult, b: QueryObserverResult): boolean {
  return (
    a.status !== b.status ||
    a.fetchStatus !== b.fetchStatus ||
    a.data !== b.data ||
    a.error !== b.error ||
    a.isPlaceholderData !== b.isPlaceholderData
  );
}

/**
 * `useQuery` and `useInfiniteQuery` as @tanstack/react-query has them, except that an answer arriving re-renders as a
 * transition (ADR 0058, "Query answers as transitions").
 *
 * React Query's own hooks subscribe with `useSyncExternalStore`, whose updates React always renders synchronously: on
 * a prerendered page the four session checks and the page's data answering right after hydration re-rendered the nav
 * bar and the page in one task of 11 ms unthrottled (47 ms in Lighthouse's trace; ×16 CPU slowdown makes that 700 ms
 * of blocking time). Here the subscription bumps a counter inside `startTransition`, so React renders the new result
 * in slices and yields to input between them; each render reads the observer's current result, as React Query's hook
 * does. Not supported (the app uses neither): `suspense`, `throwOnError`, `subscribed: false`, a QueryClient argument.
 */
function useObservedQuery(options: QueryObserverOptions, Observer: typeof QueryObserver): QueryObserverResult {
  const client = useQueryClient();
  const defaulted = client.defaultQueryOptions(options);
  // As React Query's hook: the result is optimistically "fetching" before the observer subscribes or updates options.
  defaulted._optimisticResults = 'optimistic';
  const [observer] = useState(() => new Observer(client, defaulted));
  const result = observer.getOptimisticResult(defaulted);
  const [, setVersion] = useState(0);
  const rendered = useRef(result);

  useEffect(() => {
    rendered.current = result;
  });

  useEffect(() => {
    observer.setOptions(defaulted);
  }, [defaulted, observer]);

  useEffect(() => {
    const rerender = () => startTransition(() => setVersion((version) => version + 1));
    const unsubscribe = observer.subscribe(notifyManager.batchCalls(rerender));
    observer.updateResult();
    // What useSyncExternalStore does after subscribing: a result that changed since this render renders again. An
    // answer can arrive between the render and the subscription, and `setOptions` above may already have taken it in
    // with nobody listening (a page mounting while another observer's fetch of the same query completes).
    if (differs(observer.getCurrentResult(), rendered.current)) rerender();
    return unsubscribe;
  }, [observer]);

  return defaulted.notifyOnChangeProps ? result : observer.trackResult(result);
}

export const useQuery = ((options: QueryObserverOptions) => useObservedQuery(options, QueryObserver)) as typeof useBlockingQuery;

// InfiniteQueryObserver's result adds the page functions; the cast through `unknown` states what React Query's own
// `useInfiniteQuery` does with the same observer.
export const useInfiniteQuery = ((options: QueryObserverOptions) =>
  useObservedQuery(options, InfiniteQueryObserver as typeof QueryObserver)) as unknown as typeof useBlockingInfiniteQuery;
