import { Global, Module, type DynamicModule } from '@nestjs/common';
import { PaymentProcessor } from '../checkout/payment-processor.js';
import { StripeGateway, StripePaymentProcessor, StripeSdkGateway, type StripeConfig } from './stripe.gateway.js';

export const STRIPE_CONFIG = Symbol('STRIPE_CONFIG');

/** One SDK client behind both ports: StripeGateway (connected accounts) and PaymentProcessor (checkout). */
@Global()
@Module({})
export class StripeModule {
  static forRoot(config: StripeConfig): DynamicModule {
    const gateway = new StripeSdkGateway(config);
    return {
      module: StripeModule,
      providers: [
        { provide: STRIPE_CONFIG, useValue: config },
        { provide: StripeGateway, useValue: gateway },
        { provide: PaymentProcessor, useValue: new StripePaymentProcessor(gateway, config.publishableKey ?? null) },
      ],
      exports: [StripeGateway, PaymentProcessor, STRIPE_CONFIG],
    };
  }
}
