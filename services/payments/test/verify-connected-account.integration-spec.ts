import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { INestMicroservice } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { RpcPatterns } from '@paymarket/contracts';
import { createMessagingClient, RpcCallError, RpcClient, startServiceApp, type ServiceRuntimeConfig } from '@paymarket/platform';
import { createTestDatabase, testMessagingRuntime, type TestDatabase } from '@paymarket/platform/testing';
import { startStripeEmulator, type StripeEmulator } from '@paymarket/stripe-emulator';
import Stripe from 'stripe';
import { createPaymentsService } from '../src/index.js';

jest.setTimeout(60_000);

// The payments service on a real database and transport, answering the RPC by asking the Stripe emulator.
describe('payments.verify_connected_account through the Stripe emulator', () => {
  let database: TestDatabase;
  let emulator: StripeEmulator;
  let service: INestMicroservice;
  let rpc: RpcClient;
  let proxy: ClientProxy | undefined;
  const closeLater: Array<() => unknown> = [];
  let stripe: Stripe;
  const verify = (stripeAccountId: string) => rpc.call(RpcPatterns.payments.VERIFY_CONNECTED_ACCOUNT, { stripeAccountId });

  beforeAll(async () => {
    database = await createTestDatabase();
    emulator = await startStripeEmulator();
    const messaging = testMessagingRuntime();
    const config: ServiceRuntimeConfig = {
      service: 'payments',
      databaseUrl: database.url,
      messaging,
      rpcTimeoutMs: 5_000,
      production: false,
    };
    service = await startServiceApp(
      createPaymentsService({ secretKey: 'sk_test_integration', apiUrl: emulator.url }).module(config),
      config,
    );
    proxy = createMessagingClient(messaging);
    rpc = new RpcClient(proxy, 5_000);
    stripe = new Stripe('sk_test_integration', { host: '127.0.0.1', port: emulator.port, protocol: 'http' });
  });

  afterAll(async () => {
    await proxy?.close();
    await service?.close().catch(() => undefined);
    await emulator?.close();
    await database?.drop();
  });

  it('verifies the seeded demo accounts that can receive transfers', async () => {
    await expect(verify('acct_1PMDemoPrintCo00001')).resolves.toEqual({
      valid: true,
      message: 'Stripe account verified',
      accountInfo: { businessName: 'Demo Print Co.', country: 'US' },
    });
    await expect(verify('acct_1PMDemoMapleInk0002')).resolves.toMatchObject({
      valid: true,
      accountInfo: { businessName: 'Maple Ink', country: 'CA' },
    });
  });

  it('refuses the restricted demo account, an unknown id and a malformed one with their own texts', async () => {
    await expect(verify('acct_1PMDemoRestricted03')).resolves.toEqual({
      valid: false,
      message: 'Stripe account could not be verified',
      error: 'This Stripe account cannot receive transfers yet. Finish onboarding with Stripe first.',
      accountInfo: { businessName: 'Restricted Prints', country: 'US' },
    });
    await expect(verify('acct_1ThisAccountDoesNotExist')).resolves.toMatchObject({
      valid: false,
      error: 'No Stripe account found with this ID',
    });
    await expect(verify('acct_123')).resolves.toMatchObject({ valid: false, error: 'Please enter your Stripe Connect Account ID' });
  });

  it('accepts a new account only after it finished onboarding through its account link', async () => {
    const account = await stripe.accounts.create({
      type: 'express',
      country: 'CA',
      email: 'owner@newprint.example',
      business_profile: { name: 'New Print' },
    });
    await expect(verify(account.id)).resolves.toMatchObject({
      valid: false,
      error: 'This Stripe account cannot receive transfers yet. Finish onboarding with Stripe first.',
    });

    const link = await stripe.accountLinks.create({
      account: account.id,
      type: 'account_onboarding',
      refresh_url: 'http://localhost:3000/provider-application?refresh=1',
      return_url: 'http://localhost:3000/provider-application?onboarded=1',
    });
    const submitted = await fetch(link.url, { method: 'POST', redirect: 'manual' });
    expect(submitted.status).toBe(303);
    expect(submitted.headers.get('location')).toBe('http://localhost:3000/provider-application?onboarded=1');

    await expect(verify(account.id)).resolves.toEqual({
      valid: true,
      message: 'Stripe account verified',
      accountInfo: { businessName: 'New Print', country: 'CA' },
    });
  });

  // Last: it stops the main service, so over RabbitMQ no other payments consumer competes for the call.
  it('answers a typed error the gateway maps to a 4xx when Stripe is unreachable', async () => {
    await service.close();
    const unreachable = await startStripeEmulator();
    await unreachable.close();
    const messaging = testMessagingRuntime();
    const config: ServiceRuntimeConfig = {
      service: 'payments',
      databaseUrl: database.url,
      messaging,
      rpcTimeoutMs: 5_000,
      production: false,
    };
    const offline = await startServiceApp(
      createPaymentsService({ secretKey: 'sk_test_integration', apiUrl: unreachable.url, timeoutMs: 2_000 }).module(config),
      config,
    );
    try {
      const offlineProxy = createMessagingClient(messaging);
      closeLater.push(() => offlineProxy.close());
      const client = new RpcClient(offlineProxy, 15_000);
      const error = await client
        .call(RpcPatterns.payments.VERIFY_CONNECTED_ACCOUNT, { stripeAccountId: 'acct_1PMDemoPrintCo00001' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RpcCallError);
      expect(error).toMatchObject({
        kind: 'service',
        payload: { code: 'unprocessable', message: 'We could not reach Stripe to verify this account. Please try again in a moment.' },
      });
    } finally {
      for (const close of closeLater.splice(0)) await close();
      await offline.close();
    }
  });
});
