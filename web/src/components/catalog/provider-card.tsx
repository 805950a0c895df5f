import type { SellerProfile } from '@paymarket/contracts';
import { Globe, Mail, MapPin, Phone, Star } from 'lucide-react';
import type { ReactElement } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { capitalise, mailtoHref, telHref, websiteHref } from './links';

/** A provider card on the Print Providers page (spec §2; the page lists the seller showcase). */
export function ProviderCard({ provider }: { provider: SellerProfile }): ReactElement {
  return (
    <Card className="flex flex-col p-6" role="article" aria-label={provider.businessName}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="truncate text-lg font-semibold">{provider.businessName}</h2>
          <p className="text-sm text-muted-foreground">{provider.sellerName}</p>
        </div>
        <Badge variant="success">Active</Badge>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
        <span className="inline-flex items-center gap-1 text-muted-foreground">
          <MapPin className="size-4" aria-hidden="true" />
          {provider.location}
        </span>
        <Badge variant="secondary">{capitalise(provider.category)}</Badge>
      </div>
      <p className="mt-3 line-clamp-2 text-sm">{provider.description}</p>
      <p className="mt-3 text-sm">
        <span className="font-medium">Pricing: </span>
        <span className="text-muted-foreground">{provider.pricing}</span>
      </p>
      {provider.averageRating > 0 && (
        <p className="mt-2 flex items-center gap-1 text-sm" aria-label={`Rated ${provider.averageRating} out of 5`}>
          <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden="true" />
          <span className="font-medium">{provider.averageRating.toFixed(1)}</span>
          <span className="text-muted-foreground">({provider.totalRatings} reviews)</span>
        </p>
      )}
      <div className="mt-auto flex flex-wrap gap-2 pt-5">
        <Button asChild size="sm" variant="outline">
          <a href={mailtoHref(provider.email)}>
            <Mail aria-hidden="true" />
            Email
          </a>
        </Button>
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
