import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  ProviderApplicationDto,
  RpcPatterns,
  ValidateStripeAccountDto,
  type PrintProvider,
  type SubmitProviderApplicationResponse,
  type ValidateStripeAccountResponse,
} from '@paymarket/contracts';
import { RpcCallError } from '@paymarket/platform';
import { GatewayRpc } from '../http/rpc.provider.js';
import { idempotencyKeyOf } from '../http/idempotency-key.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';
import { Doc, DocTag } from '../openapi/describe.js';

@DocTag('Print providers')
@Controller('api')
export class ProvidersController {
  constructor(private readonly rpc: GatewayRpc) {}

  /** Approved print providers only (the payment page's provider select). */
  @Doc({ summary: 'List approved print providers', returns: 'PrintProvider', isArray: true })
  @Get('print-providers')
  async list(): Promise<PrintProvider[]> {
    return this.rpc.call(RpcPatterns.catalog.LIST_PRINT_PROVIDERS, {});
  }

  @Doc({
    summary: 'Apply as a print provider',
    status: 201,
    returns: 'SubmitProviderApplicationResponse',
    idempotent: true,
    errors: [400, 409, 422],
  })
  @Post('provider-applications')
  @HttpCode(201)
  @RateLimit('public-form')
  async apply(@Body() body: ProviderApplicationDto, @Req() request: FastifyRequest): Promise<SubmitProviderApplicationResponse> {
    return this.rpc.call(RpcPatterns.catalog.SUBMIT_PROVIDER_APPLICATION, { ...body, idempotencyKey: idempotencyKeyOf(request) });
  }

  /** Asks payments (which asks Stripe) whether the connected account exists and can receive transfers. */
  @Doc({
    summary: 'Check that a Stripe connected account can receive payouts',
    returns: 'ValidateStripeAccountResponse',
    errors: [400, 422],
  })
  @Post('validate-stripe-account')
  @HttpCode(200)
  @RateLimit('public-form')
  async validate(@Body() body: ValidateStripeAccountDto): Promise<ValidateStripeAccountResponse> {
    try {
      const answer = await this.rpc.call(RpcPatterns.payments.VERIFY_CONNECTED_ACCOUNT, { stripeAccountId: body.stripeAccountId });
      return {
        valid: answer.valid,
        message: answer.message,
        error: answer.valid ? null : (answer.error ?? answer.message),
        accountInfo: answer.accountInfo ?? null,
      };
    } catch (error) {
      // A malformed id is an answer ("not valid"), not a failure of the call.
      if (error instanceof RpcCallError && error.kind === 'service' && error.payload.code === 'invalid') {
        return { valid: false, message: error.payload.message, error: error.payload.message, accountInfo: null };
      }
      throw error;
    }
  }
}
