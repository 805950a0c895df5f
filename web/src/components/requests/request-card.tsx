import type { BuyerRequestView } from '@paymarket/contracts';
import { Calendar, Clock, DollarSign, MapPin, Pencil, Trash2 } from 'lucide-react';
import { useSyncExternalStore, type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { REQUEST_CATEGORY_LABELS } from '@/lib/contracts-light';

/**
 * "11/20/2026", as `toLocaleDateString()` shows it in the app's language (en-US, as money is), without Intl: a page's
 * first Intl call loads the locale data, a task of 50 ms and more, on the board's first render (P5: TBT). In the
 * reader's time zone, or in UTC where there is none to know: the markup the gateway renders (ADR 0063).
 */
function postedDate(iso: string, utc: boolean): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return utc
    ? `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()}`
    : `${date.getMonth() + 1}/${date.getDate()}/${date.getFullYear()}`;
}

const unchanging = () => () => undefined;

/**
 * The date a request was posted. Hydrating the gateway's markup it is first the UTC date, as the markup has it (no
 * mismatch), then the reader's own, in the render right after.
 */
function PostedDate({ iso }: { iso: string }): ReactElement {
  const text = useSyncExternalStore(
    unchanging,
    () => postedDate(iso, false),
    () => postedDate(iso, true),
  );
  return <time dateTime={iso}>{text}</time>;
}

/** Spec §2 request card; edit and delete only on the signed-in buyer's own requests. */
export function RequestCard({
  request,
  onContact,
  onEdit,
  onDelete,
}: {
  request: BuyerRequestView;
  onContact: (request: BuyerRequestView) => void;
  onEdit: (request: BuyerRequestView) => void;
  onDelete: (request: BuyerRequestView) => void;
}): ReactElement {
  return (
    // Off-screen cards skip style, layout and paint until scrolled near (a page of the board is 24 cards); 21rem is
    // the skeleton's height, used until a card has been laid out once.
    <Card className="flex h-full min-w-0 flex-col p-5 [contain-intrinsic-height:auto_21rem] [content-visibility:auto]">
      <article aria-label={request.title} className="flex flex-1 flex-col">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="text-lg font-semibold break-words">{request.title}</h3>
            <p className="text-sm text-muted-foreground">by {request.buyerName}</p>
          </div>
          <Badge variant="secondary" className="shrink-0">
            {REQUEST_CATEGORY_LABELS[request.category] ?? request.category}
          </Badge>
        </div>
        {request.location && (
          <p className="mt-2 flex items-center gap-1.5 text-sm text-muted-foreground">
            <MapPin className="size-4" aria-hidden="true" />
            {request.location}
          </p>
        )}
        <p className="mt-3 line-clamp-3 text-sm">{request.description}</p>
        <dl className="mt-4 space-y-1.5 text-sm">
          <div className="flex items-center gap-1.5">
            <DollarSign className="size-4 text-muted-foreground" aria-hidden="true" />
            <dt className="text-muted-foreground">Budget:</dt>
            <dd className="font-medium">{request.budget || 'Not specified'}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <Clock className="size-4 text-muted-foreground" aria-hidden="true" />
            <dt className="text-muted-foreground">Timeline:</dt>
            <dd className="font-medium">{request.timeline || 'Flexible'}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <Calendar className="size-4 text-muted-foreground" aria-hidden="true" />
            <dt className="text-muted-foreground">Posted</dt>
            <dd>
              <PostedDate iso={request.createdAt} />
            </dd>
          </div>
        </dl>
        <div className="mt-auto flex flex-wrap gap-2 pt-5">
          {/* A buyer does not contact themselves: their own cards offer Edit and Delete instead. */}
          {!request.mine && (
            <Button className="flex-1" onClick={() => onContact(request)}>
              Contact Buyer
            </Button>
          )}
          {/* Quotes (ADR 0045): sellers send one there, the owner reads, accepts and pays them. */}
          <Button variant="outline" asChild>
            <Link to={`/buyer-requests/${request.id}/quotes`} aria-label={`Quotes on ${request.title}`}>
              Quotes
            </Link>
          </Button>
          {request.mine && (
            <>
              <p className="flex-1 self-center text-sm font-medium text-muted-foreground">Your request</p>
              <Button variant="outline" size="icon" aria-label={`Edit ${request.title}`} onClick={() => onEdit(request)}>
                <Pencil aria-hidden="true" />
              </Button>
              <Button variant="outline" size="icon" aria-label={`Delete ${request.title}`} onClick={() => onDelete(request)}>
                <Trash2 aria-hidden="true" />
              </Button>
            </>
          )}
        </div>
      </article>
    </Card>
  );
}
