import {
  CreateWebhookEndpointDto,
  validateDto,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
  type CreatedWebhookEndpoint,
  type FieldErrors,
  type ReplayResult,
  type WebhookDeliveryDetail,
  type WebhookDeliveryList,
  type WebhookDeliveryView,
  type WebhookEndpointList,
  type WebhookEndpointView,
  type WebhookEventType,
  type WebhookSecretView,
} from '@paymarket/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactElement } from 'react';
import { fieldErrorId, FormField } from '@/components/form-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { toast } from '@/hooks/use-toast';
import { apiErrorMessage } from '@/lib/queryClient';
import { SecretOnce } from './api-keys-panel';
import { consoleCall, formatTime, isoFromLocal, queryString } from './console-api';

const ENDPOINTS = ['/api/v1/webhook-endpoints'];
const failed = (title: string) => (error: unknown) =>
  toast({ variant: 'destructive', title, description: apiErrorMessage(error, 'Please try again.') });

function statusBadge(status: WebhookDeliveryView['status']): ReactElement {
  return <Badge variant={status === 'succeeded' ? 'success' : status === 'failed' ? 'destructive' : 'secondary'}>{status}</Badge>;
}

/** Webhook endpoints (ADR 0036, 0039): create with events, secret shown once; then each endpoint's detail. */
export function WebhooksPanel(): ReactElement {
  const client = useQueryClient();
  const endpoints = useQuery<WebhookEndpointList>({ queryKey: ENDPOINTS, staleTime: 0 });
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['payment.succeeded']);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);
  const [selected, setSelected] = useState<string | null>(null);

  const create = useMutation({
    mutationFn: (body: CreateWebhookEndpointDto) => consoleCall<CreatedWebhookEndpoint>('POST', '/api/v1/webhook-endpoints', body),
    onSuccess: (endpoint) => {
      setCreated(endpoint);
      setSelected(endpoint.id);
      setUrl('');
      setDescription('');
      void client.invalidateQueries({ queryKey: ENDPOINTS });
    },
    onError: (error) => {
      failed('Could not add the endpoint')(error);
    },
  });

  const onCreate = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const result = validateDto(CreateWebhookEndpointDto, { url, events, ...(description ? { description } : {}) });
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    create.mutate(result.value);
  };
  const toggle = (type: WebhookEventType) => setEvents((list) => (list.includes(type) ? list.filter((t) => t !== type) : [...list, type]));
  const current = endpoints.data?.data.find((e) => e.id === selected) ?? null;

  return (
    <div className="space-y-6">
      {created && <SecretOnce label="Signing secret of the new endpoint" secret={created.secret} onDone={() => setCreated(null)} />}
      <Card className="p-5">
        <h3 className="font-semibold">Add an endpoint</h3>
        <form noValidate onSubmit={onCreate} className="mt-3 space-y-4" aria-label="Add a webhook endpoint">
          <FormField id="endpoint-url" label="URL" required errors={errors.url}>
            <Input
              id="endpoint-url"
              type="url"
              placeholder="https://shop.example.com/webhooks/paymarket"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              aria-describedby={errors.url ? fieldErrorId('endpoint-url') : undefined}
            />
          </FormField>
          <FormField id="endpoint-description" label="Description" errors={errors.description}>
            <Input id="endpoint-description" value={description} onChange={(e) => setDescription(e.target.value)} />
          </FormField>
          <fieldset>
            <legend className="text-sm font-medium">Events</legend>
            <div className="mt-2 flex flex-wrap gap-4">
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <label key={type} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" checked={events.includes(type)} onChange={() => toggle(type)} />
                  {type}
                </label>
              ))}
            </div>
            {errors.events && <p className="mt-1 text-sm text-destructive">{errors.events[0]}</p>}
          </fieldset>
          <Button type="submit" disabled={create.isPending}>
            Add endpoint
          </Button>
        </form>
      </Card>
      <Card className="p-5">
        <h3 className="font-semibold">Endpoints</h3>
        <ul className="mt-3 divide-y divide-border">
          {(endpoints.data?.data ?? []).map((endpoint) => (
            <li key={endpoint.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="break-all font-mono text-sm">{endpoint.url}</span>
              <span className="flex items-center gap-2">
                <Badge variant={endpoint.enabled ? 'success' : 'secondary'}>
                  {endpoint.enabled ? 'enabled' : `disabled (${endpoint.disabledReason})`}
                </Badge>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  onClick={() => setSelected(endpoint.id)}
                  aria-label={`Open ${endpoint.url}`}
                >
                  Open
                </Button>
              </span>
            </li>
          ))}
        </ul>
      </Card>
      {current && <EndpointDetail key={current.id} endpoint={current} />}
    </div>
  );
}

