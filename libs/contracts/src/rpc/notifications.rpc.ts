import type { MailboxMessage } from '../api/responses.js';

// DO NOT CHANGE THE VALUES WITHOUT A MIGRATION PLAN: they are routing keys bound to service queues.
export const NotificationsRpc = {
  LIST_MAILBOX: 'notifications.list_mailbox',
} as const;

export interface NotificationsRpcMap {
  'notifications.list_mailbox': { request: { limit?: number }; response: MailboxMessage[] };
}
