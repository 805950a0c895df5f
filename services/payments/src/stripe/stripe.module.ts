import { Global, Inject, Injectable, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { stripeLimiterFromEnv } from '../config/payments-env.js';
import { PaymentProcessor } from '../checkout/payment-processor.js';
import { StripeGateway, StripePaymentProcessor, StripeSdkGateway, type StripeConfig } from './stripe.gateway.js';

export const STRIPE_CONFIG = Symbol('STRIPE_CONFIG');

/** Closes the limiter's Redis connection when the service stops. */
@Injectable()
class StripeLimiterShutdown implements OnApplicationShutdown {
  constructor(@Inject(STRIPE_CONFIG) private readonly config: StripeConfig) {}
  async onApplicationShutdown(): Promise<void> {
    await this.config.limiter?.close();
  }
}

/** One SDK client behind both ports: StripeGateway (connected accounts) and PaymentProcessor (checkout). */
@Global()
@Module({})
export class StripeModule {
  static forRoot(given: StripeConfig): DynamicModule {
    // Every Stripe request waits in the limiter (issue 22); a config that names none gets the one the env describes.
    const config: StripeConfig = given.limiter === undefined ? { ...given, limiter: stripeLimiterFromEnv(given) } : given;
    const gateway = new StripeSdkGateway(config);
    return {
      module: StripeModule,
      providers: [
        { provide: STRIPE_CONFIG, useValue: config },
        StripeLimiterShutdown,
        { provide: StripeGateway, useValue: gateway },
        { provide: PaymentProcessor, useValue: new StripePaymentProcessor(gateway, config.publishableKey ?? null) },
      ],
      exports: [StripeGateway, PaymentProcessor, STRIPE_CONFIG],
    };
  }
}
