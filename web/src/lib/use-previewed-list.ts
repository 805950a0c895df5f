import { useCallback, useEffect, useState } from 'react';

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
 * How close the end of a previewed list comes to the viewport before its next page is fetched: one screen below it.
 * A tall screen that shows the whole preview fetches at once; a phone, when its reader scrolls towards the end.
 */
export const PREVIEW_CONTINUE_MARGIN = '0px 0px 100% 0px';

/**
 * A list whose first page came from the gateway as a preview (a visitor's live view, ADR 0063: `preview`, its first
 * few items, with more to come): once the app runs, the next page is fetched when the end of the list comes within a
 * screen of the viewport (ADR 0071), so a phone does not fetch and lay out two dozen cards nobody has scrolled to while
 * its reader starts using the page. Returns the ref for the element at the end of the list (the "Load more" row).
 */
export function usePreviewedList(query: PagedList): (end: Element | null) => void {
  const { data, isPlaceholderData, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const previewed =
    !isPlaceholderData && data?.pages.length === 1 && (data.pages[0] as PreviewPage | undefined)?.preview === true && hasNextPage;
  const [end, setEnd] = useState<Element | null>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    if (!previewed || near) return;
    if (!end || typeof IntersectionObserver === 'undefined') {
      // Nothing to watch (or no observer in this browser): the list goes on at once, as a first page fetched here would.
      if (!end) return;
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: PREVIEW_CONTINUE_MARGIN },
    );
    observer.observe(end);
    return () => observer.disconnect();
  }, [previewed, near, end]);

  useEffect(() => {
    // Asked once: a second call while the first runs joins it rather than starting over.
    if (previewed && near && !isFetchingNextPage) void fetchNextPage({ cancelRefetch: false });
  }, [previewed, near, isFetchingNextPage, fetchNextPage]);

  return useCallback((element: Element | null) => setEnd(element), []);
}
