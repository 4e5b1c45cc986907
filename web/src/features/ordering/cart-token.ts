/** The cart's id lives in the browser (localStorage), so the cart survives a reload and a sign-in. */
import { safeStorage } from '../../lib/storage';

const KEY = 'orderCart';
const storage = safeStorage(() => window.localStorage);

export const cartToken = {
  get: (): string | null => storage.getItem(KEY),
  set: (token: string) => storage.setItem(KEY, token),
  clear: () => storage.removeItem(KEY),
};
