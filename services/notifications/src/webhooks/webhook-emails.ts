import type { OutgoingEmail } from '../email/mailer.js';

/** To the company's contact when one of its endpoints was disabled after failing continuously (ADR 0039). */
export function endpointDisabledEmail(
  contact: { name: string; email: string; contactName: string },
  endpoint: { id: string; url: string; failingSince: Date },
): OutgoingEmail {
  const since = endpoint.failingSince.toISOString().replace('T', ' ').slice(0, 16);
  const text = [
    `Hello ${contact.contactName},`,
    '',
    `PayMarket disabled the webhook endpoint ${endpoint.url} of ${contact.name}: every delivery to it has failed since ${since} UTC.`,
    'No more events are sent to it until you enable it again. Nothing is lost: once it answers again, enable it in the',
    'developer console (/developers) or with PATCH /api/v1/webhook-endpoints/' + endpoint.id + ' {"enabled": true}, then',
    'replay the failed deliveries (POST /api/v1/webhook-endpoints/' + endpoint.id + '/replay) or read what you missed with',
    'GET /api/v1/events.',
    '',
    'The PayMarket team',
  ].join('\n');
  return { to: contact.email, subject: 'A PayMarket webhook endpoint was disabled', text, html: null };
}
