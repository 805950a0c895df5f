import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, jest } from '@jest/globals';
import Stripe from 'stripe';
import { startStripeEmulator } from '../src/index.js';

jest.setTimeout(30_000);

function sdk(url: string): Stripe {
  const { hostname, port } = new URL(url);
  return new Stripe('sk_test_persist', { host: hostname, port: Number(port), protocol: 'http', maxNetworkRetries: 0 });
}

describe('Stripe emulator state file', () => {
  it('keeps PaymentIntents, transfers and idempotency keys across a restart', async () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), 'pm-emulator-')), 'stripe.json');
    const first = await startStripeEmulator({ stateFile });
    const intent = await sdk(first.url).paymentIntents.create(
      { amount: 10356, currency: 'usd', automatic_payment_methods: { enabled: true } },
      { idempotencyKey: 'intent:order-1' },
    );
    await sdk(first.url).paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    await first.close();

    const second = await startStripeEmulator({ stateFile });
    try {
      const stripe = sdk(second.url);
      const again = await stripe.paymentIntents.retrieve(intent.id);
      expect(again).toMatchObject({ id: intent.id, status: 'succeeded', amount: 10356 });
      // The same idempotency key after the restart replays the same object instead of creating another.
      const replay = await stripe.paymentIntents.create(
        { amount: 10356, currency: 'usd', automatic_payment_methods: { enabled: true } },
        { idempotencyKey: 'intent:order-1' },
      );
      expect(replay.id).toBe(intent.id);
      // Seeded demo accounts are still there.
      await expect(stripe.accounts.retrieve('acct_1PMDemoPrintCo00001')).resolves.toMatchObject({ id: 'acct_1PMDemoPrintCo00001' });
    } finally {
      await second.close();
    }
  });
});
