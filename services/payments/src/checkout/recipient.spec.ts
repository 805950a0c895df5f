import { describe, expect, it } from '@jest/globals';
import type { RpcClient } from '@paymarket/platform';
import { FakeProcessor } from '../../test/fake-processor.js';
import { ConnectedAccountCheck } from './account-check.js';
import { RecipientResolver } from './recipient.js';
import { RecentAnswers } from './recent-answers.js';
import { RpcSellerDirectory, SellerDirectory } from './seller-directory.js';

const PROVIDER = 'acct_1PMDemoPrintCo00001';
const RESTRICTED = 'acct_1PMDemoRestricted03';

class CountingProcessor extends FakeProcessor {
  asked: string[] = [];
  override async connectedAccountStatus(accountId: string) {
    this.asked.push(accountId);
    return super.connectedAccountStatus(accountId);
  }
}

class Sellers extends SellerDirectory {
  async payoutAccount(sellerId: string) {
    return { sellerId, businessName: 'Maple Ink', sellerName: 'Lou Tremblay', stripeAccountId: PROVIDER };
  }
}

describe(RecipientResolver.name, () => {
  it('asks Stripe about an account once for a run of payments, not at every order and again before the charge', async () => {
    const processor = new CountingProcessor();
    const sut = new RecipientResolver(new ConnectedAccountCheck(processor), new Sellers());
    await sut.resolve(PROVIDER, 'provider');
    await sut.resolve(PROVIDER, 'provider');
    await sut.resolve('seller_5e11e500-0000-4000-8000-000000000001', 'provider');
    expect(processor.asked).toEqual([PROVIDER]);
  });

  it('never keeps a refusal: an account that cannot receive is asked about every time', async () => {
    const processor = new CountingProcessor();
    const sut = new RecipientResolver(new ConnectedAccountCheck(processor), new Sellers());
    await expect(sut.resolve(RESTRICTED, 'provider')).rejects.toMatchObject({ code: 'unprocessable' });
    processor.accounts.set(RESTRICTED, { exists: true, transfersActive: true });
    await expect(sut.resolve(RESTRICTED, 'provider')).resolves.toMatchObject({ stripeAccountId: RESTRICTED });
    expect(processor.asked).toEqual([RESTRICTED, RESTRICTED]);
  });
});

describe(RecentAnswers.name, () => {
  it('forgets an answer when its time is up', () => {
    let now = 1000;
    const sut = new RecentAnswers<string>(30_000, () => now);
    sut.set('a', 'yes');
    now += 29_999;
    expect(sut.get('a')).toBe('yes');
    now += 1;
    expect(sut.get('a')).toBeUndefined();
  });

  it('keeps at most its bound, dropping the oldest', () => {
    const sut = new RecentAnswers<number>(60_000, Date.now, 2);
    sut.set('a', 1);
    sut.set('b', 2);
    sut.set('c', 3);
    expect([sut.get('a'), sut.get('b'), sut.get('c')]).toEqual([undefined, 2, 3]);
  });
});

describe(RpcSellerDirectory.name, () => {
  it("reuses a print provider's name for a minute instead of asking catalog at every order", async () => {
    const calls: unknown[] = [];
    const rpc = { call: async (...args: unknown[]) => (calls.push(args), { name: 'Demo Print Co.', email: null }) } as unknown as RpcClient;
    const sut = new RpcSellerDirectory(rpc);
    expect(await sut.providerName(PROVIDER)).toBe('Demo Print Co.');
    expect(await sut.providerName(PROVIDER)).toBe('Demo Print Co.');
    expect(calls).toHaveLength(1);
  });
});
