/** The raw user agent is kept for an investigation, but no longer than this (a header is attacker-chosen). */
export const USER_AGENT_MAX_LENGTH = 512;

/** Where a session was started, as the gateway saw it (ADR 0074). */
export interface SessionClient {
  userAgent: string | null;
  ip: string | null;
}

/**
 * A label a person recognises ("Chrome on Linux"): shared with the web, which labels the audit trail's rows the same way.
 */
export { deviceLabel } from '@paymarket/contracts';

/** The client as stored: the user agent capped, the IP as a short string; anything else becomes null. */
export function normaliseClient(input: { userAgent?: unknown; ip?: unknown }): SessionClient {
  const userAgent =
    typeof input.userAgent === 'string' && input.userAgent.trim() !== '' ? input.userAgent.slice(0, USER_AGENT_MAX_LENGTH) : null;
  const ip = typeof input.ip === 'string' && input.ip !== '' ? input.ip.slice(0, 100) : null;
  return { userAgent, ip };
}
