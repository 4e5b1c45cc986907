import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPopupStore } from './popup-store';

describe('popup store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is hidden by default', () => {
    expect(createPopupStore(10_000).getState()).toEqual({ message: '', visible: false });
  });

  it('shows a message and clears it after the time-out', () => {
    const popup = createPopupStore(10_000);
    popup.show('Settings saved');
    expect(popup.getState()).toEqual({ message: 'Settings saved', visible: true });
    vi.advanceTimersByTime(9_999);
    expect(popup.getState().visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(popup.getState()).toEqual({ message: '', visible: false });
  });

  it('restarts the time-out when a new message is shown', () => {
    const popup = createPopupStore(10_000);
    popup.show('First');
    vi.advanceTimersByTime(8_000);
    popup.show('Second');
    vi.advanceTimersByTime(8_000);
    expect(popup.getState().message).toBe('Second');
    vi.advanceTimersByTime(2_000);
    expect(popup.getState().message).toBe('');
  });

  it('hides, toggles and clears', () => {
    const popup = createPopupStore(10_000);
    popup.show('Hello');
    popup.hide();
    expect(popup.getState()).toEqual({ message: 'Hello', visible: false });
    popup.toggle();
    expect(popup.getState().visible).toBe(true);
    popup.clear();
    expect(popup.getState()).toEqual({ message: '', visible: false });
  });

  it('tells subscribers about changes only', () => {
    const popup = createPopupStore(10_000);
    const listener = vi.fn();
    const unsubscribe = popup.subscribe(listener);
    popup.hide();
    expect(listener).not.toHaveBeenCalled();
    popup.show('Hi');
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    popup.clear();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('stops the clock while paused and runs the rest of it on resume', () => {
    const popup = createPopupStore(10_000);
    popup.show('Saved');
    vi.advanceTimersByTime(4_000);
    popup.pause();
    vi.advanceTimersByTime(60_000);
    expect(popup.getState().visible).toBe(true);
    popup.resume();
    vi.advanceTimersByTime(5_999);
    expect(popup.getState().visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(popup.getState()).toEqual({ message: '', visible: false });
    popup.resume();
    expect(popup.getState().visible).toBe(false);
  });
});
