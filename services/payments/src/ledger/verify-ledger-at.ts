import type { LedgerReport } from '@paymarket/contracts';
import { openServiceDatabase } from '@paymarket/platform';
import { CHECKOUT_ENTITIES, CHECKOUT_MIGRATIONS } from '../checkout/checkout.module.js';
import { OrdersRepository } from '../orders/orders.repository.js';
import { StripePaymentProcessor, StripeSdkGateway, type StripeConfig } from '../stripe/stripe.gateway.js';
import { VerifyLedger } from './verify-ledger.use-case.js';

/**
 * The operator's ledger check (`npm run ledger:verify`) outside the running service: the payments schema at
 * `databaseUrl`, reconciled with the Stripe account `stripe` points at (skipped without it).
 */
export async function verifyLedgerAt(options: { databaseUrl: string; stripe?: StripeConfig }): Promise<LedgerReport> {
  const dataSource = await openServiceDatabase({
    url: options.databaseUrl,
    schema: 'payments',
    entities: CHECKOUT_ENTITIES,
    migrations: CHECKOUT_MIGRATIONS,
    poolSize: 2,
  });
  try {
    const processor = new StripePaymentProcessor(new StripeSdkGateway(options.stripe ?? { secretKey: 'sk_test_unused' }), null);
    return await new VerifyLedger(new OrdersRepository(dataSource), processor).execute(Boolean(options.stripe));
  } finally {
    await dataSource.destroy();
  }
}

export function formatLedgerReport(report: LedgerReport): string {
  const lines = [
    `Ledger: ${report.entries} entries over ${report.orders} orders; Stripe ${report.stripeChecked ? 'reconciled' : 'not checked'}.`,
    ...report.problems.map((p) => `  ✗ ${p.orderId}: ${p.problem}`),
    report.ok ? 'OK: every entry balances, and orders, ledger and Stripe agree.' : `${report.problems.length} problem(s) found.`,
  ];
  return `${lines.join('\n')}\n`;
}
