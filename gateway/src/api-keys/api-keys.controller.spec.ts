import { describe, expect, it, jest } from '@jest/globals';
import type { FastifyRequest } from 'fastify';
import { RpcPatterns } from '@paymarket/contracts';
import type { ApiCompany } from '../auth/api-key.guard.js';
import type { GatewayRpc } from '../http/rpc.provider.js';
import { ApiKeysController } from './api-keys.controller.js';

const company = {
  id: '0b7c7f0e-5d7e-4c55-9e49-2f1c1f0b1a11',
  access: 'full',
  via: 'api_key',
  keyId: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
} as ApiCompany;
/** Who acted and from where, for the audit trail (ADR 0075): the calling key, never its secret. */
const audit = {
  actor: { type: 'api_key', id: company.keyId, label: `API key ${company.keyId}` },
  ip: '203.0.113.9',
  userAgent: 'curl/8.5.0',
};
const from = { ip: '203.0.113.9', 'user-agent': 'curl/8.5.0' };

describe(ApiKeysController.name, () => {
  it('POST /api/v1/api-keys forwards the Idempotency-Key to onboarding and documents it as optional', async () => {
    const call = jest.fn(async (_pattern: string, _data: unknown): Promise<unknown> => ({}));
    const sut = new ApiKeysController({ call } as unknown as GatewayRpc);
    const body = { name: 'CI', access: 'full' as const };
    await sut.create(company, body, {
      ip: from.ip,
      headers: { 'idempotency-key': 'k-1', 'user-agent': from['user-agent'] },
    } as unknown as FastifyRequest);
    expect(call.mock.calls).toEqual([
      [RpcPatterns.onboarding.CREATE_API_KEY, { ...body, companyId: company.id, idempotencyKey: 'k-1', audit }],
    ]);
    const headers = Reflect.getMetadata('swagger/apiParameters', ApiKeysController.prototype.create) as Array<{
      name: string;
      required: boolean;
    }>;
    expect(headers).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', required: false }));
  });

  it('POST /api/v1/api-keys/:id/roll forwards the Idempotency-Key (a body cannot set it) and documents it as optional', async () => {
    const call = jest.fn(async (_pattern: string, _data: unknown): Promise<unknown> => ({}));
    const sut = new ApiKeysController({ call } as unknown as GatewayRpc);
    const id = '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b';
    await sut.roll(company, id, { expiresInHours: 2, idempotencyKey: 'from-body', audit: 'from-body' }, {
      ip: from.ip,
      headers: { 'idempotency-key': 'k-2', 'user-agent': from['user-agent'] },
    } as unknown as FastifyRequest);
    await sut.roll(company, id, undefined, { ip: from.ip, headers: { 'user-agent': from['user-agent'] } } as unknown as FastifyRequest);
    expect(call.mock.calls).toEqual([
      [RpcPatterns.onboarding.ROLL_API_KEY, { expiresInHours: 2, companyId: company.id, id, idempotencyKey: 'k-2', audit }],
      [RpcPatterns.onboarding.ROLL_API_KEY, { companyId: company.id, id, idempotencyKey: undefined, audit }],
    ]);
    const headers = Reflect.getMetadata('swagger/apiParameters', ApiKeysController.prototype.roll) as Array<{
      name: string;
      required: boolean;
    }>;
    expect(headers).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', required: false }));
  });
});
