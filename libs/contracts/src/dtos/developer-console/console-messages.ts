// Free of decorators, so the developer console renders with them without class-validator (web/src/lib/contracts-light.ts).

export const CONSOLE_MESSAGES = {
  CODE_SENT:
    'Check your email. If it is the contact email of a company with API access, we sent a 6-digit code for the developer console. It expires in 10 minutes.',
  SIGNED_OUT: 'You are signed out of the developer console.',
} as const;

/** What a key may do: everything, or only read (GET) routes (ADR 0037). */
export const API_KEY_ACCESS = ['full', 'read_only'] as const;
export type ApiKeyAccess = (typeof API_KEY_ACCESS)[number];
