import type { PrintProvider } from '@paymarket/contracts';
import { useQuery } from '@tanstack/react-query';
import { Printer } from 'lucide-react';
import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { ProviderCard } from '@/components/catalog/provider-card';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { apiErrorMessage } from '@/lib/queryClient';

const PLACEHOLDERS = 4;

/** The approved print providers (the ones /payment pays), each with the profile from its application. */
export const PRINT_PROVIDERS_KEY = ['/api/print-providers'] as const;

export function ProvidersPage(): ReactElement {
  const providers = useQuery<PrintProvider[]>({ queryKey: PRINT_PROVIDERS_KEY });

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <PageHeader
        title="Print Providers"
        description="Approved print shops on PayMarket. Contact them directly, or pay them by card: the money goes straight to their Stripe account."
      />
      <div className="mb-8 flex flex-wrap gap-3">
        <Button asChild variant="outline" size="sm">
          <Link to="/provider-signup">Apply as a print provider</Link>
        </Button>
        <Button asChild variant="ghost" size="sm">
          <Link to="/sellers">Browse sellers</Link>
        </Button>
      </div>
      {providers.isPending ? (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading providers">
          {Array.from({ length: PLACEHOLDERS }, (_, i) => (
            <Card key={i} className="h-64 animate-pulse bg-muted" data-testid="provider-placeholder" />
          ))}
        </div>
      ) : providers.isError ? (
        <Card className="p-6 text-destructive" role="alert">
          {apiErrorMessage(providers.error, 'The providers could not be loaded. Please try again.')}
        </Card>
      ) : providers.data.length === 0 ? (
        <Card className="flex flex-col items-center p-12 text-center">
          <Printer className="size-10 text-muted-foreground" aria-hidden="true" />
          <h2 className="mt-4 text-xl font-semibold">No Providers Found</h2>
          <p className="mt-2 text-muted-foreground">No print providers are currently available.</p>
        </Card>
      ) : (
        <section aria-label="Providers" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {providers.data.map((provider) => (
            <ProviderCard key={provider.id} provider={provider} />
          ))}
        </section>
      )}
    </div>
  );
}
