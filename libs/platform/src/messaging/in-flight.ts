import type { CustomTransportStrategy } from '@nestjs/microservices';

/** Counts messages being handled, so shutdown can wait for them instead of abandoning them mid-transaction. */
export class InFlightTracker {
  private count = 0;
  private waiters: Array<() => void> = [];

  begin(): void {
    this.count++;
  }

  end(): void {
    this.count = Math.max(0, this.count - 1);
    if (this.count === 0) for (const wake of this.waiters.splice(0)) wake();
  }

  get size(): number {
    return this.count;
  }

  /** Resolves true once nothing is in flight, or false when `timeoutMs` passes first. */
  whenIdle(timeoutMs: number): Promise<boolean> {
    if (this.count === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
}

/**
 * Nest closes a microservice's transport before any shutdown hook runs; this makes the transport first wait for
 * the messages it is handling (up to `timeoutMs`), so their transactions commit and they are acked on a live
 * channel rather than redelivered.
 */
export function drainBeforeClose<T extends CustomTransportStrategy>(server: T, tracker: InFlightTracker, timeoutMs = 10_000): T {
  const close = server.close.bind(server) as () => unknown;
  server.close = async () => {
    await tracker.whenIdle(timeoutMs);
    return close();
  };
  return server;
}
