import { randomUUID } from 'node:crypto';
import { HttpException } from '@nestjs/common';
import type { ApiErrorBody } from '@paymarket/contracts';
import { createLogger, RpcCallError } from '@paymarket/platform';
import { reasonOf, STATUS_OF_CODE } from './http-status.js';

const log = createLogger('gateway-errors');

/** An error answer of the gateway: status plus the body every client can show as it is. */
export class ApiError extends HttpException {
  constructor(readonly body: ApiErrorBody) {
    super(body, body.statusCode);
  }

  static of(statusCode: number, message: string, fields?: Record<string, string[]>): ApiError {
    return new ApiError({ statusCode, error: reasonOf(statusCode), message, ...(fields ? { fields } : {}) });
  }
}

interface FastifyLikeError {
  statusCode?: number;
  code?: string;
  message?: string;
}

function fastifyMessage(error: FastifyLikeError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request body as application/json.';
    default:
      return status === 400 && error.message?.includes('JSON')
        ? 'The request body is not valid JSON.'
        : (error.message ?? reasonOf(status));
  }
}

/**
 * One mapping from anything thrown to the API's error body: typed service errors to their status, timeouts to
 * 503, framework errors (bad JSON, too large) to their 4xx, and everything else to a 500 whose errorId is in the
 * log — never a stack trace.
 */
export function toApiError(error: unknown, context: { correlationId?: string; method?: string; url?: string }): ApiErrorBody {
  if (error instanceof ApiError) return error.body;
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const response = error.getResponse();
    const message =
      typeof response === 'string'
        ? response
        : typeof (response as { message?: unknown }).message === 'string'
          ? (response as { message: string }).message
          : Array.isArray((response as { message?: unknown }).message)
            ? (response as { message: string[] }).message.join('; ')
            : reasonOf(status);
    return { statusCode: status, error: reasonOf(status), message };
  }
  if (error instanceof RpcCallError) {
    if (error.kind === 'service') {
      const status = STATUS_OF_CODE[error.payload.code];
      // `unavailable` (503) is a service saying on purpose that another service it needs did not answer: its message is safe.
      if (status >= 500 && error.payload.code !== 'unavailable') {
        log.error({ ...context, pattern: error.pattern, errorId: error.payload.errorId }, 'service answered an internal error');
        return {
          statusCode: status,
          error: reasonOf(status),
          message: 'Something went wrong on our side. Please try again.',
          errorId: error.payload.errorId,
        };
      }
      return {
        statusCode: status,
        error: reasonOf(status),
        message: error.payload.message,
        ...(error.payload.fields ? { fields: error.payload.fields } : {}),
      };
    }
    log.warn({ ...context, pattern: error.pattern, kind: error.kind, err: error.cause }, 'service call failed');
    return { statusCode: 503, error: reasonOf(503), message: error.message };
  }
  const fastifyError = error as FastifyLikeError;
  if (typeof fastifyError?.statusCode === 'number' && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    const status = fastifyError.statusCode;
    return { statusCode: status, error: reasonOf(status), message: fastifyMessage(fastifyError, status) };
  }
  const errorId = randomUUID();
  log.error({ ...context, err: error, errorId }, 'unhandled error');
  return { statusCode: 500, error: reasonOf(500), message: 'Something went wrong on our side. Please try again.', errorId };
}
