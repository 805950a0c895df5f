import type { CreatedWebhookEndpoint, CreateWebhookEndpointDto, WebhookEndpointList } from '@paymarket/contracts';
import { useMutation, useQueryClient, useQuery } from '@tanstack/react-query';
import { useState, type ReactElement } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useContractForm } from '@/forms/use-contract-form';
import { toast } from '@/hooks/use-toast';
import { useSubmissionKey } from '@/lib/idempotency';
import { apiErrorMessage } from '@/lib/queryClient';
import { consoleCall } from './console-api';
import { SecretDialog } from './console-dialog';
import { EndpointDetail } from './endpoint-detail';
import { EndpointFields, endpointStatus, ENDPOINTS, type EndpointForm } from './endpoint-fields';

const NEW_ENDPOINT: EndpointForm = { url: '', description: '', events: ['payment.succeeded'] };

/** The body sent: the URL and description trimmed, a blank description left out. */
function toPayload({ url, description, events }: EndpointForm): unknown {
  return { url: url.trim(), events, ...(description.trim() ? { description: description.trim() } : {}) };
}

/** Webhook endpoints (ADR 0036, 0039): add one with its events (its secret shown once), then open its detail. */
export function WebhooksPanel(): ReactElement {
  const client = useQueryClient();
  const endpoints = useQuery<WebhookEndpointList>({ queryKey: ENDPOINTS, staleTime: 0 });
  const form = useContractForm<EndpointForm, 'CreateWebhookEndpointDto'>({
    dto: 'CreateWebhookEndpointDto',
    idPrefix: 'endpoint',
    defaultValues: NEW_ENDPOINT,
    toPayload,
  });
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);
  const [selected, setSelected] = useState<string | null>(null);

  // One key per submission: a retry after a lost answer registers the endpoint once (and answers its secret).
  const submission = useSubmissionKey();

  const create = useMutation({
    mutationFn: (body: CreateWebhookEndpointDto) =>
      consoleCall<CreatedWebhookEndpoint>('POST', '/api/v1/webhook-endpoints', body, { idempotencyKey: submission.keyFor(body) }),
    onSuccess: (endpoint) => {
      submission.done();
      setCreated(endpoint);
      setSelected(endpoint.id);
      form.reset();
      void client.invalidateQueries({ queryKey: ENDPOINTS });
    },
    onError: (error) => {
      submission.failed(error);
      form.showServerErrors(error);
      toast({ variant: 'destructive', title: 'Could not add the endpoint', description: apiErrorMessage(error, 'Please try again.') });
    },
  });

  const onCreate = form.handleSubmit((body) => create.mutate(body));
  const list = endpoints.data?.data ?? [];
  const current = list.find((e) => e.id === selected) ?? null;

  return (
    <div className="space-y-6">
      <SecretDialog
        title="Signing secret of the new endpoint"
        secret={created?.secret ?? null}
        note="Verify each delivery with it (Standard Webhooks); you can reveal it again from the endpoint."
        onClose={() => setCreated(null)}
      />
      <Card className="p-5">
        <h2 className="font-semibold">Add an endpoint</h2>
        <form {...form.formProps} onSubmit={(event) => void onCreate(event)} className="mt-3 space-y-4" aria-label="Add a webhook endpoint">
          <EndpointFields form={form} />
          {form.formMessage && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {form.formMessage}
            </p>
          )}
          <Button type="submit" disabled={create.isPending}>
            Add endpoint
          </Button>
        </form>
      </Card>
      <Card className="p-5">
        <h2 className="font-semibold">Endpoints</h2>
        <ul className="mt-3 divide-y divide-border">
          {list.map((endpoint) => (
            <li key={endpoint.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="endpoint-row">
              <span className="min-w-0">
                <span className="block font-mono text-sm break-all">{endpoint.url}</span>
                <span className="block text-xs text-muted-foreground">
                  {endpoint.description ? `${endpoint.description} · ` : ''}
                  {endpoint.events.length} event{endpoint.events.length === 1 ? '' : 's'}
                </span>
              </span>
              <span className="flex items-center gap-2">
                {endpointStatus(endpoint)}
                <Button
                  type="button"
                  size="sm"
                  variant={endpoint.id === selected ? 'default' : 'outline'}
                  onClick={() => setSelected(endpoint.id)}
                  aria-label={`Open ${endpoint.url}`}
                  aria-pressed={endpoint.id === selected}
                >
                  Open
                </Button>
              </span>
            </li>
          ))}
        </ul>
        {list.length === 0 && !endpoints.isLoading && !endpoints.isError && (
          <p className="mt-2 text-sm text-muted-foreground">No endpoints yet: add one above.</p>
        )}
        {endpoints.isError && (
          <p className="mt-2 text-sm text-destructive">{apiErrorMessage(endpoints.error, 'Could not load the endpoints.')}</p>
        )}
      </Card>
      {current && <EndpointDetail key={current.id} endpoint={current} onDeleted={() => setSelected(null)} />}
    </div>
  );
}
