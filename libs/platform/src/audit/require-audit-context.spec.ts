import { describe, expect, it } from '@jest/globals';
import { ServiceError } from '../errors/service-error.js';
import { fakeUnitOfWork } from '../testing/fake-unit-of-work.js';
import { recordAudit, requireAuditContext } from './record-audit.js';

const context = { actor: { type: 'admin', id: 'a1', label: 'admin@example.com' }, ip: '198.51.100.1', userAgent: 'spec' };

describe(requireAuditContext.name, () => {
  it('answers a well-formed context (a missing ip or user agent is null)', () => {
    expect(requireAuditContext(context)).toEqual(context);
    expect(requireAuditContext({ actor: { type: 'api_key', id: null, label: 'API key' } })).toEqual({
      actor: { type: 'api_key', id: null, label: 'API key' },
      ip: null,
      userAgent: null,
    });
  });

  it.each([
    ['missing', undefined],
    ['no actor', { ip: null, userAgent: null }],
    ['an unknown actor type', { ...context, actor: { ...context.actor, type: 'root' } }],
    ['no label', { ...context, actor: { type: 'admin', id: 'a1' } }],
    ['a non-text ip', { ...context, ip: 42 }],
  ])('refuses a context that is %s, naming the field', (_case, value) => {
    let error: unknown;
    try {
      requireAuditContext(value);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: 'invalid', fields: { audit: [expect.stringContaining('audit is required')] } });
  });
});

describe(`${recordAudit.name} in a UnitOfWork's transaction`, () => {
  it('publishes audit.recorded through the transaction, secrets removed', async () => {
    const { uow, published } = fakeUnitOfWork({ producer: 'notifications' });
    await uow.run((tx) =>
      recordAudit(tx, 'notifications', requireAuditContext(context), {
        action: 'webhook_endpoint.secret_rolled',
        target: { type: 'webhook_endpoint', id: 'e1' },
        companyId: 'c1',
        after: { secretRolledAt: '2026-12-01T00:00:00.000Z', secret: 'whsec_abcdefghijkl' },
      }),
    );
    expect(published).toEqual([
      {
        name: 'audit.recorded',
        data: expect.objectContaining({ action: 'webhook_endpoint.secret_rolled', after: { secretRolledAt: '2026-12-01T00:00:00.000Z' } }),
      },
    ]);
  });
});
