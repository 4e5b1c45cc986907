/**
 * The popup message banner's state (SPEC §4): hidden by default; show, hide, toggle and clear; a shown message
 * clears itself after POPUP_TIMEOUT_MS, the clock stopping while the pointer or the focus is on it (pause, resume).
 * Framework-free so it can be used from anywhere and tested with fake timers.
 */
import { POPUP_TIMEOUT_MS } from '@strand/domain';
import { useSyncExternalStore } from 'react';

export interface PopupState {
  message: string;
  visible: boolean;
}

export interface PopupStore {
  getState(): PopupState;
  subscribe(listener: () => void): () => void;
  show(message: string): void;
  hide(): void;
  toggle(): void;
  clear(): void;
  /** Stops the time-out (the reader's pointer or focus is on the message). */
  pause(): void;
  /** Runs the rest of the time-out again. */
  resume(): void;
}

export function createPopupStore(timeoutMs: number = POPUP_TIMEOUT_MS): PopupStore {
  let state: PopupState = { message: '', visible: false };
  let timer: ReturnType<typeof setTimeout> | null = null;
  let deadline = 0;
  let remaining: number | null = null;
  const listeners = new Set<() => void>();

  const set = (next: PopupState) => {
    if (next.message === state.message && next.visible === state.visible) return;
    state = next;
    for (const listener of listeners) listener();
  };
  const stopTimer = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const clear = () => {
    stopTimer();
    remaining = null;
    set({ message: '', visible: false });
  };
  const startTimer = (ms: number = timeoutMs) => {
    stopTimer();
    remaining = null;
    deadline = Date.now() + ms;
    timer = setTimeout(clear, ms);
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    show(message) {
      set({ message, visible: true });
      startTimer();
    },
    hide() {
      set({ ...state, visible: false });
    },
    toggle() {
      const visible = !state.visible;
      set({ ...state, visible });
      // A message shown again still clears itself after the time-out.
      if (visible && state.message) startTimer();
    },
    clear,
    pause() {
      if (timer === null) return;
      remaining = Math.max(0, deadline - Date.now());
      stopTimer();
    },
    resume() {
      if (remaining === null || !state.visible) return;
      startTimer(remaining);
    },
  };
}

/** The app's one popup banner. */
export const popup = createPopupStore();

export function usePopup(): PopupState {
  return useSyncExternalStore(popup.subscribe, popup.getState, popup.getState);
}
