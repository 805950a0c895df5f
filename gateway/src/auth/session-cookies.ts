import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Cookie names. Buyer and admin sessions never share a cookie (ADR: sessions). */
export const BUYER_SESSION_COOKIE = 'pm_session';
export const ADMIN_SESSION_COOKIE = 'pm_admin';
/** The developer console (ADR 0037): SameSite=Strict, as it can create keys and read secrets. */
export const CONSOLE_SESSION_COOKIE = 'pm_console';
/** Sellers and print providers on their dashboards (ADR 0047): the buyer cookie's attributes, its own name. */
export const PAYEE_SESSION_COOKIE = 'pm_payee_session';

export type SessionCookie =
  typeof BUYER_SESSION_COOKIE | typeof ADMIN_SESSION_COOKIE | typeof CONSOLE_SESSION_COOKIE | typeof PAYEE_SESSION_COOKIE;

/** Every session cookie: a request with none of them is from a visitor, signed out everywhere (ADR 0062). */
export const SESSION_COOKIES: readonly SessionCookie[] = [
  BUYER_SESSION_COOKIE,
  ADMIN_SESSION_COOKIE,
  CONSOLE_SESSION_COOKIE,
  PAYEE_SESSION_COOKIE,
];

/** Whether the request carries any session cookie, valid or not: only the session checks can tell which. */
export function carriesSessionCookie(request: FastifyRequest): boolean {
  return SESSION_COOKIES.some((name) => typeof request.cookies?.[name] === 'string' && request.cookies[name] !== '');
}

const sameSiteOf = (name: SessionCookie) => (name === CONSOLE_SESSION_COOKIE ? ('strict' as const) : ('lax' as const));

/** The cookie's value, or undefined when absent or not a plausible token (43 base64url characters). */
export function readSessionCookie(request: FastifyRequest, name: SessionCookie): string | undefined {
  const value = request.cookies?.[name];
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
}

/** httpOnly (no script reads it), SameSite=Lax (not sent on cross-site POSTs), Secure in production. */
export function setSessionCookie(reply: FastifyReply, name: SessionCookie, token: string, expiresAt: string, production: boolean): void {
  void reply.setCookie(name, token, {
    httpOnly: true,
    sameSite: sameSiteOf(name),
    secure: production,
    path: '/',
    expires: new Date(expiresAt),
  });
}

export function clearSessionCookie(reply: FastifyReply, name: SessionCookie, production: boolean): void {
  void reply.clearCookie(name, { httpOnly: true, sameSite: sameSiteOf(name), secure: production, path: '/' });
}
