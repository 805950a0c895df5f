import { RpcException } from '@nestjs/microservices';
import { ServiceErrorCodes, type ServiceErrorCode, type ServiceErrorPayload } from '@paymarket/contracts';

/** A failure a service answers on purpose: a code the gateway maps to a status and a message safe to show. */
export class ServiceError extends RpcException {
  constructor(
    readonly code: ServiceErrorCode,
    message: string,
    readonly fields?: Record<string, string[]>,
  ) {
    super({ code, message, ...(fields ? { fields } : {}) } satisfies ServiceErrorPayload);
  }

  static invalid(message: string, fields?: Record<string, string[]>): ServiceError {
    return new ServiceError(ServiceErrorCodes.INVALID, message, fields);
  }
  static notFound(message: string): ServiceError {
    return new ServiceError(ServiceErrorCodes.NOT_FOUND, message);
  }
  static conflict(message: string, fields?: Record<string, string[]>): ServiceError {
    return new ServiceError(ServiceErrorCodes.CONFLICT, message, fields);
  }
  static forbidden(message: string): ServiceError {
    return new ServiceError(ServiceErrorCodes.FORBIDDEN, message);
  }
  static unauthorized(message: string): ServiceError {
    return new ServiceError(ServiceErrorCodes.UNAUTHORIZED, message);
  }
  static rateLimited(message: string, retryAfterSeconds: number): ServiceError {
    const error = new ServiceError(ServiceErrorCodes.RATE_LIMITED, message);
    (error.getError() as ServiceErrorPayload).retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
    return error;
  }
}