function EndpointDetail({ endpoint }: { endpoint: WebhookEndpointView }): ReactElement {
  const client = useQueryClient();
  const [overlap, setOverlap] = useState('24');
  const [secret, setSecret] = useState<string | null>(null);
  const [filters, setFilters] = useState({ eventType: '', status: '', since: '', until: '' });
  const [replaySince, setReplaySince] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const base = `/api/v1/webhook-endpoints/${endpoint.id}`;
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ENDPOINTS });
    void client.invalidateQueries({ queryKey: ['deliveries', endpoint.id] });
  };
  const filterQuery = {
    eventType: filters.eventType,
    status: filters.status,
    since: isoFromLocal(filters.since),
    until: isoFromLocal(filters.until),
  };

  const deliveries = useInfiniteQuery({
    queryKey: ['deliveries', endpoint.id, filterQuery],
    // The log changes as deliveries are attempted: read it again whenever it is shown or refreshed.
    staleTime: 0,
    initialPageParam: '',
    queryFn: ({ pageParam }) =>
      consoleCall<WebhookDeliveryList>('GET', `${base}/deliveries${queryString({ ...filterQuery, cursor: pageParam, limit: 20 })}`),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const update = useMutation({
    mutationFn: (enabled: boolean) => consoleCall<WebhookEndpointView>('PATCH', base, { enabled }),
    onSuccess: refresh,
    onError: failed('Could not change the endpoint'),
  });
  const roll = useMutation({
    mutationFn: () => consoleCall<WebhookSecretView>('POST', `${base}/secret/roll`, { expiresInHours: Number(overlap) }),
    onSuccess: (result) => setSecret(result.secret),
    onError: failed('Could not roll the secret'),
  });
  const reveal = useMutation({
    mutationFn: () => consoleCall<WebhookSecretView>('GET', `${base}/secret`),
    onSuccess: (result) => setSecret(result.secret),
    onError: failed('Could not reveal the secret'),
  });
  const test = useMutation({
    mutationFn: () => consoleCall<WebhookDeliveryView>('POST', `${base}/test`),
    onSuccess: () => {
      toast({ title: 'Test event queued', description: `A ${WEBHOOK_TEST_EVENT} event is on its way.` });
      refresh();
    },
    onError: failed('Could not send a test event'),
  });
  const replay = useMutation({
    mutationFn: () => consoleCall<ReplayResult>('POST', `${base}/replay`, { since: isoFromLocal(replaySince) ?? '' }),
    onSuccess: (result) => {
      toast({ title: 'Replay queued', description: `${result.queued} failed deliveries will be sent again.` });
      refresh();
    },
    onError: failed('Could not replay'),
  });
  const resend = useMutation({
    mutationFn: (id: string) => consoleCall<WebhookDeliveryView>('POST', `/api/v1/webhook-deliveries/${id}/resend`),
    onSuccess: () => {
      toast({ title: 'Delivery queued again' });
      refresh();
    },
    onError: failed('Could not resend'),
  });
  const rows = deliveries.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <Card className="space-y-5 p-5" aria-label="Endpoint detail">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="break-all font-semibold">{endpoint.url}</h3>
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" variant="outline" onClick={() => update.mutate(!endpoint.enabled)}>
            {endpoint.enabled ? 'Disable' : 'Enable'}
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={() => test.mutate()}>
            Send test event
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={() => reveal.mutate()}>
            Reveal secret
          </Button>
        </div>
      </div>
      <p className="text-sm text-muted-foreground">Events: {endpoint.events.join(', ')}</p>
      <div className="flex flex-wrap items-end gap-3">
        <label className="text-sm">
          <span className="block font-medium">Roll the secret; the old one keeps signing for</span>
          <Select aria-label="Secret overlap" value={overlap} onChange={(e) => setOverlap(e.target.value)} className="w-28">
            {['0', '1', '12', '24'].map((h) => (
              <option key={h} value={h}>
                {h} h
              </option>
            ))}
          </Select>
        </label>
        <Button type="button" size="sm" onClick={() => roll.mutate()}>
          Roll secret
        </Button>
      </div>
      {secret && <SecretOnce label="Signing secret" secret={secret} onDone={() => setSecret(null)} />}

      <div>
        <div className="flex items-center justify-between gap-3">
          <h4 className="font-semibold">Delivery log</h4>
          <Button type="button" size="sm" variant="ghost" onClick={() => void deliveries.refetch()}>
            Refresh
          </Button>
        </div>
        <div className="mt-2 grid gap-3 sm:grid-cols-4">
          <Select
            aria-label="Filter by event"
            value={filters.eventType}
            onChange={(e) => setFilters({ ...filters, eventType: e.target.value })}
          >
            <option value="">All events</option>
            {[...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT].map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </Select>
          <Select aria-label="Filter by status" value={filters.status} onChange={(e) => setFilters({ ...filters, status: e.target.value })}>
            <option value="">All statuses</option>
            {WEBHOOK_DELIVERY_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </Select>
          <Input
            aria-label="Since"
            type="datetime-local"
            value={filters.since}
            onChange={(e) => setFilters({ ...filters, since: e.target.value })}
          />
          <Input
            aria-label="Until"
            type="datetime-local"
            value={filters.until}
            onChange={(e) => setFilters({ ...filters, until: e.target.value })}
          />
        </div>
        <table className="mt-3 w-full text-left text-sm">
          <thead className="text-muted-foreground">
            <tr>
              <th className="py-2">Event</th>
              <th>Status</th>
              <th>Attempts</th>
              <th>Last code</th>
              <th>Created</th>
              <th>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((delivery) => (
              <DeliveryRow
                key={delivery.id}
                delivery={delivery}
                open={open === delivery.id}
                onToggle={() => setOpen(open === delivery.id ? null : delivery.id)}
                onResend={() => resend.mutate(delivery.id)}
              />
            ))}
          </tbody>
        </table>
        {rows.length === 0 && !deliveries.isLoading && <p className="mt-2 text-sm text-muted-foreground">No deliveries match.</p>}
        {deliveries.hasNextPage && (
          <Button type="button" size="sm" variant="outline" className="mt-3" onClick={() => void deliveries.fetchNextPage()}>
            Load more
          </Button>
        )}
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <label className="text-sm">
          <span className="block font-medium">Replay every failed delivery since</span>
          <Input aria-label="Replay since" type="datetime-local" value={replaySince} onChange={(e) => setReplaySince(e.target.value)} />
        </label>
        <Button type="button" size="sm" variant="outline" onClick={() => replay.mutate()}>
          Replay failed deliveries
        </Button>
      </div>
    </Card>
  );
}

function DeliveryRow({
  delivery,
  open,
  onToggle,
  onResend,
}: {
  delivery: WebhookDeliveryView;
  open: boolean;
  onToggle: () => void;
  onResend: () => void;
}): ReactElement {
  const detail = useQuery<WebhookDeliveryDetail>({ queryKey: [`/api/v1/webhook-deliveries/${delivery.id}`], enabled: open, staleTime: 0 });
  return (
    <>
      <tr className="border-t border-border" data-testid="delivery-row">
        <td className="py-2 font-mono">{delivery.eventType}</td>
        <td>{statusBadge(delivery.status)}</td>
        <td>{delivery.attempts}</td>
        <td>{delivery.lastStatusCode ?? '—'}</td>
        <td>{formatTime(delivery.createdAt)}</td>
        <td className="space-x-2 whitespace-nowrap text-right">
          <Button type="button" size="sm" variant="ghost" onClick={onToggle} aria-expanded={open}>
            Attempts
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={onResend}>
            Resend
          </Button>
        </td>
      </tr>
      {open && (
        <tr>
          <td colSpan={6} className="bg-muted/40 p-3">
            <ol className="space-y-2">
              {(detail.data?.attemptLog ?? []).map((attempt) => (
                <li key={attempt.id} className="text-xs" data-testid="attempt">
                  <span className="font-medium">{formatTime(attempt.attemptedAt)}</span> · status {attempt.statusCode ?? 'none'} ·{' '}
                  {attempt.durationMs} ms
                  {attempt.error ? ` · ${attempt.error}` : ''}
                  {attempt.responseBody ? (
                    <pre className="mt-1 whitespace-pre-wrap break-all rounded bg-card p-2">{attempt.responseBody}</pre>
                  ) : null}
                </li>
              ))}
            </ol>
          </td>
        </tr>
      )}
    </>
  );
}
