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
@Catch()
export class ServiceExceptionFilter implements RpcExceptionFilter<unknown> {
  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    if (exception instanceof ServiceError) {
      return throwError(() => exception.getError());
    }
    const errorId = randomUUID();
    log.error({ err: exception, errorId }, 'unhandled error in message handler');
    const payload: ServiceErrorPayload = { code: ServiceErrorCodes.INTERNAL, message: 'Internal server error', errorId };
    return throwError(() => payload);
  }
}
