import { describe, expect, it } from '@jest/globals';
import { NotFoundException } from '@nestjs/common';
import { RpcCallError } from '@paymarket/platform';
import { ApiError, toApiError } from './api-error.js';

describe(toApiError.name, () => {
  it.each([
    ['invalid', 400],
    ['unauthorized', 401],
    ['forbidden', 403],
    ['not_found', 404],
    ['conflict', 409],
    ['unprocessable', 422],
    ['rate_limited', 429],
    ['unavailable', 503],
  ] as const)('maps a service %s error to %i with its message and fields', (code, status) => {
    const body = toApiError(new RpcCallError('service', 'x.y', { code, message: 'Readable.', fields: { f: ['m'] } }), {});
    expect(body).toEqual({ statusCode: status, error: expect.any(String), message: 'Readable.', fields: { f: ['m'] } });
  });

  it('hides a service internal error behind a generic message, keeping its errorId', () => {
    const body = toApiError(
      new RpcCallError('service', 'x.y', { code: 'internal', message: 'relation "x" does not exist', errorId: 'abc' }),
      {},
    );
    expect(body).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Something went wrong on our side. Please try again.',
      errorId: 'abc',
    });
  });

  it('answers 503 when a service did not answer or could not be reached', () => {
    const timeout = new RpcCallError('timeout', 'onboarding.register_buyer', {
      code: 'internal',
      message: 'The onboarding service did not answer in time. Please try again in a moment.',
    });
    expect(toApiError(timeout, {})).toMatchObject({ statusCode: 503, message: timeout.message });
    expect(toApiError(new RpcCallError('unavailable', 'a.b', { code: 'internal', message: 'down' }), {})).toMatchObject({
      statusCode: 503,
    });
  });

  it('turns an unexpected error into a 500 with a fresh errorId and no internals', () => {
    const body = toApiError(new TypeError('cannot read properties of undefined (secret stack)'), {});
    expect(body).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Something went wrong on our side. Please try again.',
      errorId: expect.any(String),
    });
    expect(JSON.stringify(body)).not.toContain('secret');
  });

  it('keeps framework 4xx errors (bad JSON, too large) as they are', () => {
    expect(toApiError(Object.assign(new Error('x'), { statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE' }), {})).toMatchObject({
      statusCode: 413,
      message: 'The request body is too large.',
    });
    expect(toApiError(new NotFoundException('Cannot GET /api/x'), {})).toMatchObject({ statusCode: 404, message: 'Cannot GET /api/x' });
    expect(toApiError(ApiError.of(400, 'Name is required', { name: ['Name is required'] }), {})).toMatchObject({
      statusCode: 400,
      fields: { name: ['Name is required'] },
    });
  });
});
