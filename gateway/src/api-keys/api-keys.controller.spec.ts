import { describe, expect, it, jest } from '@jest/globals';
import type { FastifyRequest } from 'fastify';
import { RpcPatterns } from '@paymarket/contracts';
import type { ApiCompany } from '../auth/api-key.guard.js';
import type { GatewayRpc } from '../http/rpc.provider.js';
import { ApiKeysController } from './api-keys.controller.js';

const company = { id: '0b7c7f0e-5d7e-4c55-9e49-2f1c1f0b1a11', access: 'full' } as ApiCompany;

describe(ApiKeysController.name, () => {
  it('POST /api/v1/api-keys forwards the Idempotency-Key to onboarding and documents it as optional', async () => {
    const call = jest.fn(async (_pattern: string, _data: unknown): Promise<unknown> => ({}));
    const sut = new ApiKeysController({ call } as unknown as GatewayRpc);
    const body = { name: 'CI', access: 'full' as const };
    await sut.create(company, body, { headers: { 'idempotency-key': 'k-1' } } as unknown as FastifyRequest);
    expect(call.mock.calls).toEqual([[RpcPatterns.onboarding.CREATE_API_KEY, { ...body, companyId: company.id, idempotencyKey: 'k-1' }]]);
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
    await sut.roll(company, id, { expiresInHours: 2, idempotencyKey: 'from-body' }, {
      headers: { 'idempotency-key': 'k-2' },
    } as unknown as FastifyRequest);
    await sut.roll(company, id, undefined, { headers: {} } as unknown as FastifyRequest);
    expect(call.mock.calls).toEqual([
      [RpcPatterns.onboarding.ROLL_API_KEY, { expiresInHours: 2, companyId: company.id, id, idempotencyKey: 'k-2' }],
      [RpcPatterns.onboarding.ROLL_API_KEY, { companyId: company.id, id, idempotencyKey: undefined }],
    ]);
    const headers = Reflect.getMetadata('swagger/apiParameters', ApiKeysController.prototype.roll) as Array<{
      name: string;
      required: boolean;
    }>;
    expect(headers).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', required: false }));
  });
});
