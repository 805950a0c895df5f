import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { createLogger, listenToEvents, type EventListener, type MessagingRuntime } from '@paymarket/platform';
import { PublicReadCache } from './public-read-cache.js';

const log = createLogger('read-cache');

/**
 * A PublicReadCache dropped by events (topic patterns) from any replica, through a private event queue; nothing is
 * kept until the subscription is up, nor while it is down (ADR 0044).
 */
export abstract class EventInvalidatedCache extends PublicReadCache implements OnApplicationBootstrap, OnApplicationShutdown {
  private listener: EventListener | undefined;

  protected constructor(
    private readonly messaging: MessagingRuntime,
    private readonly events: readonly string[],
    private readonly label: string,
    ttlMs: number,
  ) {
    super(ttlMs);
  }

  async onApplicationBootstrap(): Promise<void> {
    try {
      this.listener = await listenToEvents(this.messaging, {
        events: this.events,
        label: this.label,
        onEvent: () => this.invalidate(),
        onConnectionChange: (connected) => this.setLive(connected),
      });
      this.setLive(this.listener.connected);
    } catch (err) {
      // Without the subscription nothing is cached: every read goes to the service, as before.
      log.warn({ err, cache: this.label }, 'read cache disabled: cannot subscribe to its events');
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.setLive(false);
    await this.listener?.close();
  }
}
