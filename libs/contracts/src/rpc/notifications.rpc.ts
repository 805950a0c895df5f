import type { MailboxMessage } from '../api/responses.js';
import type {
  CreatedWebhookEndpoint,
  RollWebhookSecretDto,
  UpdateWebhookEndpointDto,
  WebhookSecretView,
  CreateWebhookEndpointDto,
  WebhookEndpointList,
  WebhookEndpointView,
} from '../dtos/webhooks/webhook-endpoint.dto.js';

// DO NOT CHANGE THE VALUES WITHOUT A MIGRATION PLAN: they are routing keys bound to service queues.
export const NotificationsRpc = {
  LIST_MAILBOX: 'notifications.list_mailbox',
  CREATE_WEBHOOK_ENDPOINT: 'notifications.create_webhook_endpoint',
  LIST_WEBHOOK_ENDPOINTS: 'notifications.list_webhook_endpoints',
  DELETE_WEBHOOK_ENDPOINT: 'notifications.delete_webhook_endpoint',
  GET_WEBHOOK_ENDPOINT: 'notifications.get_webhook_endpoint',
  UPDATE_WEBHOOK_ENDPOINT: 'notifications.update_webhook_endpoint',
  REVEAL_WEBHOOK_SECRET: 'notifications.reveal_webhook_secret',
  ROLL_WEBHOOK_SECRET: 'notifications.roll_webhook_secret',
} as const;

export interface NotificationsRpcMap {
  'notifications.list_mailbox': { request: { limit?: number }; response: MailboxMessage[] };
  /** Integrator webhooks (ADR 0033); `companyId` is the caller's company as the gateway's API key guard verified it. */
  'notifications.create_webhook_endpoint': {
    request: CreateWebhookEndpointDto & { companyId: string };
    response: CreatedWebhookEndpoint;
  };
  'notifications.get_webhook_endpoint': { request: { companyId: string; id: string }; response: WebhookEndpointView };
  'notifications.update_webhook_endpoint': {
    request: UpdateWebhookEndpointDto & { companyId: string; id: string };
    response: WebhookEndpointView;
  };
  'notifications.reveal_webhook_secret': { request: { companyId: string; id: string }; response: WebhookSecretView };
  'notifications.roll_webhook_secret': { request: RollWebhookSecretDto & { companyId: string; id: string }; response: WebhookSecretView };
  'notifications.list_webhook_endpoints': { request: { companyId: string }; response: WebhookEndpointList };
  /** `not_found` for an unknown id or another company's endpoint. */
  'notifications.delete_webhook_endpoint': { request: { companyId: string; id: string }; response: { deleted: true } };
}
