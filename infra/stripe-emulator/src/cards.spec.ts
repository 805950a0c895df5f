import { describe, expect, it } from '@jest/globals';
import { cardFor, luhnValid, TEST_PAYMENT_METHOD_TOKENS } from './cards.js';

describe('test cards', () => {
  it('recognises the four cards of the architecture brief and their outcomes', () => {
    expect(cardFor('4242424242424242').outcome).toEqual({ kind: 'succeed' });
    expect(cardFor('4000000000000002').outcome).toMatchObject({ kind: 'decline', code: 'card_declined', declineCode: 'generic_decline' });
    expect(cardFor('4000000000009995').outcome).toMatchObject({
      kind: 'decline',
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
    expect(cardFor('4000002500003155').outcome).toEqual({ kind: 'authenticate' });
  });

  it('maps every pm_card_* token to a known test card', () => {
    for (const [token, number] of Object.entries(TEST_PAYMENT_METHOD_TOKENS)) {
      expect({ token, luhn: luhnValid(number) }).toEqual({ token, luhn: true });
      expect(cardFor(number).outcome).not.toMatchObject({ declineCode: 'test_mode_live_card' });
    }
  });

  it('checks the Luhn digit and declines valid non-test numbers as live cards', () => {
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42424242')).toBe(false);
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(cardFor('4111111111111111').outcome).toMatchObject({ kind: 'decline', declineCode: 'test_mode_live_card' });
  });
});
