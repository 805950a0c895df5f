// Free of decorators, so the deletion pages can import these without class-validator (web/src/lib/contracts-light.ts).
/** The word a person types to confirm (spec §5: exactly DELETE, in capitals). */
export const DELETION_CONFIRMATION_WORD = 'DELETE';

/** A confirmation link is valid this long (ADR 0029). */
export const DELETION_LINK_TTL_MS = 24 * 60 * 60_000;

/** Spec §8 toast titles, and the field messages built on them ("Title: what to do"). */
export const ACCOUNT_DELETION_MESSAGES = {
  CONFIRMATION_REQUIRED: 'Confirmation Required',
  EMAIL_REQUIRED: 'Email Required',
  ERROR: 'Error',
  CONFIRMATION_HINT: 'Confirmation Required: type DELETE in capital letters to confirm.',
  EMAIL_HINT: 'Email Required: enter the email address of your PayMarket account.',
  EMAIL_INVALID: 'Email Required: enter a valid email address.',
  REASON_TOO_LONG: 'Reason must be at most 1000 characters',
  REQUEST_RECEIVED:
    'Check your email. If this address belongs to a PayMarket account, we sent a link to confirm the deletion. It expires in 24 hours.',
  LINK_INVALID: 'This confirmation link is not valid. Check the email or submit a new deletion request.',
  LINK_USED: 'This confirmation link has already been used.',
  LINK_EXPIRED: 'This confirmation link has expired. Submit a new deletion request.',
  DELETED: 'Your PayMarket account has been deleted and you have been signed out everywhere.',
} as const;
