import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { API_ACCESS_MESSAGES, type ApiAccessResponse } from '@paymarket/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { fakeResponse } from '../../test/fake-response';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/queryClient';
import { ApiAccessPage } from './api-access';

const fetchMock = jest.fn<typeof fetch>();
const originalFetch = globalThis.fetch;

function renderPage(path = '/api-access'): void {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <ApiAccessPage />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const COMPANY = { id: '22222222-2222-4222-8222-222222222222', name: 'Acme Prints Ltd' };
const CREDENTIALS = {
  apiKey: 'pk_test_0123456789abcdef0123456789abcdef',
  secretKey: 'sk_test_SECRETSECRET',
};

const toasts = () => within(screen.getByRole('region', { name: /Notifications/ }));

async function fillValidForm(user: ReturnType<typeof userEvent.setup>): Promise<void> {
  await user.type(screen.getByLabelText(/Company Name/), 'Acme Prints Ltd');
  await user.type(screen.getByLabelText(/Website/), 'https://acmeprints.com');
  await user.type(screen.getByLabelText(/Business Email/), 'ops@acmeprints.com');
  await user.selectOptions(screen.getByLabelText(/Business Type/), 'saas');
  await user.type(screen.getByLabelText(/Contact Name/), 'Ada Lovelace');
}

function answer(body: ApiAccessResponse, status = 201): void {
  fetchMock.mockResolvedValueOnce(fakeResponse(status, JSON.stringify(body)));
}

describe(ApiAccessPage.name, () => {
  beforeEach(() => {
    fetchMock.mockReset();
    globalThis.fetch = fetchMock;
  });
  afterEach(() => {
    cleanup();
    globalThis.fetch = originalFetch;
  });

  it('shows a message under each required field and sends nothing when the form is empty', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Request API Access' }));
    expect(await screen.findByText(API_ACCESS_MESSAGES.NAME)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/Company Name/));
    for (const message of [
      API_ACCESS_MESSAGES.NAME,
      API_ACCESS_MESSAGES.WEBSITE,
      API_ACCESS_MESSAGES.EMAIL,
      API_ACCESS_MESSAGES.BUSINESS_TYPE,
      API_ACCESS_MESSAGES.CONTACT_NAME,
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(screen.getByLabelText(/Website/).getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects an invalid website URL without calling the server, and clears the message once fixed', async () => {
    const user = userEvent.setup();
    renderPage();
    await fillValidForm(user);
    await user.clear(screen.getByLabelText(/Website/));
    await user.type(screen.getByLabelText(/Website/), 'not a url');
    await user.click(screen.getByRole('button', { name: 'Request API Access' }));
    expect(await screen.findByText(API_ACCESS_MESSAGES.WEBSITE)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText(/Website/));
    await user.type(screen.getByLabelText(/Website/), 'acmeprints.com');
    expect(screen.queryByText(API_ACCESS_MESSAGES.WEBSITE)).toBeNull();
  });

  it('approved: sends the fields (optional ones omitted), shows the credentials hidden until toggled, with the shown-once warning', async () => {
    const user = userEvent.setup();
    renderPage();
    answer({
      success: true,
      status: 'approved',
      message: 'API access approved!',
      company: { ...COMPANY, riskScore: 10, verificationStatus: 'approved' },
      credentials: CREDENTIALS,
    });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Request API Access' }));

    expect(await screen.findByRole('heading', { name: 'API Access Approved!' })).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/request-api-access');
    expect(JSON.parse(init!.body as string)).toEqual({
      name: 'Acme Prints Ltd',
      website: 'https://acmeprints.com',
      email: 'ops@acmeprints.com',
      businessType: 'saas',
      contactName: 'Ada Lovelace',
    });
    expect(screen.getByText(CREDENTIALS.apiKey)).toBeTruthy();
    expect(screen.queryByText(CREDENTIALS.secretKey)).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('shown only once');
    await user.click(screen.getByRole('button', { name: 'Show secrets' }));
    expect(screen.getByText(CREDENTIALS.secretKey)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Hide secrets' }));
    expect(screen.queryByText(CREDENTIALS.secretKey)).toBeNull();
    expect(toasts().getByText('API Access Approved!')).toBeTruthy();
  });

  it('pending review: shows what happens next, the company id, risk score and estimated review time', async () => {
    const user = userEvent.setup();
    renderPage();
    answer({
      success: true,
      status: 'pending_review',
      message: 'Your application needs a manual review.',
      company: { ...COMPANY, riskScore: 36, verificationStatus: 'flagged' },
      nextSteps: ['An administrator reviews the automated checks.', 'We email you the decision.'],
      estimatedReviewTime: '24 hours',
    });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Request API Access' }));

    expect(await screen.findByRole('heading', { name: 'Application Under Review' })).toBeTruthy();
    expect(screen.getByText('What happens next')).toBeTruthy();
    expect(screen.getByText('We email you the decision.')).toBeTruthy();
    expect(screen.getByText(COMPANY.id)).toBeTruthy();
    expect(screen.getByText('36/100')).toBeTruthy();
    expect(screen.getAllByText(/24 hours/).length).toBeGreaterThan(0);
    expect(screen.queryByText(/sk_test_/)).toBeNull();
  });

  it('rejected: shows the reason (or the spec fallback), the appeal process and contact', async () => {
    const user = userEvent.setup();
    renderPage();
    answer({
      success: false,
      status: 'rejected',
      message: API_ACCESS_MESSAGES.REJECTED_FALLBACK,
      reason: '',
      company: { ...COMPANY, riskScore: 80, verificationStatus: 'rejected' },
      appeal: { process: 'Reply within 30 days with your company id.', email: 'compliance@paymarket.local' },
    });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Request API Access' }));

    expect(await screen.findByRole('heading', { name: 'Application Not Approved' })).toBeTruthy();
    expect(screen.getAllByText(API_ACCESS_MESSAGES.REJECTED_FALLBACK).length).toBeGreaterThanOrEqual(1);
    expect(screen.getByText('Reply within 30 days with your company id.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'compliance@paymarket.local' }).getAttribute('href')).toBe('mailto:compliance@paymarket.local');
    expect(toasts().getByText('Application Rejected')).toBeTruthy();
  });

  it('a failed call shows "Application Failed" with the server message, else the fallback, and keeps the form', async () => {
    const user = userEvent.setup();
    renderPage();
    fetchMock.mockResolvedValueOnce(
      fakeResponse(
        409,
        JSON.stringify({ statusCode: 409, error: 'Conflict', message: 'An API access application for this email already exists.' }),
      ),
    );
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Request API Access' }));
    expect(await toasts().findByText('Application Failed')).toBeTruthy();
    expect(toasts().getByText('An API access application for this email already exists.')).toBeTruthy();
    expect((screen.getByLabelText(/Company Name/) as HTMLInputElement).value).toBe('Acme Prints Ltd');

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await user.click(screen.getByRole('button', { name: 'Request API Access' }));
    expect(await toasts().findByText(API_ACCESS_MESSAGES.FAILED_FALLBACK)).toBeTruthy();
  });

  it('redeems an emailed credentials link only when asked, then shows the credentials once', async () => {
    const user = userEvent.setup();
    renderPage(`/api-access?company=${COMPANY.id}&token=tok123`);
    expect(screen.getByRole('heading', { name: 'Get your API credentials' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    fetchMock.mockResolvedValueOnce(fakeResponse(200, JSON.stringify({ company: COMPANY, credentials: CREDENTIALS })));
    await user.click(screen.getByRole('button', { name: 'Show my credentials' }));
    expect(await screen.findByText(CREDENTIALS.apiKey)).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/api-access/credentials');
    expect(JSON.parse(init!.body as string)).toEqual({ companyId: COMPANY.id, token: 'tok123' });
    await user.click(screen.getByRole('button', { name: 'Show secrets' }));
    expect(screen.getByText(CREDENTIALS.secretKey)).toBeTruthy();
  });

  it('a used or expired link shows the server message', async () => {
    const user = userEvent.setup();
    renderPage(`/api-access?company=${COMPANY.id}&token=used`);
    const message = 'This credentials link is invalid, expired or has already been used.';
    fetchMock.mockResolvedValueOnce(fakeResponse(400, JSON.stringify({ statusCode: 400, error: 'Bad Request', message })));
    await user.click(screen.getByRole('button', { name: 'Show my credentials' }));
    expect(await toasts().findByText('Link Not Valid')).toBeTruthy();
    expect(screen.getAllByText(message).length).toBeGreaterThanOrEqual(1);
  });
});
