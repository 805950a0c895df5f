import { describe, expect, it, jest } from '@jest/globals';
import type { FastifyRequest } from 'fastify';
import { RpcPatterns } from '@paymarket/contracts';
import type { ApiCompany } from '../auth/api-key.guard.js';
import type { GatewayRpc } from '../http/rpc.provider.js';
import { WebhookDeliveriesController } from './webhook-deliveries.controller.js';
import { WebhookEndpointsController } from './webhook-endpoints.controller.js';

const N = RpcPatterns.notifications;
const company = { id: '0b7c7f0e-5d7e-4c55-9e49-2f1c1f0b1a11', access: 'full', via: 'api_key', keyId: 'key-1' } as ApiCompany;
const requestWith = (headers: Record<string, string | string[]>) =>
  ({ headers: { 'user-agent': 'spec-agent', ...headers }, ip: '203.0.113.8' }) as unknown as FastifyRequest;
/** What every change to an endpoint carries for the audit trail (ADR 0075): the API key that asked, and from where. */
const audit = { actor: { type: 'api_key', id: 'key-1', label: 'API key key-1' }, ip: '203.0.113.8', userAgent: 'spec-agent' };
/** The Idempotency-Key header parameter as @Doc describes it to the OpenAPI document. */
const documentedHeader = (handler: object) =>
  (Reflect.getMetadata('swagger/apiParameters', handler) as Array<{ name: string; required: boolean }> | undefined)?.find(
    (h) => h.name === 'Idempotency-Key',
  );

function fakeRpc() {
  const call = jest.fn(async (_pattern: string, _data: unknown): Promise<unknown> => ({}));
  return { rpc: { call } as unknown as GatewayRpc, call };
}

describe('Idempotency-Key on the webhook routes (ADR 0048 retry audit)', () => {
  it('POST /api/v1/webhook-endpoints forwards the key to notifications, and documents it as optional', async () => {
    const { rpc, call } = fakeRpc();
    const sut = new WebhookEndpointsController(rpc);
    const body = { url: 'https://shop.example.com/hooks', events: ['payment.succeeded' as const] };
    await sut.create(company, body, requestWith({ 'idempotency-key': 'k-1' }));
    await sut.create(company, body, requestWith({}));
    expect(call.mock.calls).toEqual([
      [N.CREATE_WEBHOOK_ENDPOINT, { ...body, companyId: company.id, idempotencyKey: 'k-1', audit }],
      [N.CREATE_WEBHOOK_ENDPOINT, { ...body, companyId: company.id, idempotencyKey: undefined, audit }],
    ]);
    expect(documentedHeader(WebhookEndpointsController.prototype.create)).toMatchObject({ required: false });
  });

  it('POST /api/v1/webhook-endpoints/:id/test forwards the key; two headers are refused before anything is sent', async () => {
    const { rpc, call } = fakeRpc();
    const sut = new WebhookDeliveriesController(rpc);
    await sut.test(company, 'e1', undefined, requestWith({ 'idempotency-key': 'k-2' }));
    expect(call.mock.calls).toEqual([[N.SEND_TEST_WEBHOOK, { companyId: company.id, id: 'e1', idempotencyKey: 'k-2' }]]);
    expect(() => sut.test(company, 'e1', {}, requestWith({ 'idempotency-key': ['a', 'b'] }))).toThrow(
      expect.objectContaining({ body: expect.objectContaining({ statusCode: 400 }) }),
    );
    expect(call).toHaveBeenCalledTimes(1);
    expect(documentedHeader(WebhookDeliveriesController.prototype.test)).toMatchObject({ required: false });
  });

  it('POST /api/v1/webhook-endpoints/:id/secret/roll forwards the key (a body cannot set it), and documents it as optional', async () => {
    const { rpc, call } = fakeRpc();
    const sut = new WebhookEndpointsController(rpc);
    // Neither the key nor the audit context can come from the body.
    await sut.roll(
      company,
      'e1',
      { expiresInHours: 0, idempotencyKey: 'from-body', audit: { actor: { type: 'admin', id: 'x', label: 'forged' } } },
      requestWith({ 'idempotency-key': 'k-3' }),
    );
    await sut.roll(company, 'e1', undefined, requestWith({}));
    expect(call.mock.calls).toEqual([
      [N.ROLL_WEBHOOK_SECRET, { expiresInHours: 0, companyId: company.id, id: 'e1', idempotencyKey: 'k-3', audit }],
      [N.ROLL_WEBHOOK_SECRET, { companyId: company.id, id: 'e1', idempotencyKey: undefined, audit }],
    ]);
    await expect(sut.roll(company, 'e1', {}, requestWith({ 'idempotency-key': ['a', 'b'] }))).rejects.toMatchObject({
      body: expect.objectContaining({ statusCode: 400 }),
    });
    expect(call).toHaveBeenCalledTimes(2);
    expect(documentedHeader(WebhookEndpointsController.prototype.roll)).toMatchObject({ required: false });
  });
});
