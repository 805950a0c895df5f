import type { EventList } from '@paymarket/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type ReactElement } from 'react';
import { WEBHOOK_EVENT_TYPES } from '@/lib/contracts-light';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Select } from '@/components/ui/select';
import { apiErrorMessage } from '@/lib/queryClient';
import { consoleCall, formatTime, queryString } from './console-api';

/** The events of the last 30 days (GET /api/v1/events), to check what an endpoint should have received. */
export function EventsPanel(): ReactElement {
  const [type, setType] = useState('');
  const events = useInfiniteQuery({
    queryKey: ['events', type],
    staleTime: 0,
    initialPageParam: '',
    queryFn: ({ pageParam }) => consoleCall<EventList>('GET', `/api/v1/events${queryString({ type, cursor: pageParam, limit: 20 })}`),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const rows = events.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Card className="p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="font-semibold">Events (last 30 days)</h2>
        <Select aria-label="Event type" value={type} onChange={(e) => setType(e.target.value)} className="w-56">
          <option value="">All types</option>
          {WEBHOOK_EVENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </Select>
      </div>
      <ul className="mt-3 divide-y divide-border">
        {rows.map((event) => (
          <li key={event.id} className="py-2" data-testid="event-row">
            <details>
              <summary className="cursor-pointer text-sm">
                <span className="font-mono">{event.type}</span> · {formatTime(event.createdAt)}
              </summary>
              <pre className="mt-2 overflow-x-auto rounded bg-muted p-2 text-xs">{JSON.stringify(event.data, null, 2)}</pre>
            </details>
          </li>
        ))}
      </ul>
      {rows.length === 0 && !events.isLoading && <p className="mt-2 text-sm text-muted-foreground">No events yet.</p>}
      {events.isError && <p className="mt-2 text-sm text-destructive">{apiErrorMessage(events.error, 'Could not load the events.')}</p>}
      {events.hasNextPage && (
        <Button type="button" size="sm" variant="outline" className="mt-3" onClick={() => void events.fetchNextPage()}>
          Load more
        </Button>
      )}
    </Card>
  );
}
