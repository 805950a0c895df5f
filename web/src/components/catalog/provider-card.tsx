import type { PrintProvider } from '@paymarket/contracts';
import { CreditCard, Globe, Mail, MapPin, Phone } from 'lucide-react';
import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { mailtoHref, telHref, websiteHref } from './links';

/** Providers print for a living: one category for all of them (the spec's category badge). */
export const PROVIDER_CATEGORY = 'Printing';

/**
 * A card on the Print Providers page (spec §2), filled from the provider's approved application: businessName (the
 * provider's name), sellerName (its contact), location (service area), description (portfolio), Pricing and the
 * Email/Call/Website actions. Providers have no ratings yet, so none is shown (the spec shows it only above 0).
 */
export function ProviderCard({ provider }: { provider: PrintProvider }): ReactElement {
  return (
    <Card className="flex min-w-0 flex-col p-6" role="article" aria-label={provider.name}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="truncate text-lg font-semibold">{provider.name}</h2>
          {provider.contactName && <p className="text-sm text-muted-foreground">{provider.contactName}</p>}
        </div>
        <Badge variant="success">Active</Badge>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
        {provider.location && (
          <span className="inline-flex items-center gap-1 text-muted-foreground">
            <MapPin className="size-4" aria-hidden="true" />
            {provider.location}
          </span>
        )}
        <Badge variant="secondary">{PROVIDER_CATEGORY}</Badge>
      </div>
      {provider.description && <p className="mt-3 line-clamp-2 text-sm">{provider.description}</p>}
      <p className="mt-3 text-sm">
        <span className="font-medium">Pricing: </span>
        <span className="text-muted-foreground">
          Quote on request{provider.turnaroundTime ? ` · turnaround ${provider.turnaroundTime}` : ''}
        </span>
      </p>
      <div className="mt-auto flex flex-wrap gap-2 pt-5">
        <Button asChild size="sm">
          <Link to={`/payment?provider=${encodeURIComponent(provider.stripeAccountId)}`} aria-label={`Pay ${provider.name}`}>
            <CreditCard aria-hidden="true" />
            Pay
          </Link>
        </Button>
        {provider.email && (
          <Button asChild size="sm" variant="outline">
            <a href={mailtoHref(provider.email)}>
              <Mail aria-hidden="true" />
              Email
            </a>
          </Button>
        )}
        {provider.phone && (
          <Button asChild size="sm" variant="outline">
            <a href={telHref(provider.phone)}>
              <Phone aria-hidden="true" />
              Call
            </a>
          </Button>
        )}
        {provider.website && (
          <Button asChild size="sm" variant="outline">
            <a href={websiteHref(provider.website)} target="_blank" rel="noopener noreferrer">
              <Globe aria-hidden="true" />
              Website
            </a>
          </Button>
        )}
      </div>
    </Card>
  );
}
