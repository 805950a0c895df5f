import { describe, expect, it } from '@jest/globals';
import { ACCOUNT_DELETION_MESSAGES, ConfirmAccountDeletionDto, RequestAccountDeletionDto } from './account-deletion.dto.js';
import { validateDto } from './validate.js';

describe(RequestAccountDeletionDto.name, () => {
  it('accepts email and DELETE, lower-casing the email and trimming the optional reason', () => {
    const result = validateDto(RequestAccountDeletionDto, { email: ' Ada@Example.COM ', reason: '  Moving on ', confirmation: 'DELETE' });
    expect(result).toEqual({
      ok: true,
      value: expect.objectContaining({ email: 'ada@example.com', reason: 'Moving on', confirmation: 'DELETE' }),
    });
  });

  it.each([
    [{ email: 'ada@example.com', confirmation: 'delete' }, 'confirmation', ACCOUNT_DELETION_MESSAGES.CONFIRMATION_HINT],
    [{ email: 'ada@example.com', confirmation: 'DELETE ' }, 'confirmation', ACCOUNT_DELETION_MESSAGES.CONFIRMATION_HINT],
    [{ email: 'ada@example.com', confirmation: 'Delete' }, 'confirmation', ACCOUNT_DELETION_MESSAGES.CONFIRMATION_HINT],
    [{ email: 'ada@example.com' }, 'confirmation', ACCOUNT_DELETION_MESSAGES.CONFIRMATION_HINT],
    [{ email: 'ada@example.com', confirmation: 1 }, 'confirmation', ACCOUNT_DELETION_MESSAGES.CONFIRMATION_HINT],
    [{ confirmation: 'DELETE' }, 'email', ACCOUNT_DELETION_MESSAGES.EMAIL_HINT],
    [{ email: '   ', confirmation: 'DELETE' }, 'email', ACCOUNT_DELETION_MESSAGES.EMAIL_HINT],
    [{ email: 'not-an-email', confirmation: 'DELETE' }, 'email', ACCOUNT_DELETION_MESSAGES.EMAIL_INVALID],
    [{ email: 'ada@example.com', confirmation: 'DELETE', reason: 'x'.repeat(1001) }, 'reason', ACCOUNT_DELETION_MESSAGES.REASON_TOO_LONG],
  ])('refuses %j with one message on %s', (input, field, message) => {
    const result = validateDto(RequestAccountDeletionDto, input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[field]).toEqual([message]);
  });

  it('starts each message with the spec title the form shows as its toast', () => {
    expect(ACCOUNT_DELETION_MESSAGES.CONFIRMATION_HINT.startsWith(`${ACCOUNT_DELETION_MESSAGES.CONFIRMATION_REQUIRED}: `)).toBe(true);
    expect(ACCOUNT_DELETION_MESSAGES.EMAIL_HINT.startsWith(`${ACCOUNT_DELETION_MESSAGES.EMAIL_REQUIRED}: `)).toBe(true);
    expect(ACCOUNT_DELETION_MESSAGES.EMAIL_INVALID.startsWith(`${ACCOUNT_DELETION_MESSAGES.EMAIL_REQUIRED}: `)).toBe(true);
  });
});

describe(ConfirmAccountDeletionDto.name, () => {
  it('accepts a 43-character base64url token and refuses anything else with the invalid-link message', () => {
    expect(validateDto(ConfirmAccountDeletionDto, { token: 'A'.repeat(42) + '_' }).ok).toBe(true);
    for (const token of ['short', 'A'.repeat(44), 'A'.repeat(42) + '!', 42, undefined]) {
      expect(validateDto(ConfirmAccountDeletionDto, { token })).toEqual({
        ok: false,
        errors: { token: [ACCOUNT_DELETION_MESSAGES.LINK_INVALID] },
      });
    }
  });
});
