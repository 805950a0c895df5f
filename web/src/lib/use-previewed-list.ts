import { useEffect } from 'react';

/** A list's first page as the gateway put it in a visitor's view: its first items only (ADR 0063). */
export interface PreviewPage {
  preview?: true;
}

/** What `usePreviewedList` needs of an infinite query. */
export interface PagedList {
  data?: { pages: readonly object[] };
  /** Another query's data shown while this one loads (the board's previous filters): not this list's pages. */
  isPlaceholderData: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: (options?: { cancelRefetch?: boolean }) => Promise<unknown>;
}

/**
 * A list whose first page came from the gateway as a preview (a visitor's live view, ADR 0063: `preview`, its first
 * few items, with more to come): once the app runs, the next page is fetched at once, so the list holds at least as
 * much as a first page fetched by the browser, and "Load more" goes on from there.
 */
export function usePreviewedList(query: PagedList): void {
  const { data, isPlaceholderData, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const previewed =
    !isPlaceholderData && data?.pages.length === 1 && (data.pages[0] as PreviewPage | undefined)?.preview === true && hasNextPage;
  useEffect(() => {
    // Asked once: a second call while the first runs joins it rather than starting over.
    if (previewed && !isFetchingNextPage) void fetchNextPage({ cancelRefetch: false });
  }, [previewed, isFetchingNextPage, fetchNextPage]);
}
