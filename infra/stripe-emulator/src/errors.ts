import type Stripe from 'stripe';

export type StripeErrorType = 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';

/** The `error` object of a Stripe error response, as the SDK reads it into `StripeError.raw`. */
export interface StripeErrorBody {
  type: StripeErrorType;
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  doc_url?: string;
  charge?: string;
  payment_intent?: Stripe.PaymentIntent;
  payment_method?: Stripe.PaymentMethod;
}

/** Thrown by a handler; the server answers `{ error: body }` with `status`, exactly like Stripe. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
    this.name = 'StripeApiError';
  }
}

function docUrl(code: string): string {
  return `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`;
}

function invalidRequest(status: number, message: string, code?: string, param?: string): StripeApiError {
  return new StripeApiError(status, {
    type: 'invalid_request_error',
    message,
    ...(code ? { code, doc_url: docUrl(code) } : {}),
    ...(param ? { param } : {}),
  });
}

// Messages below are Stripe's own wording, so code written against the emulator meets the same texts in production.
export const Errors = {
  rateLimited: () =>
    invalidRequest(
      429,
      'Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.',
      'rate_limit',
    ),
  noApiKey: () =>
    new StripeApiError(401, {
      type: 'invalid_request_error',
      message:
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
    }),
  invalidApiKey: (key: string) =>
    new StripeApiError(401, {
      type: 'invalid_request_error',
      code: 'api_key_invalid',
      message: `Invalid API Key provided: ${maskKey(key)}`,
    }),
  unrecognizedUrl: (method: string, path: string) =>
    invalidRequest(
      404,
      `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    ),
  resourceMissing: (kind: string, id: string, param = 'id') => invalidRequest(404, `No such ${kind}: '${id}'`, 'resource_missing', param),
  missingParam: (param: string) => invalidRequest(400, `Missing required param: ${param}.`, 'parameter_missing', param),
  unknownParam: (param: string) => invalidRequest(400, `Received unknown parameter: ${param}`, 'parameter_unknown', param),
  invalidInteger: (param: string, value: unknown) =>
    invalidRequest(400, `Invalid integer: ${String(value)}`, 'parameter_invalid_integer', param),
  invalidBoolean: (param: string, value: unknown) =>
    invalidRequest(400, `Invalid boolean: ${String(value)}`, 'parameter_invalid_string_blank', param),
  invalidEnum: (param: string, value: unknown, allowed: readonly string[]) =>
    invalidRequest(
      400,
      `Invalid ${param.replace(/\[|\]/g, ' ').trim()}: must be one of ${allowed.join(', ')}`,
      'parameter_invalid_empty',
      param,
    ),
  invalidParam: (param: string, message: string, code = 'parameter_invalid_empty') => invalidRequest(400, message, code, param),
  invalidCurrency: (currency: string, supported: readonly string[]) =>
    invalidRequest(
      400,
      `Invalid currency: ${currency}. Stripe currently supports these currencies: ${supported.join(', ')}`,
      undefined,
      'currency',
    ),
  amountTooSmall: (minimum: string) => invalidRequest(400, `Amount must be at least ${minimum}`, 'amount_too_small', 'amount'),
  amountTooLarge: (maximum: string) => invalidRequest(400, `Amount must be no more than ${maximum}`, 'amount_too_large', 'amount'),
  unexpectedState: (message: string, paymentIntent?: Stripe.PaymentIntent) =>
    new StripeApiError(400, {
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      doc_url: docUrl('payment_intent_unexpected_state'),
      message,
      ...(paymentIntent ? { payment_intent: paymentIntent } : {}),
    }),
  idempotencyMismatch: (key: string) =>
    new StripeApiError(400, {
      type: 'idempotency_error',
      message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    }),
  idempotencyKeyTooLong: () =>
    invalidRequest(400, 'Idempotency-Key must be no more than 255 characters long.', undefined, 'Idempotency-Key'),
  internal: () =>
    new StripeApiError(500, {
      type: 'api_error',
      message: 'An unknown error occurred while processing your request.',
    }),
} as const;

function maskKey(key: string): string {
  if (key.length <= 12) return key.replace(/./g, '*');
  const prefix = key.slice(0, key.indexOf('_', 3) + 1);
  return `${prefix}${'*'.repeat(Math.max(0, key.length - prefix.length - 4))}${key.slice(-4)}`;
}
