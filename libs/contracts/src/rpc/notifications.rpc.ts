import type { MailboxMessage } from '../api/responses.js';
import type {
  CreateWebhookEndpointDto,
  WebhookEndpointListResponse,
  WebhookEndpointResponse,
} from '../dtos/webhooks/webhook-endpoint.dto.js';

// DO NOT CHANGE THE VALUES WITHOUT A MIGRATION PLAN: they are routing keys bound to service queues.
export const NotificationsRpc = {
  LIST_MAILBOX: 'notifications.list_mailbox',
  CREATE_WEBHOOK_ENDPOINT: 'notifications.create_webhook_endpoint',
  LIST_WEBHOOK_ENDPOINTS: 'notifications.list_webhook_endpoints',
  DELETE_WEBHOOK_ENDPOINT: 'notifications.delete_webhook_endpoint',
} as const;

export interface NotificationsRpcMap {
  'notifications.list_mailbox': { request: { limit?: number }; response: MailboxMessage[] };
  /** Integrator webhooks (ADR 0033); `companyId` is the caller's company as the gateway's API key guard verified it. */
  'notifications.create_webhook_endpoint': {
    request: CreateWebhookEndpointDto & { companyId: string };
    response: WebhookEndpointResponse;
  };
  'notifications.list_webhook_endpoints': { request: { companyId: string }; response: WebhookEndpointListResponse };
  /** `not_found` for an unknown id or another company's endpoint. */
  'notifications.delete_webhook_endpoint': { request: { companyId: string; id: string }; response: { deleted: true } };
}
