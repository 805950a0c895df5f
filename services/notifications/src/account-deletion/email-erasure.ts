import { erasedBuyerEmail, type AccountDeletionRequestedPayload } from '@paymarket/contracts';
import type { RedactedEmail } from '../email/emails.repository.js';

/** Subject a redacted email keeps in the log and the development mailbox. */
export const REDACTED_EMAIL_SUBJECT = '[erased: the account was deleted]';

/**
 * What an email to a deleted account's address becomes (ADR 0029): the tombstone address, a fixed subject and no
 * body, so the log still shows that an email was written and when, never to whom or what it said.
 */
export function redactedEmailFor(deleted: AccountDeletionRequestedPayload): RedactedEmail {
  return { to: erasedBuyerEmail(deleted.buyerId), subject: REDACTED_EMAIL_SUBJECT, text: '' };
}
