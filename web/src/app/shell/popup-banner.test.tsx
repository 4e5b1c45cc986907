// @vitest-environment happy-dom
/** The popup banner on the kit's toast: `popup.show` puts the message in the live region; a click clears it. */
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { popup } from '../../lib/popup-store';
import { PopupBanner } from './popup-banner';

beforeAll(() => {
  // The DOM of the tests has no pointer capture; Radix's swipe handling asks for it.
  Element.prototype.hasPointerCapture ??= () => false;
});
afterEach(() => {
  act(() => popup.clear());
  cleanup();
});

describe('PopupBanner', () => {
  it('has its polite live region before any message, shows popup.show’s text in it, pauses and clears', async () => {
    const user = userEvent.setup();
    const { container } = render(<PopupBanner />);
    const region = container.querySelector('.popup-region') as HTMLElement;
    expect(region).toHaveAttribute('role', 'status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();
    act(() => popup.show('Settings saved'));
    const message = await within(region).findByRole('button', { name: 'Settings saved' }, { timeout: 15_000 });
    await user.hover(message);
    act(() => message.focus());
    await user.click(message);
    expect(popup.getState()).toEqual({ message: '', visible: false });
    expect(within(region).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getAllByRole('status').includes(region)).toBe(true);
  });
});
