import { Webhook } from 'standardwebhooks';

/** The secrets an endpoint signs with right now: its current one, and during a roll's overlap the previous one. */
export interface SigningSecrets {
  current: string;
  previous?: string | null;
}

/**
 * Standard Webhooks headers for one attempt (ADR 0036), made with the `standardwebhooks` package:
 * `webhook-id` is the event id (the same on every retry and resend, for the receiver's dedupe), `webhook-timestamp`
 * is this attempt's time, and `webhook-signature` holds one `v1,<base64>` signature per secret, space-separated, so a
 * receiver that still has the previous secret verifies during a roll.
 */
export function standardWebhookHeaders(messageId: string, body: string, secrets: SigningSecrets, at: Date): Record<string, string> {
  const signatures = [secrets.current, ...(secrets.previous ? [secrets.previous] : [])].map((secret) =>
    new Webhook(secret).sign(messageId, at, body),
  );
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}
