import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-error';
import { cardPaymentOf, installRules, placeCheckout } from './place-checkout';

/** What a refused checkout does, the same for the public checkout and the staff phone sale. */
describe('placeCheckout', () => {
  const setup = () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
    const resetKey = vi.fn();
    const refusal = { queryClient, resetKey, cartKey: ['cart', 'c1'], windowsKey: ['windows', 'c1'] };
    return { invalidate, resetKey, refusal };
  };

  it('answers the result and keeps the key', async () => {
    const { resetKey, refusal } = setup();
    await expect(placeCheckout(async () => 42, refusal)).resolves.toBe(42);
    expect(resetKey).not.toHaveBeenCalled();
  });

  it('starts a new attempt after a refusal, reloads the cart when prices changed and the windows on a conflict', async () => {
    const { invalidate, resetKey, refusal } = setup();
    const refused = new ApiError(409, 'prices_changed', 'Prices changed.');
    await expect(placeCheckout(() => Promise.reject(refused), refusal)).rejects.toBe(refused);
    expect(resetKey).toHaveBeenCalledOnce();
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      ['cart', 'c1'],
      ['windows', 'c1'],
    ]);
  });

  it('keeps the key after a lost answer (503), so a retry cannot charge twice', async () => {
    const { invalidate, resetKey, refusal } = setup();
    const lost = new ApiError(503, 'unavailable', 'Try again.');
    await expect(placeCheckout(() => Promise.reject(lost), refusal)).rejects.toBe(lost);
    expect(resetKey).not.toHaveBeenCalled();
    expect(invalidate).not.toHaveBeenCalled();
  });
});

describe('checkout body parts', () => {
  it('names both install choices when missing, and sends a new card as the payment', () => {
    expect(installRules({ installDate: '', installWindow: '' })).toEqual({
      installDate: 'Choose an install day.',
      installWindow: 'Choose an install window.',
    });
    expect(installRules({ installDate: '2026-12-07', installWindow: '08:00-12:00' })).toEqual({});
    const card = {
      holderName: 'A B',
      cardNumber: '4242',
      expMonth: '12',
      expYear: '2030',
      cvc: '123',
      postalCode: '65201',
    };
    expect(cardPaymentOf(card)).toEqual({ kind: 'card', ...card });
  });
});
