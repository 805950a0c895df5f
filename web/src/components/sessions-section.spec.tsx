import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { AccountSession } from '@paymarket/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse } from '../../test/fake-response';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/queryClient';
import { relativeTime, SessionsSection } from './sessions-section';

const fetchMock = jest.fn<typeof fetch>();
const originalFetch = globalThis.fetch;
const NOW = Date.now();
const minutesAgo = (n: number) => new Date(NOW - n * 60_000).toISOString();

const LAPTOP: AccountSession = {
  id: '11111111-1111-4111-8111-111111111111',
  device: 'Chrome on Linux',
  ip: '203.0.113.7',
  createdAt: minutesAgo(90),
  lastSeenAt: minutesAgo(0),
  current: true,
};
const PHONE: AccountSession = {
  id: '22222222-2222-4222-8222-222222222222',
  device: 'Firefox on Android',
  ip: '198.51.100.20',
  createdAt: minutesAgo(30),
  lastSeenAt: minutesAgo(5),
  current: false,
};

function renderSessions(routes: Record<string, () => Response>, onSignedOut = jest.fn()): typeof onSignedOut {
  fetchMock.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const route = routes[key];
    if (!route) throw new Error(`unexpected ${key}`);
    return route();
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionsSection endpoint="/api/admin/sessions" description="Where you are signed in." onSignedOut={onSignedOut} />
      <Toaster />
    </QueryClientProvider>,
  );
  return onSignedOut;
}

const listOf =
  (...sessions: AccountSession[]) =>
  () =>
    fakeResponse(200, JSON.stringify({ sessions }));
const calls = (key: string) => fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key);

describe(SessionsSection.name, () => {
  beforeEach(() => {
    fetchMock.mockReset();
    globalThis.fetch = fetchMock;
  });
  afterEach(() => {
    cleanup();
    globalThis.fetch = originalFetch;
  });

  it('lists each session in a labelled table with device, IP, last seen and "This device"', async () => {
    renderSessions({ 'GET /api/admin/sessions': listOf(PHONE, LAPTOP) });

    const table = await screen.findByRole('table', { name: 'Where you are signed in, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Device', 'IP address', 'Last seen', 'Actions']);
    const phone = within(table).getByRole('row', { name: /Firefox on Android/ });
    expect(within(phone).getByText('198.51.100.20')).toBeTruthy();
    expect(within(phone).getByText('5 minutes ago')).toBeTruthy();
    expect(within(phone).queryByText('This device')).toBeNull();
    const laptop = within(table).getByRole('row', { name: /Chrome on Linux/ });
    expect(within(laptop).getByText('This device')).toBeTruthy();
    expect(within(laptop).getByText('just now')).toBeTruthy();
  });

  it('ends another session at once and shows the list again', async () => {
    let ended = false;
    renderSessions({
      'GET /api/admin/sessions': () => (ended ? listOf(LAPTOP)() : listOf(PHONE, LAPTOP)()),
      [`DELETE /api/admin/sessions/${PHONE.id}`]: () => {
        ended = true;
        return fakeResponse(200, JSON.stringify({ ended: 1, signedOut: false }));
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'End the session on Firefox on Android, 198.51.100.20' }));

    expect(await screen.findByText('Session ended')).toBeTruthy();
    expect(await screen.findByText('Chrome on Linux')).toBeTruthy();
    expect(screen.queryByText('Firefox on Android')).toBeNull();
  });

  it("asks before ending this device's session, which signs out", async () => {
    const onSignedOut = renderSessions({
      'GET /api/admin/sessions': listOf(LAPTOP),
      [`DELETE /api/admin/sessions/${LAPTOP.id}`]: () => fakeResponse(200, JSON.stringify({ ended: 1, signedOut: true })),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'End the session on this device' }));
    const confirm = screen.getByRole('group', { name: 'Confirm signing out' });
    expect(within(confirm).getByText('Ending this session signs you out here.')).toBeTruthy();
    expect(calls(`DELETE /api/admin/sessions/${LAPTOP.id}`)).toHaveLength(0);

    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: 'Confirm signing out' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'End the session on this device' }));
    await user.click(screen.getByRole('button', { name: 'End and sign out' }));

    expect(await screen.findByText('Signed out')).toBeTruthy();
    expect(onSignedOut).toHaveBeenCalledTimes(1);
    expect(calls(`DELETE /api/admin/sessions/${LAPTOP.id}`)).toHaveLength(1);
  });

  it('"End all other sessions" ends the others and is off when there are none', async () => {
    let ended = false;
    renderSessions({
      'GET /api/admin/sessions': () => (ended ? listOf(LAPTOP)() : listOf(PHONE, LAPTOP)()),
      'DELETE /api/admin/sessions': () => {
        ended = true;
        return fakeResponse(200, JSON.stringify({ ended: 1, signedOut: false }));
      },
    });
    const user = userEvent.setup();
    await screen.findByText('Firefox on Android');
    await user.click(screen.getByRole('button', { name: 'End all other sessions' }));

    expect(await screen.findByText('1 other device is signed out.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'End all other sessions' })).toHaveProperty('disabled', true);
    expect(calls('DELETE /api/admin/sessions')).toHaveLength(1);
  });

  it('says why when a session cannot be ended', async () => {
    renderSessions({
      'GET /api/admin/sessions': listOf(PHONE, LAPTOP),
      [`DELETE /api/admin/sessions/${PHONE.id}`]: () =>
        fakeResponse(
          404,
          JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'No active session with that id was found for this account.' }),
        ),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /End the session on Firefox/ }));

    expect(await screen.findByText('Session not ended')).toBeTruthy();
  });
});

describe(relativeTime.name, () => {
  it('reads in minutes, hours and days, and "just now" under a minute', () => {
    const now = Date.parse('2026-12-01T12:00:00Z');
    expect(relativeTime('2026-12-01T11:59:30Z', now)).toBe('just now');
    expect(relativeTime('2026-12-01T11:58:00Z', now)).toBe('2 minutes ago');
    expect(relativeTime('2026-12-01T09:00:00Z', now)).toBe('3 hours ago');
    expect(relativeTime('2026-11-30T12:00:00Z', now)).toBe('yesterday');
  });
});
