import { describe, expect, it } from '@jest/globals';
import { PROVIDER_APPLICATION_MESSAGES, ProviderApplicationDto, validateDto, type AuditContext } from '@paymarket/contracts';
import { applicationInput, FakeClock, FakeConnectedAccounts, fakeUnitOfWork, InMemoryProviders } from '../../test/fakes.js';
import { DecideProviderApplicationUseCase } from './decide-provider-application.use-case.js';
import { SubmitProviderApplicationUseCase } from './submit-provider-application.use-case.js';

function setup() {
  const providers = new InMemoryProviders();
  const accounts = new FakeConnectedAccounts();
  const { uow, published } = fakeUnitOfWork();
  return {
    providers,
    accounts,
    published,
    submit: new SubmitProviderApplicationUseCase(providers, accounts, uow),
    decide: new DecideProviderApplicationUseCase(providers, accounts, uow, new FakeClock()),
  };
}

/** Who decides and from where, as the gateway passes it (ADR 0075). */
const audit: AuditContext = {
  actor: { type: 'admin', id: 'ad000000-0000-4000-8000-000000000001', label: 'admin@example.com' },
  ip: '198.51.100.4',
  userAgent: 'spec',
};

function dto(overrides: Record<string, unknown> = {}): ProviderApplicationDto {
  const result = validateDto(ProviderApplicationDto, applicationInput(overrides));
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.value;
}

describe(SubmitProviderApplicationUseCase.name, () => {
  it('keeps a pending application and publishes provider.applied when the account validates', async () => {
    const { submit: sut, providers, published } = setup();
    const result = await sut.execute(dto());
    expect(result.application.status).toBe('pending');
    expect(providers.apps.get(result.application.id)).toMatchObject({ status: 'pending', stripeConnectId: 'acct_1PMDemoMapleInk0002' });
    expect(providers.providers).toHaveLength(0);
    expect(published.map((e) => e.name)).toEqual(['provider.applied']);
  });

  it('refuses an account that does not validate, storing and publishing nothing', async () => {
    const { submit: sut, providers, published } = setup();
    await expect(sut.execute(dto({ stripeConnectId: 'acct_1PMDemoRestricted03' }))).rejects.toMatchObject({
      code: 'unprocessable',
      message: PROVIDER_APPLICATION_MESSAGES.INVALID_STRIPE_ACCOUNT,
    });
    expect(providers.apps.size).toBe(0);
    expect(published).toHaveLength(0);
  });
});

describe(`${SubmitProviderApplicationUseCase.name} with an Idempotency-Key`, () => {
  it('files one application per key: a repeat answers the first application and publishes nothing', async () => {
    const { submit: sut, providers, published } = setup();
    const first = await sut.execute(dto(), 'key-1');
    const repeat = await sut.execute(dto(), 'key-1');
    expect(repeat).toEqual(first);
    expect(providers.apps.size).toBe(1);
    expect(published.map((e) => e.name)).toEqual(['provider.applied']);
  });

  it('refuses another application under the same key (422 naming Idempotency-Key)', async () => {
    const { submit: sut, providers, published } = setup();
    await sut.execute(dto(), 'key-1');
    await expect(sut.execute(dto({ turnaroundTime: '1 week' }), 'key-1')).rejects.toMatchObject({
      code: 'unprocessable',
      fields: { 'Idempotency-Key': [expect.any(String)] },
    });
    expect(providers.apps.size).toBe(1);
    expect(published).toHaveLength(1);
  });

  it('answers a repeat the first application even once an administrator approved it', async () => {
    const { submit: sut, decide, providers } = setup();
    const first = await sut.execute(dto(), 'key-1');
    await decide.execute({ applicationId: first.application.id, decision: 'approved', note: null, decidedBy: 'admin@example.com', audit });
    expect(await sut.execute(dto(), 'key-1')).toEqual(first);
    expect(providers.apps.size).toBe(1);
  });
});

describe(DecideProviderApplicationUseCase.name, () => {
  it('approval creates the provider, publishes provider.connected and tells the applicant', async () => {
    const { submit, decide: sut, providers, published } = setup();
    const { application } = await submit.execute(dto());

    const decided = await sut.execute({
      applicationId: application.id,
      decision: 'approved',
      note: ' Welcome aboard ',
      decidedBy: 'admin-1',
      audit,
    });

    expect(decided).toMatchObject({
      status: 'approved',
      decisionNote: 'Welcome aboard',
      decidedBy: 'admin-1',
      providerId: expect.any(String),
    });
    expect(await providers.approvedProviders()).toEqual([
      expect.objectContaining({
        id: decided.providerId,
        name: 'Maple Ink Printing',
        stripeAccountId: 'acct_1PMDemoMapleInk0002',
        contactName: 'Jean Roy',
      }),
    ]);
    expect(published.map((e) => e.name)).toEqual([
      'provider.applied',
      'provider.connected',
      'provider.application_decided',
      'audit.recorded',
    ]);
    expect(published.at(-2)?.data).toMatchObject({ decision: 'approved', email: 'jean@mapleink.example.com', note: 'Welcome aboard' });
    // Audited in the decision's transaction (ADR 0075).
    expect(published.at(-1)?.data).toEqual({
      action: 'provider.approved',
      actor: audit.actor,
      ip: '198.51.100.4',
      userAgent: 'spec',
      target: { type: 'provider_application', id: application.id },
      companyId: null,
      outcome: 'succeeded',
      before: { status: 'pending', note: null },
      after: { status: 'approved', note: 'Welcome aboard', providerId: decided.providerId },
    });
  });

  it('rejection creates no provider but still tells the applicant; a decided application cannot be decided again', async () => {
    const { submit, decide: sut, providers, published } = setup();
    const { application } = await submit.execute(dto());

    await sut.execute({ applicationId: application.id, decision: 'rejected', note: 'Portfolio too thin', decidedBy: null, audit });

    expect(providers.providers).toHaveLength(0);
    expect(published.map((e) => e.name)).toEqual(['provider.applied', 'provider.application_decided', 'audit.recorded']);
    expect(published.at(-1)?.data).toMatchObject({
      action: 'provider.rejected',
      before: { status: 'pending', note: null },
      after: { status: 'rejected', note: 'Portfolio too thin' },
    });
    await expect(
      sut.execute({ applicationId: application.id, decision: 'approved', note: null, decidedBy: null, audit }),
    ).rejects.toMatchObject({
      code: 'conflict',
      message: 'This application has already been rejected.',
    });
    // The refused second decision recorded nothing.
    expect(published.filter((e) => e.name === 'audit.recorded')).toHaveLength(1);
    await expect(sut.execute({ applicationId: 'x', decision: 'approved', note: null, decidedBy: null, audit })).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('will not approve an account that can no longer receive transfers', async () => {
    const { submit, decide: sut, accounts, providers } = setup();
    const { application } = await submit.execute(dto());
    accounts.valid.clear();
    await expect(
      sut.execute({ applicationId: application.id, decision: 'approved', note: null, decidedBy: null, audit }),
    ).rejects.toMatchObject({
      code: 'unprocessable',
    });
    expect(providers.providers).toHaveLength(0);
    expect(providers.apps.get(application.id)?.status).toBe('pending');
  });
});
