import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { AdminCompaniesResponse, CompanyView } from '@paymarket/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { fakeResponse } from '../../../test/fake-response';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/queryClient';
import { CompaniesSection, COMPANIES_PATH, riskScoreClass } from './companies';

const fetchMock = jest.fn<typeof fetch>();
const originalFetch = globalThis.fetch;

const CHECKS = [
  { type: 'website_format', status: 'pass', score: 100, detail: 'The website is a valid HTTPS address.' },
  { type: 'email_domain_match', status: 'fail', score: 0, detail: 'The email is not on the website’s domain.' },
  { type: 'email_provider', status: 'warning', score: 20, detail: 'gmail.com is a free email service.' },
  { type: 'tax_id', status: 'pass', score: 100, detail: 'A tax ID was given.' },
  { type: 'contact_phone', status: 'pass', score: 100, detail: 'A contact phone was given.' },
] as const;

function company(overrides: Partial<CompanyView> = {}): CompanyView {
  return {
    id: '33333333-3333-4333-8333-333333333333',
    name: 'Hopper Labs',
    website: 'https://hopperlabs.com',
    businessType: 'saas',
    contactName: 'Grace Hopper',
    email: 'grace@gmail.com',
    contactPhone: '+1 416 555 0134',
    taxId: 'CA-123456789',
    verificationStatus: 'flagged',
    riskScore: 36,
    hasApiAccess: false,
    verificationNotes: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    reviewedAt: null,
    reviewedBy: null,
    checksDetails: CHECKS.map((c) => ({ ...c })),
    ...overrides,
  };
}

const LIST: AdminCompaniesResponse = {
  companies: [
    company(),
    company({
      id: '44444444-4444-4444-8444-444444444444',
      name: 'Acme Prints',
      email: 'ops@acme.com',
      verificationStatus: 'approved',
      riskScore: 0,
      hasApiAccess: true,
      checksDetails: [],
    }),
  ],
  total: 7,
  approved: 3,
  flagged: 2,
  pending: 1,
  rejected: 1,
};

function renderSection(): void {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <CompaniesSection />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const toasts = () => within(screen.getByRole('region', { name: /Notifications/ }));
const rowOf = (name: string) => screen.getByText(name).closest('tr')!;

describe(CompaniesSection.name, () => {
  beforeEach(() => {
    fetchMock.mockReset();
    globalThis.fetch = fetchMock;
  });
  afterEach(() => {
    cleanup();
    globalThis.fetch = originalFetch;
  });

  it('shows the five counts and the table with up to 3 check icons then +N', async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse(200, JSON.stringify(LIST)));
    renderSection();
    expect(await screen.findByText('Hopper Labs')).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe(COMPANIES_PATH);
    for (const [label, value] of [
      ['Total', '7'],
      ['Approved', '3'],
      ['Flagged', '2'],
      ['Pending', '1'],
      ['Rejected', '1'],
    ]) {
      expect(screen.getByTestId(`count-${label}`).textContent).toBe(value);
    }
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Company', 'Contact', 'Status', 'Risk Score', 'Checks', 'Created', 'Actions']);
    const flagged = within(rowOf('Hopper Labs'));
    expect(flagged.getAllByRole('img')).toHaveLength(3);
    expect(flagged.getByRole('img', { name: /Email domain match: fail/ })).toBeTruthy();
    expect(flagged.getByText('+2')).toBeTruthy();
    expect(flagged.getByText('Flagged')).toBeTruthy();
    expect(flagged.getByText('36').className).toContain('text-yellow-600');
    expect(flagged.getByRole('button', { name: 'Approve Hopper Labs' })).toBeTruthy();
    // Only companies under review can be approved.
    expect(within(rowOf('Acme Prints')).queryByRole('button', { name: /Approve/ })).toBeNull();
  });

  it('colours risk scores as the spec says: under 30 green, under 70 yellow, otherwise red', () => {
    expect(riskScoreClass(29)).toBe('text-success');
    expect(riskScoreClass(30)).toBe('text-yellow-600');
    expect(riskScoreClass(69)).toBe('text-yellow-600');
    expect(riskScoreClass(70)).toBe('text-destructive');
  });

  it('opens a detail dialog and approves with notes; the toast names the company', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(fakeResponse(200, JSON.stringify(LIST)));
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'View Hopper Labs' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByText('grace@gmail.com')).toBeTruthy();
    expect(dialog.getByText('gmail.com is a free email service.')).toBeTruthy();
    expect(dialog.getByText('Contact phone')).toBeTruthy();

    fetchMock.mockResolvedValueOnce(
      fakeResponse(
        200,
        JSON.stringify({
          success: true,
          message: 'ok',
          company: company({ name: 'Hopper Labs (renamed)', verificationStatus: 'approved' }),
        }),
      ),
    );
    fetchMock.mockResolvedValueOnce(fakeResponse(200, JSON.stringify(LIST)));
    await user.type(dialog.getByLabelText('Approval notes'), 'Called the founder.');
    await user.click(dialog.getByRole('button', { name: 'Approve with notes' }));

    expect(await toasts().findByText('Company Approved')).toBeTruthy();
    expect(toasts().getByText(/Hopper Labs \(renamed\) has been approved/)).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/admin/approve-company/33333333-3333-4333-8333-333333333333');
    expect(init!.method).toBe('POST');
    expect(JSON.parse(init!.body as string)).toEqual({ notes: 'Called the founder.' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows "Approval Failed" with the server message when the approval is refused', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(fakeResponse(200, JSON.stringify(LIST)));
    renderSection();
    fetchMock.mockResolvedValueOnce(
      fakeResponse(409, JSON.stringify({ statusCode: 409, error: 'Conflict', message: 'This company is already approved.' })),
    );
    await user.click(await screen.findByRole('button', { name: 'Approve Hopper Labs' }));
    expect(await toasts().findByText('Approval Failed')).toBeTruthy();
    expect(toasts().getByText('This company is already approved.')).toBeTruthy();

    fetchMock.mockResolvedValueOnce(fakeResponse(500, ''));
    await user.click(screen.getByRole('button', { name: 'Approve Hopper Labs' }));
    expect(await toasts().findByText('Approval failed')).toBeTruthy();
  });

  it('says when the list cannot be loaded', async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse(500, JSON.stringify({ statusCode: 500, error: 'x', message: 'Internal server error' })));
    renderSection();
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});
