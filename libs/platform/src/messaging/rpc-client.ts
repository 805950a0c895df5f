import { RmqRecordBuilder, type ClientProxy } from '@nestjs/microservices';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import {
  isServiceErrorPayload,
  ServiceErrorCodes,
  type RpcEnvelope,
  type RpcPattern,
  type RpcRequest,
  type RpcResponse,
  type ServiceErrorPayload,
} from '@paymarket/contracts';
import { currentCorrelationId } from '../logging/request-context.js';
import { observeRpcCall } from '../metrics/metrics.js';
import { traceRpcCall, type TraceCarrier } from '../tracing/tracing.js';

export type RpcFailureKind = 'service' | 'timeout' | 'unavailable';

/** Why a call failed: the service answered with a typed error, did not answer in time, or could not be reached. */
export class RpcCallError extends Error {
  constructor(
    readonly kind: RpcFailureKind,
    readonly pattern: string,
    readonly payload: ServiceErrorPayload,
    options?: { cause?: unknown },
  ) {
    super(payload.message, options);
    this.name = 'RpcCallError';
  }
}

/** Typed request–response over the broker, with a timeout and the caller's correlation id. */
export class RpcClient {
  constructor(
    private readonly client: ClientProxy,
    private readonly timeoutMs: number,
    /** The calling process's service, for the rpc client metrics. */
    private readonly caller: string = 'unknown',
  ) {}

  async call<P extends RpcPattern>(pattern: P, data: RpcRequest<P>, options: { timeoutMs?: number } = {}): Promise<RpcResponse<P>> {
    // A CLIENT span; its W3C trace context travels as message headers (traceparent, tracestate) to the server.
    return traceRpcCall(pattern, (traceHeaders) => this.send(pattern, data, options, traceHeaders));
  }

  private async send<P extends RpcPattern>(
    pattern: P,
    data: RpcRequest<P>,
    options: { timeoutMs?: number },
    traceHeaders: TraceCarrier | undefined,
  ): Promise<RpcResponse<P>> {
    const ms = options.timeoutMs ?? this.timeoutMs;
    const envelope: RpcEnvelope<RpcRequest<P>> = { meta: { correlationId: currentCorrelationId(), deadline: Date.now() + ms }, data };
    // The message expires with the caller's patience, so a command nobody waits for any more is never executed late.
    const record = new RmqRecordBuilder(envelope)
      .setOptions({ expiration: String(ms), persistent: false, ...(traceHeaders ? { headers: traceHeaders } : {}) })
      .build();
    const service = pattern.split('.')[0] ?? pattern;
    const started = performance.now();
    try {
      const response = await firstValueFrom(this.client.send<RpcResponse<P>>(pattern, record).pipe(timeout({ first: ms })));
      observeRpcCall(this.caller, pattern, 'ok', started);
      return response;
    } catch (err) {
      const outcome = err instanceof TimeoutError ? 'timeout' : isServiceErrorPayload(err) ? 'service_error' : 'unavailable';
      observeRpcCall(this.caller, pattern, outcome, started);
      if (err instanceof TimeoutError) {
        throw new RpcCallError('timeout', pattern, {
          code: ServiceErrorCodes.INTERNAL,
          message: `The ${service} service did not answer in time. Please try again in a moment.`,
        });
      }
      if (isServiceErrorPayload(err)) throw new RpcCallError('service', pattern, err);
      throw new RpcCallError(
        'unavailable',
        pattern,
        { code: ServiceErrorCodes.INTERNAL, message: `The ${service} service is unavailable. Please try again in a moment.` },
        { cause: err },
      );
    }
  }
}
