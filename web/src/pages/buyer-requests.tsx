import type { BuyerRequestListResponse, BuyerRequestView } from '@paymarket/contracts';
import { keepPreviousData, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { ArrowLeft, ClipboardList, Info, Loader2, Plus, Search } from 'lucide-react';
import { lazy, Suspense, useDeferredValue, useEffect, useState, type ReactElement } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { HydratedFieldset } from '@/components/hydrated-fieldset';
import { HydrationBoundary } from '@/components/hydration-boundary';
import { ManagePosts } from '@/components/requests/manage-posts';
import { RequestCard } from '@/components/requests/request-card';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useSession } from '@/hooks/use-session';
import { BUDGET_BUCKET_LABELS, BUDGET_BUCKETS, REQUEST_CATEGORIES, REQUEST_CATEGORY_LABELS } from '@/lib/contracts-light';
import { apiErrorMessage, queryFetch } from '@/lib/queryClient';
import { usePreviewedList } from '@/lib/use-previewed-list';
import {
  boardQueryKey,
  boardUrl,
  emptyStateHint,
  isBudgetBucket,
  isCategory,
  NO_FILTERS,
  type BoardFilters,
} from './requests/board-filters';

const SEARCH_DEBOUNCE_MS = 300;

// The dialogs (Radix Dialog, and the shared DTOs with class-validator) load when one first opens, not with the board
// (ADR 0044, P5); once loaded they stay mounted. The posting form, the one a newcomer opens first, is fetched as soon as
// the board runs and mounted closed once fetched, so "Post New Request" opens at once (P7, ADR 0065, 0073).
const loadPostingForm = () => import('@/components/requests/request-form-dialog');
const RequestFormDialog = lazy(async () => ({ default: (await loadPostingForm()).RequestFormDialog }));
const DeleteRequestDialog = lazy(async () => ({
  default: (await import('@/components/requests/delete-request-dialog')).DeleteRequestDialog,
}));
const ContactBuyerDialog = lazy(async () => ({ default: (await import('@/components/requests/contact-buyer-dialog')).ContactBuyerDialog }));

/** True from the first time `active` is true on. */
function useOnceActive(active: boolean): boolean {
  const [seen, setSeen] = useState(active);
  if (active && !seen) setSeen(true);
  return seen || active;
}

/** The board's cards while the first page loads: the grid and card height of the list, so nothing moves when it arrives. */
function BoardSkeleton(): ReactElement {
  return (
    <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3" aria-hidden="true" data-testid="board-skeleton">
      {Array.from({ length: 6 }, (_, index) => (
        <li key={index} className="min-w-0">
          <Card className="h-[21rem] animate-pulse bg-muted/40" />
        </li>
      ))}
    </ul>
  );
}

async function fetchBoard(client: QueryClient, filters: BoardFilters, cursor: string | null): Promise<BuyerRequestListResponse> {
  const res = await queryFetch(client, boardUrl(filters, cursor), { credentials: 'include' });
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
  return (await res.json()) as BuyerRequestListResponse;
}

/**
 * "Post New Request" and its dialog, with the dialog's open state of their own: opening it renders the dialog, not the
 * whole board (P7). The form is fetched once the board runs (its module evaluated in a task of its own) and mounted
 * closed as soon as it is there (a closed dialog renders next to nothing), so the first tap only opens it.
 */
