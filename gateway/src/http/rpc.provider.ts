import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { createMessagingClient, RpcClient } from '@paymarket/platform';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';

/** The gateway's one broker client; every controller calls services through it. */
@Injectable()
export class GatewayRpc extends RpcClient implements OnApplicationShutdown {
  private readonly proxy: ClientProxy;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    const proxy = createMessagingClient(config.messaging);
    super(proxy, config.rpcTimeoutMs, 'gateway');
    this.proxy = proxy;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.proxy.close();
  }
}
