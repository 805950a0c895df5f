import { Loader2, Printer } from 'lucide-react';
import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { ProviderCard } from '@/components/catalog/provider-card';
import { useShowcase } from '@/components/catalog/use-showcase';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { apiErrorMessage } from '@/lib/queryClient';

const PLACEHOLDERS = 4;

export function ProvidersPage(): ReactElement {
  const { sellers, isLoading, isError, error, hasNextPage, fetchNextPage, isFetchingNextPage } = useShowcase();

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <PageHeader
        title="Print Providers"
        description="Print shops, designers and merchandise makers on PayMarket. Contact them directly and pay by card."
      />
      <div className="mb-8 flex flex-wrap gap-3">
        <Button asChild variant="outline" size="sm">
          <Link to="/provider-signup">Apply as a print provider</Link>
        </Button>
      </div>
      {isLoading ? (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading providers">
          {Array.from({ length: PLACEHOLDERS }, (_, i) => (
            <Card key={i} className="h-64 animate-pulse bg-muted" data-testid="provider-placeholder" />
          ))}
        </div>
      ) : isError ? (
        <Card className="p-6 text-destructive" role="alert">
          {apiErrorMessage(error, 'The providers could not be loaded. Please try again.')}
        </Card>
      ) : sellers.length === 0 ? (
        <Card className="flex flex-col items-center p-12 text-center">
          <Printer className="size-10 text-muted-foreground" aria-hidden="true" />
          <h2 className="mt-4 text-xl font-semibold">No Providers Found</h2>
          <p className="mt-2 text-muted-foreground">No print providers are currently available.</p>
        </Card>
      ) : (
        <>
          <section aria-label="Providers" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {sellers.map((provider) => (
              <ProviderCard key={provider.id} provider={provider} />
            ))}
          </section>
          {hasNextPage && (
            <div className="mt-8 flex justify-center">
              <Button variant="outline" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
                {isFetchingNextPage && <Loader2 className="animate-spin" aria-hidden="true" />}
                Load more providers
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
