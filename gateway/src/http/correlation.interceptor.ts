import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Observable } from 'rxjs';
import { acceptCorrelationId, runWithCorrelationId } from '@paymarket/platform';

export const CORRELATION_HEADER = 'x-correlation-id';

/** Carries the request's correlation id (set by the onRequest hook) into every RPC and log line it causes. */
@Injectable()
export class CorrelationInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<{ correlationId?: string }>();
    const id = acceptCorrelationId(request.correlationId);
    return new Observable((subscriber) => runWithCorrelationId(id, () => next.handle().subscribe(subscriber)));
  }
}
