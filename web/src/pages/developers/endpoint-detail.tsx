import type {
  ReplayResult,
  ReplayWebhookDeliveriesDto,
  RollWebhookSecretDto,
  WebhookDeliveryDetail,
  WebhookDeliveryList,
  WebhookDeliveryView,
  WebhookEndpointView,
  UpdateWebhookEndpointDto,
  WebhookSecretView,
} from '@paymarket/contracts';
import { useMutation, useQueryClient, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback, useState, type FormEvent, type ReactElement } from 'react';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT } from '@/lib/contracts-light';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useContractForm } from '@/forms/use-contract-form';
import { toast } from '@/hooks/use-toast';
import { useSubmissionKey } from '@/lib/idempotency';
import { apiErrorMessage } from '@/lib/queryClient';
import { consoleCall, formatTime, isoFromLocal, OVERLAP_DEFAULT, overlapPayload, queryString, type OverlapForm } from './console-api';
import { ConsoleBadge } from './console-badge';
import { ConfirmDialog, SecretDialog } from './console-dialog';
import { EndpointFields, endpointStatus, ENDPOINTS, type EndpointForm } from './endpoint-fields';

const failed = (title: string) => (error: unknown) =>
  toast({ variant: 'destructive', title, description: apiErrorMessage(error, 'Please try again.') });

function statusBadge(status: WebhookDeliveryView['status']): ReactElement {
  return <ConsoleBadge tone={status === 'succeeded' ? 'good' : status === 'failed' ? 'bad' : 'neutral'}>{status}</ConsoleBadge>;
}

/** The fields of the edit form that differ from the endpoint: PATCH sends only those. */
function changes(endpoint: WebhookEndpointView, form: EndpointForm): UpdateWebhookEndpointDto {
  const patch: UpdateWebhookEndpointDto = {};
  if (form.url.trim() !== endpoint.url) patch.url = form.url.trim();
  if (form.description.trim() !== (endpoint.description ?? '')) patch.description = form.description.trim();
  const sameEvents = form.events.length === endpoint.events.length && form.events.every((e) => endpoint.events.includes(e));
  if (!sameEvents) patch.events = form.events;
  return patch;
}

/** The replay's body: the local time typed as an ISO instant (blank when none, which ReplayWebhookDeliveriesDto refuses). */
function replayPayload({ since }: { since: string }): unknown {
  return { since: isoFromLocal(since) ?? '' };
}

/** The edit form's values: the endpoint as it is. */
function formOf(endpoint: WebhookEndpointView): EndpointForm {
  return { url: endpoint.url, description: endpoint.description ?? '', events: [...endpoint.events] };
}

