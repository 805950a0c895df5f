import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactElement } from 'react';
import { apiError, fetchRoutes, renderPage } from '@/components/payments/testing/fetch-routes';
import { useSession } from '@/hooks/use-session';
import { RequestFormDialog } from './request-form-dialog';

const originalFetch = globalThis.fetch;
const ADA = { id: 'b-ada', name: 'Ada', email: 'ada@example.com' };
const POSTED = {
  request: {
    id: '6f1c2d43-8a5e-4b7f-9c3d-2e1f0a9b8c7d',
    title: 'Wedding invitations',
    description: 'Letterpress, 120 pieces',
    category: 'other',
    budget: '',
    timeline: '',
    location: '',
    buyerName: 'Ada',
    createdAt: '2026-01-02T10:00:00.000Z',
    updatedAt: '2026-01-02T10:00:00.000Z',
    mine: true,
  },
  message: 'Request posted successfully',
};

/** Opened by a button once the session is known, as on the board (the email is read when the dialog opens). */
function PostButton(): ReactElement {
  const [open, setOpen] = useState(false);
  const session = useSession();
  return (
    <>
      <button type="button" disabled={session.isLoading} onClick={() => setOpen(true)}>
        Open post form
      </button>
      <RequestFormDialog mode="post" open={open} onOpenChange={setOpen} />
    </>
  );
}

describe(RequestFormDialog.name, () => {
  afterEach(() => {
    cleanup();
    globalThis.fetch = originalFetch;
  });

  it('sends one Idempotency-Key per post: the same on a retry of the same text, a new one for the next post', async () => {
    let answers = 0;
    const routes = fetchRoutes({
      'GET /api/auth/session': { status: 200, body: { buyer: ADA } },
      // The first answer is lost (the gateway timed out); the retry is answered.
      'POST /api/buyer-requests': () =>
        ++answers === 1 ? apiError(504, 'The service did not answer in time, try again.') : { status: 201, body: POSTED },
    });
    globalThis.fetch = routes.fetch;
    const user = userEvent.setup();
    renderPage(<PostButton />, '/buyer-requests');

    const fill = async (): Promise<void> => {
      await user.click(await screen.findByRole('button', { name: 'Open post form' }));
      const form = await screen.findByRole('form', { name: 'Post New Request' });
      await user.type(within(form).getByLabelText('Request Title*'), 'Wedding invitations');
      await user.type(within(form).getByLabelText('Description*'), 'Letterpress, 120 pieces');
      await user.click(within(form).getByRole('button', { name: 'Post Request' }));
    };
    await fill();
    // The open dialog hides the toaster from the accessibility tree, so the toast is found by its text.
    expect((await screen.findAllByText('Failed to Post Request')).length).toBeGreaterThan(0);
    await user.click(within(screen.getByRole('form', { name: 'Post New Request' })).getByRole('button', { name: 'Post Request' }));
    expect((await screen.findAllByText('Request Posted Successfully')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('form', { name: 'Post New Request' })).toBeNull();

    // The same text posted again later is a new request: a new key.
    await fill();
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Post New Request' })).toBeNull());

    const posts = routes.callsTo('POST /api/buyer-requests');
    expect(posts).toHaveLength(3);
    expect(posts.map((p) => p.body)).toEqual(Array(3).fill({ title: 'Wedding invitations', description: 'Letterpress, 120 pieces' }));
    const [first, retry, next] = posts.map((p) => p.headers['Idempotency-Key']);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toBe(first);
    expect(next).toMatch(/^[0-9a-f-]{36}$/);
    expect(next).not.toBe(first);
  });
});
