import { Catch, type ArgumentsHost, type RpcExceptionFilter } from '@nestjs/common';
import { throwError, type Observable } from 'rxjs';
import { randomUUID } from 'node:crypto';
import { ServiceErrorCodes, type ServiceErrorPayload } from '@paymarket/contracts';
import { ServiceError } from './service-error.js';
import { createLogger } from '../logging/logger.js';

const log = createLogger('service-errors');

/**
 * Typed errors cross the broker as they are; anything else becomes `internal` with an errorId that is also in
 * the log, so no stack or SQL ever reaches a caller.
 */
/** The payload a handler's error crosses the broker as (also the lean RPC path's, ADR 0057). */
export function serviceErrorPayloadOf(exception: unknown): ServiceErrorPayload {
  if (exception instanceof ServiceError) return exception.getError() as ServiceErrorPayload;
  const errorId = randomUUID();
  log.error({ err: exception, errorId }, 'unhandled error in message handler');
  return { code: ServiceErrorCodes.INTERNAL, message: 'Internal server error', errorId };
}

@Catch()
export class ServiceExceptionFilter implements RpcExceptionFilter<unknown> {
  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    const payload = serviceErrorPayloadOf(exception);
    return throwError(() => payload);
  }
}