function PostRequest(): ReactElement {
  const [posting, setPosting] = useState(false);
  const [fetched, setFetched] = useState(false);
  useEffect(() => {
    let mounted = true;
    loadPostingForm().then(
      () => mounted && setFetched(true),
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, []);
  const mountForm = useOnceActive(posting || fetched);
  return (
    <>
      <Button onClick={() => setPosting(true)}>
        <Plus aria-hidden="true" />
        Post New Request
      </Button>
      {mountForm && (
        <Suspense fallback={null}>
          <RequestFormDialog mode="post" open={posting} onOpenChange={setPosting} />
        </Suspense>
      )}
    </>
  );
}

/** Spec §2 Buyer Requests: the public board, filtered and paged by the server. */
export function BuyerRequestsPage(): ReactElement {
  const [searchText, setSearchText] = useState('');
  const [filters, setFilters] = useState<BoardFilters>(NO_FILTERS);
  const [editing, setEditing] = useState<BuyerRequestView | null>(null);
  const [deleting, setDeleting] = useState<BuyerRequestView | null>(null);
  const [contacting, setContacting] = useState<BuyerRequestView | null>(null);
  const { buyer } = useSession();
  const editLoaded = useOnceActive(editing !== null);
  const deleteLoaded = useOnceActive(deleting !== null);
  const contactLoaded = useOnceActive(contacting !== null);
  // "My requests" (account menu): the signed-in buyer's own cards among those loaded.
  const [searchParams, setSearchParams] = useSearchParams();
  const onlyMine = buyer !== null && searchParams.get('mine') === '1';

  // The search box filters on the server; wait for a pause in typing before asking.
  useEffect(() => {
    const timer = setTimeout(
      () => setFilters((current) => (current.search === searchText ? current : { ...current, search: searchText })),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [searchText]);

  const board = useInfiniteQuery({
    queryKey: boardQueryKey(filters),
    queryFn: ({ pageParam, client }) => fetchBoard(client, filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
  // A visitor's view came with the first requests only (ADR 0063): the rest follows as the reader nears the end (ADR 0071).
  const listEnd = usePreviewedList(board);

  // A page of cards (24) is one long render: deferred, it runs as a transition that yields to the browser every few
  // milliseconds, while the skeleton (or the cards shown before) stays until it is done (P5: TBT).
  const shown = useDeferredValue(board.data);
  const loading = shown === undefined && !board.isError;
  const loaded = shown?.pages.flatMap((page) => page.requests) ?? [];
  const requests = onlyMine ? loaded.filter((request) => request.mine) : loaded;
  const stats = shown?.pages[0]?.stats;

  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <Link to="/" className="mb-6 inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to Home
      </Link>

      <HydrationBoundary>
        <div className="mb-6">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Buyer Requests</h1>
          <p className="mt-3 max-w-3xl text-lg text-muted-foreground">
            Browse print, design and merchandise projects posted by buyers. Sellers can contact a buyer directly about any request.
          </p>
          <p className="mt-4 flex items-start gap-2 rounded-lg border border-primary/30 bg-primary/5 p-3 text-sm">
            <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            {buyer ? (
              <span>Only registered buyers can post requests. You are signed in as {buyer.name}, so you can post one now.</span>
            ) : (
              <span>
                Only registered buyers can post requests. Not registered yet?{' '}
                <Link to="/join" className="font-medium text-primary hover:underline">
                  Join as a buyer
                </Link>
                .
              </span>
            )}
          </p>
        </div>
      </HydrationBoundary>

      <HydrationBoundary>
        <div className="mb-6 grid gap-4 lg:grid-cols-[1fr_auto]">
          <ManagePosts />
          <Card className="flex items-center gap-4 p-4">
            <ClipboardList className="size-8 text-primary" aria-hidden="true" />
            <div>
              <p className="text-2xl font-bold" data-testid="active-requests-count">
                {loading ? '…' : (stats?.total ?? 0)}
              </p>
              <p className="text-sm text-muted-foreground">Active Requests</p>
            </div>
          </Card>
        </div>
      </HydrationBoundary>

      {/* Prerendered (ADR 0044): the fields usable once hydrated. The button is not a field: a click on it before
          then is held and dispatched once hydrated on a visitor's view (ADR 0063), and otherwise changes nothing. */}
      <HydrationBoundary>
        <div className="mb-6 flex flex-col gap-3 md:flex-row md:items-center">
          <PostRequest />
          <HydratedFieldset className="flex flex-1 flex-col gap-3 md:flex-row md:items-center">
            <div className="relative flex-1">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden="true"
              />
              <Input
                type="search"
                aria-label="Search requests"
                placeholder="Search requests..."
                className="pl-9"
                value={searchText}
                onChange={(event) => setSearchText(event.target.value)}
              />
            </div>
            <div className="md:w-56">
              <Select
                aria-label="Filter by category"
                value={filters.category}
                onChange={(event) => setFilters({ ...filters, category: isCategory(event.target.value) ? event.target.value : '' })}
              >
                <option value="">All Categories</option>
                {REQUEST_CATEGORIES.map((category) => (
                  <option key={category} value={category}>
                    {REQUEST_CATEGORY_LABELS[category]}
                  </option>
                ))}
              </Select>
            </div>
            <div className="md:w-48">
              <Select
                aria-label="Filter by budget"
                value={filters.budget}
                onChange={(event) => setFilters({ ...filters, budget: isBudgetBucket(event.target.value) ? event.target.value : '' })}
              >
                <option value="">All Budgets</option>
                {BUDGET_BUCKETS.map((bucket) => (
                  <option key={bucket} value={bucket}>
                    {BUDGET_BUCKET_LABELS[bucket]}
                  </option>
                ))}
              </Select>
            </div>
            {buyer && (
              <Button
                variant={onlyMine ? 'secondary' : 'outline'}
                aria-pressed={onlyMine}
                onClick={() => setSearchParams(onlyMine ? {} : { mine: '1' })}
              >
                My requests
              </Button>
            )}
          </HydratedFieldset>
        </div>
      </HydrationBoundary>

      <HydrationBoundary>
        {loading ? (
          <>
            <p className="sr-only" role="status">
              Loading buyer requests...
            </p>
            <BoardSkeleton />
          </>
        ) : board.isError ? (
          <Card className="p-6 text-destructive" role="alert">
            {apiErrorMessage(board.error, 'Unable to load buyer requests. Please try again.')}
          </Card>
        ) : requests.length === 0 ? (
          <Card className="flex flex-col items-center gap-2 p-12 text-center">
            <ClipboardList className="size-10 text-muted-foreground" aria-hidden="true" />
            <h2 className="text-xl font-semibold">No Requests Found</h2>
            <p className="text-muted-foreground">{onlyMine ? 'You have not posted any requests yet.' : emptyStateHint(filters)}</p>
          </Card>
        ) : (
          <>
            <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3" aria-label="Buyer requests" aria-busy={board.isFetching}>
              {requests.map((request) => (
                <li key={request.id} className="min-w-0">
                  <RequestCard request={request} onContact={setContacting} onEdit={setEditing} onDelete={setDeleting} />
                </li>
              ))}
            </ul>
            {board.hasNextPage && (
              <div ref={listEnd} className="mt-8 flex justify-center">
                <Button variant="outline" onClick={() => void board.fetchNextPage()} disabled={board.isFetchingNextPage}>
                  {board.isFetchingNextPage && <Loader2 className="animate-spin" aria-hidden="true" />}
                  Load More Requests
                </Button>
              </div>
            )}
          </>
        )}
      </HydrationBoundary>

      {editLoaded && (
        <Suspense fallback={null}>
          <RequestFormDialog
            mode="edit"
            open={editing !== null}
            onOpenChange={(open) => !open && setEditing(null)}
            request={editing ?? undefined}
          />
        </Suspense>
      )}
      {deleteLoaded && (
        <Suspense fallback={null}>
          <DeleteRequestDialog request={deleting} onClose={() => setDeleting(null)} />
        </Suspense>
      )}
      {contactLoaded && (
        <Suspense fallback={null}>
          <ContactBuyerDialog request={contacting} onClose={() => setContacting(null)} />
        </Suspense>
      )}
    </section>
  );
}