/** One endpoint: enable/disable, edit, its secret (reveal, roll), a test event, the delivery log, resend and replay. */
export function EndpointDetail({ endpoint, onDeleted }: { endpoint: WebhookEndpointView; onDeleted: () => void }): ReactElement {
  const client = useQueryClient();
  const base = `/api/v1/webhook-endpoints/${endpoint.id}`;
  const [editing, setEditing] = useState(false);
  // The PATCH body is what differs from the endpoint, validated as the server does (UpdateWebhookEndpointDto).
  const toPatch = useCallback((form: EndpointForm) => changes(endpoint, form), [endpoint]);
  const edit = useContractForm<EndpointForm, 'UpdateWebhookEndpointDto'>({
    dto: 'UpdateWebhookEndpointDto',
    idPrefix: 'edit',
    defaultValues: formOf(endpoint),
    toPayload: toPatch,
  });
  const [rollOpen, setRollOpen] = useState(false);
  const overlap = useContractForm<OverlapForm, 'RollWebhookSecretDto'>({
    dto: 'RollWebhookSecretDto',
    idPrefix: `secret-${endpoint.id}`,
    defaultValues: OVERLAP_DEFAULT,
    toPayload: overlapPayload,
  });
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [secret, setSecret] = useState<{ title: string; view: WebhookSecretView } | null>(null);
  const [filters, setFilters] = useState({ eventType: '', status: '', since: '', until: '' });
  const replayForm = useContractForm<{ since: string }, 'ReplayWebhookDeliveriesDto'>({
    dto: 'ReplayWebhookDeliveriesDto',
    idPrefix: `replay-${endpoint.id}`,
    defaultValues: { since: '' },
    toPayload: replayPayload,
  });
  const [open, setOpen] = useState<string | null>(null);
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
    mutationFn: (patch: UpdateWebhookEndpointDto) => consoleCall<WebhookEndpointView>('PATCH', base, patch),
    onSuccess: (_view, patch) => {
      if (patch.enabled === undefined) {
        setEditing(false);
        toast({ title: 'Endpoint saved' });
      }
      refresh();
    },
    onError: (error, patch) => {
      if (patch.enabled === undefined) edit.showServerErrors(error);
      failed('Could not change the endpoint')(error);
    },
  });
  // One key per roll: a retry after a lost answer rolls once (the API answers the current secret), so the secret the
  // receiver still verifies with keeps its overlap.
  const rollSubmission = useSubmissionKey();
  const roll = useMutation({
    mutationFn: (body: RollWebhookSecretDto) =>
      consoleCall<WebhookSecretView>('POST', `${base}/secret/roll`, body, {
        idempotencyKey: rollSubmission.keyFor({ id: endpoint.id, ...body }),
      }),
    onSuccess: (view) => {
      rollSubmission.done();
      setRollOpen(false);
      setSecret({ title: 'New signing secret', view });
    },
    onError: (error) => {
      rollSubmission.failed(error);
      overlap.showServerErrors(error);
    },
  });
  const reveal = useMutation({
    mutationFn: () => consoleCall<WebhookSecretView>('GET', `${base}/secret`),
    onSuccess: (view) => setSecret({ title: 'Signing secret', view }),
    onError: failed('Could not reveal the secret'),
  });
  const remove = useMutation({
    mutationFn: () => consoleCall<{ id: string; deleted: true }>('DELETE', base),
    onSuccess: () => {
      setDeleteOpen(false);
      toast({ title: 'Endpoint deleted', description: endpoint.url });
      onDeleted();
      void client.invalidateQueries({ queryKey: ENDPOINTS });
    },
  });
  // One key per test event: kept for a retry after a lost answer (one event sent), new once answered or refused.
  const testSubmission = useSubmissionKey();
  const test = useMutation({
    mutationFn: () =>
      consoleCall<WebhookDeliveryView>('POST', `${base}/test`, undefined, { idempotencyKey: testSubmission.keyFor(endpoint.id) }),
    onSuccess: () => {
      testSubmission.done();
      toast({ title: 'Test event queued', description: `A ${WEBHOOK_TEST_EVENT} event is on its way.` });
      refresh();
    },
    onError: (error) => {
      testSubmission.failed(error);
      failed('Could not send a test event')(error);
    },
  });
  const replay = useMutation({
    mutationFn: (body: ReplayWebhookDeliveriesDto) => consoleCall<ReplayResult>('POST', `${base}/replay`, body),
    onSuccess: (result) => {
      toast({
        title: 'Replay queued',
        description: `${result.queued} failed ${result.queued === 1 ? 'delivery' : 'deliveries'} will be sent again.`,
      });
      refresh();
    },
    onError: (error) => {
      replayForm.showServerErrors(error);
      failed('Could not replay')(error);
    },
  });
  const resend = useMutation({
    mutationFn: (id: string) => consoleCall<WebhookDeliveryView>('POST', `/api/v1/webhook-deliveries/${id}/resend`),
    onSuccess: () => {
      toast({ title: 'Delivery queued again', description: 'It is sent with the same webhook-id.' });
      refresh();
    },
    onError: failed('Could not resend'),
  });

  const save = edit.handleSubmit((patch) => update.mutate(patch));
  const onSave = (event: FormEvent<HTMLFormElement>): void => {
    // Nothing changed: nothing to send (the server refuses an empty PATCH).
    if (Object.keys(changes(endpoint, edit.getValues())).length === 0) {
      event.preventDefault();
      return setEditing(false);
    }
    void save(event);
  };
  const onRoll = overlap.handleSubmit((body) => roll.mutate(body));
  const onReplay = replayForm.handleSubmit((body) => replay.mutate(body));
  const rows = deliveries.data?.pages.flatMap((page) => page.data) ?? [];
  const previousUntil = secret?.view.previousSecretExpiresAt;

  return (
    <Card className="space-y-6 p-5" role="region" aria-label={`Endpoint ${endpoint.url}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h2 className="font-semibold break-all">{endpoint.url}</h2>
          {endpoint.description && <p className="text-sm">{endpoint.description}</p>}
          <p className="text-sm text-muted-foreground">
            Events: <span className="font-mono">{endpoint.events.join(', ')}</span>
          </p>
          <div>{endpointStatus(endpoint)}</div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={update.isPending}
            onClick={() => update.mutate({ enabled: !endpoint.enabled })}
          >
            {endpoint.enabled ? 'Disable' : 'Enable'}
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline"
            aria-expanded={editing}
            onClick={() => {
              edit.reset(formOf(endpoint));
              setEditing(!editing);
            }}
          >
            Edit
          </Button>
          <Button type="button" size="sm" variant="outline" disabled={test.isPending} onClick={() => test.mutate()}>
            Send test event
          </Button>
          <Button type="button" size="sm" variant="outline" disabled={reveal.isPending} onClick={() => reveal.mutate()}>
            Reveal secret
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => {
              roll.reset();
              overlap.reset(OVERLAP_DEFAULT);
              setRollOpen(true);
            }}
          >
            Roll secret
          </Button>
          <Button
            type="button"
            size="sm"
            variant="destructive"
            onClick={() => {
              remove.reset();
              setDeleteOpen(true);
            }}
          >
            Delete
          </Button>
        </div>
      </div>

      {editing && (
        <form
          {...edit.formProps}
          onSubmit={onSave}
          className="space-y-4 rounded-xl border border-border p-4"
          aria-label="Edit the endpoint"
        >
          <EndpointFields form={edit} />
          {edit.formMessage && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {edit.formMessage}
            </p>
          )}
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={update.isPending}>
              Save changes
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </form>
      )}

      <section aria-labelledby={`log-${endpoint.id}`}>
        <div className="flex items-center justify-between gap-3">
          <h3 id={`log-${endpoint.id}`} className="font-semibold">
            Delivery log
          </h3>
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
            aria-label="Created since"
            type="datetime-local"
            value={filters.since}
            onChange={(e) => setFilters({ ...filters, since: e.target.value })}
          />
          <Input
            aria-label="Created until"
            type="datetime-local"
            value={filters.until}
            onChange={(e) => setFilters({ ...filters, until: e.target.value })}
          />
        </div>
        <div className="overflow-x-auto">
          <table className="mt-3 w-full text-left text-sm">
            <caption className="sr-only">Deliveries to this endpoint, newest first</caption>
            <thead className="text-muted-foreground">
              <tr>
                <th scope="col" className="py-2">
                  Event
                </th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">Last code</th>
                <th scope="col">Created</th>
                <th scope="col">
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
        </div>
        {rows.length === 0 && !deliveries.isLoading && !deliveries.isError && (
          <p className="mt-2 text-sm text-muted-foreground">No deliveries match.</p>
        )}
        {deliveries.isError && (
          <p className="mt-2 text-sm text-destructive">{apiErrorMessage(deliveries.error, 'Could not load the deliveries.')}</p>
        )}
        {deliveries.hasNextPage && (
          <Button
            type="button"
            size="sm"
            variant="outline"
            className="mt-3"
            disabled={deliveries.isFetchingNextPage}
            onClick={() => void deliveries.fetchNextPage()}
          >
            Load more
          </Button>
        )}
      </section>

      <form
        {...replayForm.formProps}
        onSubmit={(event) => void onReplay(event)}
        className="flex flex-wrap items-end gap-3"
        aria-label="Replay failed deliveries"
      >
        <FormField id={replayForm.fieldId('since')} label="Replay every failed delivery since" errors={replayForm.messages('since')}>
          <Input {...replayForm.field('since')} type="datetime-local" />
        </FormField>
        <Button type="submit" size="sm" variant="outline" disabled={replay.isPending}>
          Replay failed deliveries
        </Button>
      </form>

      <SecretDialog
        title={secret?.title ?? 'Signing secret'}
        secret={secret?.view.secret ?? null}
        note={
          previousUntil ? `Until ${formatTime(previousUntil)} the previous secret also signs (two signatures per delivery).` : undefined
        }
        onClose={() => setSecret(null)}
      />
      <ConfirmDialog
        open={rollOpen}
        onOpenChange={setRollOpen}
        title="Roll the signing secret"
        description="Deliveries are signed with a new secret. During the overlap they carry both signatures, so receivers can switch without a gap."
        confirmLabel="Roll secret now"
        pending={roll.isPending}
        error={roll.isError ? apiErrorMessage(roll.error, 'The secret could not be rolled. Please try again.') : null}
        onConfirm={() => void onRoll()}
      >
        <FormField
          id={overlap.fieldId('expiresInHours')}
          label="Keep signing with the old secret for (hours, 0–24)"
          errors={overlap.messages('expiresInHours')}
        >
          <Input {...overlap.field('expiresInHours')} type="number" min={0} max={24} step={1} inputMode="numeric" />
        </FormField>
      </ConfirmDialog>
      <ConfirmDialog
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        title="Delete this endpoint?"
        description={`${endpoint.url} receives nothing more and its delivery log can no longer be replayed. This cannot be undone.`}
        confirmLabel="Delete endpoint"
        destructive
        pending={remove.isPending}
        error={remove.isError ? apiErrorMessage(remove.error, 'The endpoint could not be deleted. Please try again.') : null}
        onConfirm={() => remove.mutate()}
      />
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
  const attemptsId = `attempts-${delivery.id}`;
  return (
    <>
      <tr className="border-t border-border" data-testid="delivery-row">
        <td className="py-2 pr-2 font-mono">{delivery.eventType}</td>
        <td className="pr-2">{statusBadge(delivery.status)}</td>
        <td className="pr-2">{delivery.attempts}</td>
        <td className="pr-2">{delivery.lastStatusCode ?? '—'}</td>
        <td className="pr-2">{formatTime(delivery.createdAt)}</td>
        <td className="space-x-2 py-2 text-right whitespace-nowrap">
          <Button
            type="button"
            size="sm"
            variant="ghost"
            onClick={onToggle}
            aria-expanded={open}
            aria-controls={open ? attemptsId : undefined}
          >
            Attempts
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={onResend}>
            Resend
          </Button>
        </td>
      </tr>
      {open && (
        <tr id={attemptsId}>
          <td colSpan={6} className="bg-muted/40 p-3">
            <p className="text-xs text-muted-foreground">
              Event <span className="font-mono">{delivery.eventId}</span> (the webhook-id header)
              {delivery.nextAttemptAt ? ` · next attempt ${formatTime(delivery.nextAttemptAt)}` : ''}
            </p>
            {detail.isError && (
              <p className="mt-2 text-xs text-destructive">{apiErrorMessage(detail.error, 'Could not load the attempts.')}</p>
            )}
            {detail.data && detail.data.attemptLog.length === 0 && <p className="mt-2 text-xs">Not attempted yet.</p>}
            <ol className="mt-2 space-y-2">
              {(detail.data?.attemptLog ?? []).map((attempt) => (
                <li key={attempt.id} className="text-xs" data-testid="attempt">
                  <span className="font-medium">{formatTime(attempt.attemptedAt)}</span> · status {attempt.statusCode ?? 'none'} ·{' '}
                  {attempt.durationMs} ms
                  {attempt.error ? ` · ${attempt.error}` : ''}
                  {attempt.responseBody ? (
                    <pre className="mt-1 rounded bg-card p-2 break-all whitespace-pre-wrap" aria-label="Response body (first 1 KB)">
                      {attempt.responseBody}
                    </pre>
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
