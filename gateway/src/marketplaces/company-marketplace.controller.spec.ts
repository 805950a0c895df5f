import { describe, expect, it, jest } from '@jest/globals';
import type { FastifyRequest } from 'fastify';
import { RpcPatterns } from '@paymarket/contracts';
import type { ApiCompany } from '../auth/api-key.guard.js';
import type { GatewayRpc } from '../http/rpc.provider.js';
import { CompanyMarketplaceController } from './company-marketplace.controller.js';

const company = {
  id: '0b7c7f0e-5d7e-4c55-9e49-2f1c1f0b1a11',
  name: 'Acme',
  access: 'full',
  via: 'console',
  keyId: null,
  consoleEmail: 'ops@acme.example',
} as ApiCompany;
const O = RpcPatterns.onboarding;

function setup() {
  const call = jest.fn(async (_pattern: string, _data: unknown): Promise<unknown> => ({}));
  return { call, sut: new CompanyMarketplaceController({ call } as unknown as GatewayRpc) };
}

const request = (headers: Record<string, string> = {}) => ({ ip: '203.0.113.9', headers }) as unknown as FastifyRequest;

function documented(method: keyof CompanyMarketplaceController) {
  const proto = CompanyMarketplaceController.prototype as unknown as Record<string, object>;
  const handler = proto[method]!;
  return {
    headers: (Reflect.getMetadata('swagger/apiParameters', handler) ?? []) as Array<{ name: string; required: boolean }>,
    responses: Object.keys((Reflect.getMetadata('swagger/apiResponse', handler) ?? {}) as Record<string, unknown>),
  };
}

describe(CompanyMarketplaceController.name, () => {
  it("GET /api/v1/marketplace asks onboarding for the calling company's marketplace only", async () => {
    const { call, sut } = setup();
    await sut.get(company);
    expect(call.mock.calls).toEqual([[O.GET_COMPANY_MARKETPLACE, { companyId: company.id }]]);
  });

  it('POST /api/v1/marketplace/attach sends the company from the guard (never the body) and the Idempotency-Key', async () => {
    const { call, sut } = setup();
    const marketplaceId = '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b';
    const body = { marketplaceId, companyId: 'someone-else' } as unknown as { marketplaceId: string };
    await sut.attach(company, body, request({ 'idempotency-key': 'k-1' }));
    await sut.attach(company, { marketplaceId }, request());
    expect(call.mock.calls).toEqual([
      [O.ATTACH_MARKETPLACE, { marketplaceId, companyId: company.id, idempotencyKey: 'k-1' }],
      [O.ATTACH_MARKETPLACE, { marketplaceId, companyId: company.id, idempotencyKey: undefined }],
    ]);
    const doc = documented('attach');
    expect(doc.headers).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', required: false }));
    expect(doc.responses).toEqual(expect.arrayContaining(['200', '400', '404', '409']));
  });

  it('PATCH /api/v1/marketplace forwards the body apart from the company and the Idempotency-Key', async () => {
    const { call, sut } = setup();
    const body = { displayName: 'Acme Market', domains: ['shop.acme.com'] };
    await sut.update(company, body, request({ 'idempotency-key': 'k-2', 'user-agent': 'Mozilla/5.0' }));
    // Who acted and from where, for the audit trail (ADR 0075): here the console's signed-in contact.
    const audit = { actor: { type: 'console', id: company.id, label: 'ops@acme.example' }, ip: '203.0.113.9', userAgent: 'Mozilla/5.0' };
    expect(call.mock.calls).toEqual([[O.UPDATE_MARKETPLACE, { companyId: company.id, idempotencyKey: 'k-2', body, audit }]]);
    const doc = documented('update');
    expect(doc.headers).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', required: false }));
    expect(doc.responses).toEqual(expect.arrayContaining(['200', '400', '404', '409', '422']));
  });

  it('refuses two Idempotency-Key headers before calling onboarding', async () => {
    const { call, sut } = setup();
    const twice = { headers: { 'idempotency-key': ['a', 'b'] } } as unknown as FastifyRequest;
    expect(() => sut.update(company, {}, twice)).toThrow('Send one Idempotency-Key header.');
    expect(call).not.toHaveBeenCalled();
  });
});
