import { RmqRecordBuilder, type ClientProxy } from '@nestjs/microservices';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import {
  isServiceErrorPayload,
  SERVICE_NAMES,
  type ServiceName,
  ServiceErrorCodes,
  type RpcEnvelope,
  type RpcPattern,
  type RpcRequest,
  type RpcResponse,
  type ServiceErrorPayload,
} from '@paymarket/contracts';
import { currentCorrelationId } from '../logging/request-context.js';
import { ResilientClientRMQ } from './runtime.js';
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

const SERVICES: ReadonlySet<string> = new Set(SERVICE_NAMES);
const isServiceName = (name: string): name is ServiceName => SERVICES.has(name);

export interface RpcCallOptions {
  timeoutMs?: number;
  correlationId?: string;
}

/** Typed request–response over the broker, with a timeout and the caller's correlation id. */
export class RpcClient {
  constructor(
    private readonly client: ClientProxy,
    private readonly timeoutMs: number,
    /** The calling process's service, for the rpc client metrics. */
    private readonly caller: string = 'unknown',
  ) {}

  /**
   * `correlationId`: the caller's, when it is not the ambient one (a route answered before Nest's pipeline, which
   * would otherwise set it; ADR 0057).
   */
  async call<P extends RpcPattern>(pattern: P, data: RpcRequest<P>, options: RpcCallOptions = {}): Promise<RpcResponse<P>> {
    // A CLIENT span; its W3C trace context travels as message headers (traceparent, tracestate) to the server.
    return traceRpcCall(pattern, (traceHeaders) => this.send(pattern, data, options, traceHeaders));
  }

  /** On RabbitMQ straight to the service's RPC queue (ADR 0057); elsewhere (embedded mode) through Nest's client. */
  private request<P extends RpcPattern>(
    pattern: P,
    service: string,
    envelope: RpcEnvelope<RpcRequest<P>>,
    ms: number,
    traceHeaders: TraceCarrier | undefined,
  ): Promise<RpcResponse<P>> {
    if (this.client instanceof ResilientClientRMQ && isServiceName(service)) {
      return this.client.request(service, pattern, envelope, { timeoutMs: ms, headers: traceHeaders }) as Promise<RpcResponse<P>>;
    }
    // The message expires with the caller's patience, so a command nobody waits for any more is never executed late.
    const record = new RmqRecordBuilder(envelope)
      .setOptions({ expiration: String(ms), persistent: false, ...(traceHeaders ? { headers: traceHeaders } : {}) })
      .build();
    return firstValueFrom(this.client.send<RpcResponse<P>>(pattern, record).pipe(timeout({ first: ms })));
  }

  private async send<P extends RpcPattern>(
    pattern: P,
    data: RpcRequest<P>,
    options: RpcCallOptions,
    traceHeaders: TraceCarrier | undefined,
  ): Promise<RpcResponse<P>> {
    const ms = options.timeoutMs ?? this.timeoutMs;
    const envelope: RpcEnvelope<RpcRequest<P>> = {
      meta: { correlationId: options.correlationId ?? currentCorrelationId(), deadline: Date.now() + ms },
      data,
    };
    const service = pattern.split('.')[0] ?? pattern;
    const started = performance.now();
    try {
      const response = await this.request<P>(pattern, service, envelope, ms, traceHeaders);
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
