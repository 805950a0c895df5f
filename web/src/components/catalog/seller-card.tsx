import type { SellerProfile } from '@paymarket/contracts';
import { Globe, Mail, MapPin, Pencil } from 'lucide-react';
import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { capitalise, mailtoHref, websiteHref } from './links';
import { getSellerToken } from './seller-auth';

/** A seller in the directory (spec §2). Every value is rendered as text by React, never as HTML. */
export function SellerCard({ seller }: { seller: SellerProfile }): ReactElement {
  const canEdit = getSellerToken(seller.id) !== null;
  return (
    <Card className="flex min-w-0 flex-col p-6" aria-label={seller.businessName} role="article">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="truncate text-lg font-semibold">{seller.businessName}</h2>
          <p className="text-sm text-muted-foreground">by {seller.sellerName}</p>
        </div>
        <Badge variant="success">Active</Badge>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
        <Badge variant="secondary">{capitalise(seller.category)}</Badge>
        <span className="inline-flex items-center gap-1 text-muted-foreground">
          <MapPin className="size-4" aria-hidden="true" />
          {seller.location}
        </span>
      </div>
      <p className="mt-3 line-clamp-3 text-sm text-foreground">{seller.description}</p>
      <dl className="mt-4 space-y-2 text-sm">
        <div>
          <dt className="font-medium">Products & Services</dt>
          <dd className="text-muted-foreground">{seller.products}</dd>
        </div>
        <div>
          <dt className="font-medium">Pricing</dt>
          <dd className="text-muted-foreground">{seller.pricing}</dd>
        </div>
      </dl>
      <div className="mt-auto flex flex-wrap gap-2 pt-5">
        <Button asChild size="sm" variant="outline">
          <a href={mailtoHref(seller.email)}>
            <Mail aria-hidden="true" />
            Email
          </a>
        </Button>
        {seller.website && (
          <Button asChild size="sm" variant="outline">
            <a href={websiteHref(seller.website)} target="_blank" rel="noopener noreferrer">
              <Globe aria-hidden="true" />
              Website
            </a>
          </Button>
        )}
        {canEdit && (
          <Button asChild size="sm">
            <Link to={`/sellers/edit/${seller.id}`}>
              <Pencil aria-hidden="true" />
              Edit
            </Link>
          </Button>
        )}
      </div>
    </Card>
  );
}
