import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, render, screen } from '@testing-library/react';
import { linkify } from './dev-mailbox';

describe(linkify.name, () => {
  afterEach(cleanup);

  it('turns http(s) addresses into links and leaves the rest as text', () => {
    render(<pre>{linkify('Confirm: http://localhost:3177/delete-account/confirm?token=abc\nor ignore <b>this</b>.')}</pre>);
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('http://localhost:3177/delete-account/confirm?token=abc');
    expect(screen.getByText(/or ignore <b>this<\/b>\./)).toBeTruthy();
  });

  it('makes no link of other schemes', () => {
    render(<pre>{linkify('javascript:alert(1) and mailto:a@b.c')}</pre>);
    expect(screen.queryByRole('link')).toBeNull();
  });
});
