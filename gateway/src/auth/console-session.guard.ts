import { Injectable, UseGuards, applyDecorators } from '@nestjs/common';
import { AUTH_MESSAGES, RpcPatterns, type ConsoleCompany } from '@paymarket/contracts';
import { AuthenticatesWith } from '../openapi/describe.js';
import { sessionAuth } from './session-guard.js';
import { CONSOLE_SESSION_COOKIE } from './session-cookies.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by ConsoleSessionGuard for routes marked @ConsoleSession(). */
    consoleCompany?: ConsoleCompany;
  }
}

const consoleSession = sessionAuth({
  cookie: CONSOLE_SESSION_COOKIE,
  pattern: RpcPatterns.onboarding.RESOLVE_CONSOLE_SESSION,
  refusal: AUTH_MESSAGES.SIGN_IN_REQUIRED,
  field: 'company',
});

/**
 * The developer console's own session (`pm_console`) and nothing else: unlike ApiKeyGuard, a secret key does not pass,
 * as what these routes manage (the console's sign-ins, ADR 0074) belongs to the people signed in, not to integrations.
 */
@Injectable()
@AuthenticatesWith(['consoleSession'])
export class ConsoleSessionGuard extends consoleSession.Guard {}

/** The route needs a signed-in developer console; read the company with @CurrentConsoleCompany(). */
export function ConsoleSession(): MethodDecorator & ClassDecorator {
  return applyDecorators(UseGuards(ConsoleSessionGuard));
}

export const CurrentConsoleCompany = consoleSession.Current;
