import type { MailboxMessage } from '../api/responses.js';
import type { EventList, EventView, ListEventsDto } from '../dtos/events/events.dto.js';
import type {
  ListWebhookDeliveriesDto,
  ReplayResult,
  ReplayWebhookDeliveriesDto,
  WebhookDeliveryDetail,
  WebhookDeliveryList,
  WebhookDeliveryView,
} from '../dtos/webhooks/webhook-delivery.dto.js';
import type {
  CreatedWebhookEndpoint,
  RollWebhookSecretDto,
  SendTestWebhookDto,
  UpdateWebhookEndpointDto,
  WebhookSecretView,
  CreateWebhookEndpointDto,
  WebhookEndpointList,
  WebhookEndpointView,
} from '../dtos/webhooks/webhook-endpoint.dto.js';
import type { AuditContext } from '../events/audit.events.js';

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
  SEND_TEST_WEBHOOK: 'notifications.send_test_webhook',
  LIST_WEBHOOK_DELIVERIES: 'notifications.list_webhook_deliveries',
  GET_WEBHOOK_DELIVERY: 'notifications.get_webhook_delivery',
  RESEND_WEBHOOK_DELIVERY: 'notifications.resend_webhook_delivery',
  REPLAY_WEBHOOK_DELIVERIES: 'notifications.replay_webhook_deliveries',
  LIST_EVENTS: 'notifications.list_events',
  GET_EVENT: 'notifications.get_event',
} as const;

export interface NotificationsRpcMap {
  'notifications.list_mailbox': { request: { limit?: number }; response: MailboxMessage[] };
  /**
   * Integrator webhooks (ADR 0033); `companyId` is the caller's company as the gateway's API key guard verified it.
   * `idempotencyKey`, the caller's Idempotency-Key header: registered once per key in the company (ADR 0050).
   * Audited (ADR 0075), as are update, delete and roll below: `audit` is who asked and from where.
   */
  'notifications.create_webhook_endpoint': {
    request: CreateWebhookEndpointDto & { companyId: string; idempotencyKey?: string; audit: AuditContext };
    response: CreatedWebhookEndpoint;
  };
  'notifications.get_webhook_endpoint': { request: { companyId: string; id: string }; response: WebhookEndpointView };
  'notifications.update_webhook_endpoint': {
    request: UpdateWebhookEndpointDto & { companyId: string; id: string; audit: AuditContext };
    response: WebhookEndpointView;
  };
  'notifications.reveal_webhook_secret': { request: { companyId: string; id: string }; response: WebhookSecretView };
  /** `idempotencyKey`, the caller's Idempotency-Key header: one test event per key in the company (ADR 0050). */
  'notifications.send_test_webhook': {
    request: SendTestWebhookDto & { companyId: string; id: string; idempotencyKey?: string };
    response: WebhookDeliveryView;
  };
  'notifications.list_webhook_deliveries': {
    request: ListWebhookDeliveriesDto & { companyId: string; endpointId: string };
    response: WebhookDeliveryList;
  };
  'notifications.get_webhook_delivery': { request: { companyId: string; id: string }; response: WebhookDeliveryDetail };
  'notifications.resend_webhook_delivery': { request: { companyId: string; id: string }; response: WebhookDeliveryView };
  'notifications.replay_webhook_deliveries': {
    request: ReplayWebhookDeliveriesDto & { companyId: string; endpointId: string };
    response: ReplayResult;
  };
  'notifications.list_events': { request: ListEventsDto & { companyId: string }; response: EventList };
  'notifications.get_event': { request: { companyId: string; id: string }; response: EventView };
  /**
   * `idempotencyKey`, the caller's Idempotency-Key header: one roll per Idempotency-Key of the endpoint in the company;
   * a repeat answers the endpoint's current secret, as reveal reads it (ADR 0050).
   */
  'notifications.roll_webhook_secret': {
    request: RollWebhookSecretDto & { companyId: string; id: string; idempotencyKey?: string; audit: AuditContext };
    response: WebhookSecretView;
  };
  'notifications.list_webhook_endpoints': { request: { companyId: string }; response: WebhookEndpointList };
  /** `not_found` for an unknown id or another company's endpoint. */
  'notifications.delete_webhook_endpoint': { request: { companyId: string; id: string; audit: AuditContext }; response: { deleted: true } };
}
