import type { SellersShowcase } from '@paymarket/contracts';
import { useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { queryFetch } from '@/lib/queryClient';

export const SHOWCASE_PATH = '/api/sellers-showcase';

async function fetchPage(client: QueryClient, cursor: string | null): Promise<SellersShowcase> {
  const url = cursor ? `${SHOWCASE_PATH}?cursor=${encodeURIComponent(cursor)}` : SHOWCASE_PATH;
  const res = await queryFetch(client, url, { credentials: 'include' });
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
  return (await res.json()) as SellersShowcase;
}

/**
 * The seller showcase, one server page at a time ("Load more"); stats come from the first page (they cover all sellers).
 * Not asked while `enabled` is false.
 */
export function useShowcase({ enabled = true }: { enabled?: boolean } = {}) {
  const query = useInfiniteQuery({
    queryKey: [SHOWCASE_PATH],
    enabled,
    queryFn: ({ pageParam, client }) => fetchPage(client, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const sellers = query.data?.pages.flatMap((page) => page.sellers) ?? [];
  const stats = query.data?.pages[0]?.stats;
  return { ...query, sellers, stats };
}
