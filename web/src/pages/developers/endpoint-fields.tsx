import { WEBHOOK_EVENT_TYPES, type FieldErrors, type WebhookEndpointView, type WebhookEventType } from '@paymarket/contracts';
import type { ReactElement } from 'react';
import { fieldErrorId, FormField } from '@/components/form-field';
import { Input } from '@/components/ui/input';
import { ConsoleBadge } from './console-badge';

export const ENDPOINTS = ['/api/v1/webhook-endpoints'];

/** The form values of an endpoint, for adding one and for editing it. */
export interface EndpointForm {
  url: string;
  description: string;
  events: WebhookEventType[];
}

export function endpointStatus(endpoint: WebhookEndpointView): ReactElement {
  return (
    <ConsoleBadge tone={endpoint.enabled ? 'good' : 'neutral'}>
      {endpoint.enabled ? 'enabled' : endpoint.disabledReason === 'failing' ? 'disabled (failing)' : 'disabled'}
    </ConsoleBadge>
  );
}

/** URL, description and the events to receive, with their messages (client-side from the DTO, or the API's 400). */
export function EndpointFields({
  prefix,
  form,
  errors,
  onChange,
}: {
  prefix: string;
  form: EndpointForm;
  errors: FieldErrors;
  onChange: (form: EndpointForm) => void;
}): ReactElement {
  const toggle = (type: WebhookEventType) =>
    onChange({ ...form, events: form.events.includes(type) ? form.events.filter((t) => t !== type) : [...form.events, type] });
  return (
    <>
      <FormField id={`${prefix}-url`} label="URL" required errors={errors.url}>
        <Input
          id={`${prefix}-url`}
          type="url"
          placeholder="https://shop.example.com/webhooks/paymarket"
          value={form.url}
          onChange={(e) => onChange({ ...form, url: e.target.value })}
          aria-invalid={errors.url ? true : undefined}
          aria-describedby={errors.url ? fieldErrorId(`${prefix}-url`) : undefined}
        />
      </FormField>
      <FormField id={`${prefix}-description`} label="Description" errors={errors.description}>
        <Input
          id={`${prefix}-description`}
          maxLength={200}
          value={form.description}
          onChange={(e) => onChange({ ...form, description: e.target.value })}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? fieldErrorId(`${prefix}-description`) : undefined}
        />
      </FormField>
      <fieldset aria-describedby={errors.events ? fieldErrorId(`${prefix}-events`) : undefined}>
        <legend className="text-sm font-medium">Events</legend>
        <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-2 font-mono text-sm">
              <input type="checkbox" checked={form.events.includes(type)} onChange={() => toggle(type)} />
              {type}
            </label>
          ))}
        </div>
        {errors.events && (
          <p id={fieldErrorId(`${prefix}-events`)} className="mt-1 text-sm font-medium text-destructive">
            {errors.events[0]}
          </p>
        )}
      </fieldset>
    </>
  );
}
