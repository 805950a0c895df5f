import type { WebhookEndpointView, WebhookEventType } from '@paymarket/contracts';
import type { ReactElement } from 'react';
import { WEBHOOK_EVENT_TYPES } from '@/lib/contracts-light';
import { fieldErrorId, FormField } from '@/components/form-field';
import { Input } from '@/components/ui/input';
import type { ContractForm } from '@/forms/use-contract-form';
import { ConsoleBadge } from './console-badge';

export const ENDPOINTS = ['/api/v1/webhook-endpoints'];

/** The form values of an endpoint, for adding one and for editing it. */
export interface EndpointForm {
  url: string;
  description: string;
  events: WebhookEventType[];
}

/** What the fields need of the add form (CreateWebhookEndpointDto) or the edit form (UpdateWebhookEndpointDto). */
export type EndpointFormControls = Pick<
  ContractForm<EndpointForm, 'CreateWebhookEndpointDto'> | ContractForm<EndpointForm, 'UpdateWebhookEndpointDto'>,
  'field' | 'fieldId' | 'messages'
>;

export function endpointStatus(endpoint: WebhookEndpointView): ReactElement {
  return (
    <ConsoleBadge tone={endpoint.enabled ? 'good' : 'neutral'}>
      {endpoint.enabled ? 'enabled' : endpoint.disabledReason === 'failing' ? 'disabled (failing)' : 'disabled'}
    </ConsoleBadge>
  );
}

/**
 * URL, description and the events to receive (a checkbox group registered under one name, so its value is the list of
 * the checked events), with the contract's messages: the DTO's on submit, or the API's 400 mapped back.
 */
export function EndpointFields({ form }: { form: EndpointFormControls }): ReactElement {
  const eventsError = form.messages('events');
  const eventsId = form.fieldId('events');
  // One name for the group; the ids belong to no single checkbox (the first one takes the focus when it is refused).
  const events = { ...form.field('events'), id: undefined };
  return (
    <>
      <FormField id={form.fieldId('url')} label="URL" required errors={form.messages('url')}>
        <Input {...form.field('url')} type="url" placeholder="https://shop.example.com/webhooks/paymarket" />
      </FormField>
      <FormField id={form.fieldId('description')} label="Description" errors={form.messages('description')}>
        <Input {...form.field('description')} maxLength={200} />
      </FormField>
      <fieldset aria-describedby={eventsError ? fieldErrorId(eventsId) : undefined}>
        <legend className="text-sm font-medium">Events</legend>
        <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-2 font-mono text-sm">
              <input type="checkbox" value={type} {...events} />
              {type}
            </label>
          ))}
        </div>
        {eventsError && (
          <p id={fieldErrorId(eventsId)} className="mt-1 text-sm font-medium text-destructive">
            {eventsError[0]}
          </p>
        )}
      </fieldset>
    </>
  );
}
