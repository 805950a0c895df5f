import { describe, expect, it, jest } from '@jest/globals';
import type { FastifyRequest } from 'fastify';
import { RpcPatterns, type SignedInAdmin } from '@paymarket/contracts';
import type { ApiCompany } from '../auth/api-key.guard.js';
import { ProviderReviewController } from '../catalog/provider-review.controller.js';
import { IntegratorRefundsController } from '../payments/integrator-refunds.controller.js';
import { PaymentsController } from '../payments/payments.controller.js';
import { WebhookEndpointsController } from '../webhooks/webhook-endpoints.controller.js';
import type { GatewayRpc } from './rpc.provider.js';

const admin: SignedInAdmin = { id: 'ad000000-0000-4000-8000-000000000001', email: 'admin@example.com' };
const company = { id: '0b7c7f0e-5d7e-4c55-9e49-2f1c1f0b1a11', access: 'full', via: 'api_key', keyId: 'key-1' } as ApiCompany;
const consoleCompany = { ...company, via: 'console', keyId: null, consoleEmail: 'ops@acme.example' } as ApiCompany;
const request = {
  ip: '198.51.100.9',
  headers: { 'user-agent': 'Mozilla/5.0 (spec)', 'idempotency-key': 'k-1' },
} as unknown as FastifyRequest;
const from = { ip: '198.51.100.9', userAgent: 'Mozilla/5.0 (spec)' };
const byAdmin = { actor: { type: 'admin', id: admin.id, label: admin.email }, ...from };
const byKey = { actor: { type: 'api_key', id: 'key-1', label: 'API key key-1' }, ...from };

function fakeRpc() {
  const call = jest.fn(async (_pattern: string, _data: unknown): Promise<unknown> => ({}));
  return { rpc: { call } as unknown as GatewayRpc, call };
}

/** The audit context (ADR 0075) each privileged command of payments, catalog and notifications carries. */
describe('privileged commands carry who asked and from where (ADR 0075)', () => {
  it("an administrator's refund and an integrator's refund", async () => {
    const { rpc, call } = fakeRpc();
    await new PaymentsController(rpc).refund('order_1', { amount: '5.00' }, admin, request);
    await new IntegratorRefundsController(rpc).create({ order: 'o1', amount: 500 }, company, request);
    expect(call.mock.calls).toEqual([
      [RpcPatterns.checkout.REFUND_ORDER, expect.objectContaining({ idempotencyKey: 'k-1', audit: byAdmin })],
      [RpcPatterns.checkout.API_CREATE_REFUND, expect.objectContaining({ idempotencyKey: 'k-1', audit: byKey })],
    ]);
  });

  it('a provider application approved or rejected', async () => {
    const { rpc, call } = fakeRpc();
    const sut = new ProviderReviewController(rpc);
    await sut.approve('a1', { note: 'Welcome' }, admin, request);
    await sut.reject('a1', {}, admin, request);
    expect(call.mock.calls).toEqual([
      [RpcPatterns.catalog.DECIDE_PROVIDER_APPLICATION, expect.objectContaining({ decision: 'approved', audit: byAdmin })],
      [RpcPatterns.catalog.DECIDE_PROVIDER_APPLICATION, expect.objectContaining({ decision: 'rejected', audit: byAdmin })],
    ]);
  });

  it("a webhook endpoint updated or deleted, by a key or the console's contact; a body cannot set the context", async () => {
    const { rpc, call } = fakeRpc();
    const sut = new WebhookEndpointsController(rpc);
    const forged = { enabled: false, audit: { actor: { type: 'admin', id: 'x', label: 'forged' } } };
    await sut.update(company, 'e1', forged as never, request);
    await sut.remove(consoleCompany, 'e1', request);
    expect(call.mock.calls).toEqual([
      [RpcPatterns.notifications.UPDATE_WEBHOOK_ENDPOINT, { enabled: false, companyId: company.id, id: 'e1', audit: byKey }],
      [
        RpcPatterns.notifications.DELETE_WEBHOOK_ENDPOINT,
        { companyId: company.id, id: 'e1', audit: { actor: { type: 'console', id: company.id, label: 'ops@acme.example' }, ...from } },
      ],
    ]);
  });
});
