import { ArrowLeft, BadgeDollarSign, Layers, Loader2, Store, Users } from 'lucide-react';
import { useDeferredValue, type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { SellerCard } from '@/components/catalog/seller-card';
import { useShowcase } from '@/components/catalog/use-showcase';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { usePayeeSession } from '@/hooks/use-payee-session';
import { formatUsd, TRANSACTION_FEE } from '@/lib/pricing';
import { HydrationBoundary } from '@/components/hydration-boundary';
import { apiErrorMessage } from '@/lib/queryClient';
import { usePreviewedList } from '@/lib/use-previewed-list';

function StatCard({ icon: Icon, value, label }: { icon: typeof Users; value: string; label: string }): ReactElement {
  return (
    <Card className="flex items-center gap-4 p-5">
      <span className="flex size-11 items-center justify-center rounded-xl bg-secondary text-primary">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div>
        <p className="text-2xl font-bold">{value}</p>
        <p className="text-sm text-muted-foreground">{label}</p>
      </div>
    </Card>
  );
}

/**
 * The statistics and the first cards while the showcase loads, at their loaded sizes (a stat card, a seller card with
 * three lines of description), so nothing below moves when the list arrives (ADR 0044, P5: CLS).
 */
function ShowcaseSkeleton(): ReactElement {
  return (
    <div aria-hidden="true" data-testid="showcase-skeleton">
      <div className="mb-10 grid gap-4 sm:grid-cols-3">
        {[0, 1, 2].map((index) => (
          <Card key={index} className="h-[5.875rem] animate-pulse bg-muted/40" />
        ))}
      </div>
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 6 }, (_, index) => (
          <Card key={index} className="h-[22.5rem] animate-pulse bg-muted/40" />
        ))}
      </div>
    </div>
  );
}

export function SellersPage(): ReactElement {
  const showcase = useShowcase();
  const { isError, error, hasNextPage, fetchNextPage, isFetchingNextPage } = showcase;
  // A page of cards is one long render: deferred, it runs as a transition that yields to the browser every few
  // milliseconds while the cards shown before stay (the rest of a previewed first page, "Load more"; P5: TBT).
  const shown = useDeferredValue(showcase.data);
  const isLoading = shown === undefined && !isError;
  const sellers = shown?.pages.flatMap((page) => page.sellers) ?? [];
  const stats = shown?.pages[0]?.stats;
  // A visitor's view came with the first sellers only (ADR 0063): the rest follows as the reader nears the end (ADR 0071).
  const listEnd = usePreviewedList(showcase);
  // A signed-in seller or print provider is listed already: their next step is their dashboard, not joining.
  const { payee } = usePayeeSession();

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <Link to="/" className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to Home
      </Link>
      <div className="mt-6 mb-8">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Browse Sellers</h1>
        <p className="mt-3 max-w-2xl text-lg text-muted-foreground">
          Print, design and merchandise sellers you can pay directly through PayMarket.
        </p>
      </div>

      <HydrationBoundary>
        {isLoading ? (
          <>
            <p className="sr-only" role="status">
              Loading sellers...
            </p>
            <ShowcaseSkeleton />
          </>
        ) : isError ? (
          <Card className="p-6 text-destructive" role="alert">
            {apiErrorMessage(error, 'The sellers could not be loaded. Please try again.')}
          </Card>
        ) : (
          <>
            <section aria-label="Marketplace statistics" className="mb-10 grid gap-4 sm:grid-cols-3">
              <StatCard icon={Users} value={String(stats?.total ?? 0)} label="Active Sellers" />
              <StatCard icon={Layers} value={String(Object.keys(stats?.categories ?? {}).length)} label="Categories" />
              <StatCard icon={BadgeDollarSign} value={formatUsd(TRANSACTION_FEE.usd)} label="Flat Transaction Fee" />
            </section>

            {sellers.length === 0 ? (
              <Card className="flex flex-col items-center p-12 text-center">
                <Store className="size-10 text-muted-foreground" aria-hidden="true" />
                <h2 className="mt-4 text-xl font-semibold">No Sellers Yet</h2>
                <p className="mt-2 text-muted-foreground">Be the first to list your print and design services on PayMarket.</p>
                <Button asChild className="mt-6">
                  <Link to="/seller-registration">Become a Seller</Link>
                </Button>
              </Card>
            ) : (
              <>
                <section aria-label="Sellers" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                  {sellers.map((seller) => (
                    <SellerCard key={seller.id} seller={seller} />
                  ))}
                </section>
                {hasNextPage && (
                  <div ref={listEnd} className="mt-8 flex justify-center">
                    <Button variant="outline" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
                      {isFetchingNextPage ? (
                        <>
                          <Loader2 className="animate-spin" aria-hidden="true" />
                          Loading...
                        </>
                      ) : (
                        'Load more sellers'
                      )}
                    </Button>
                  </div>
                )}
              </>
            )}

            {payee ? (
              <Card className="mt-12 flex flex-col items-center bg-gradient-to-br from-indigo-50 to-background p-10 text-center">
                <h2 className="text-2xl font-bold">Your listing is live</h2>
                <p className="mt-2 max-w-xl text-muted-foreground">See your payments, fees and payouts in your dashboard.</p>
                <Button asChild size="lg" className="mt-6">
                  <Link to="/dashboard">Your dashboard</Link>
                </Button>
              </Card>
            ) : (
              <Card className="mt-12 flex flex-col items-center bg-gradient-to-br from-indigo-50 to-background p-10 text-center">
                <h2 className="text-2xl font-bold">Ready to Start Selling?</h2>
                <p className="mt-2 max-w-xl text-muted-foreground">
                  List your services, get paid directly by card and pay only a flat {formatUsd(TRANSACTION_FEE.usd)} per completed
                  transaction.
                </p>
                <Button asChild size="lg" className="mt-6">
                  <Link to="/seller-registration">Join the Marketplace</Link>
                </Button>
              </Card>
            )}
          </>
        )}
      </HydrationBoundary>
    </div>
  );
}
