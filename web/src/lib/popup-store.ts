/**
 * The popup message banner's state (SPEC §4): hidden by default; show, hide, toggle and clear; a shown message
 * clears itself after POPUP_TIMEOUT_MS. Framework-free so it can be used from anywhere and tested with fake timers.
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
}

export function createPopupStore(timeoutMs: number = POPUP_TIMEOUT_MS): PopupStore {
  let state: PopupState = { message: '', visible: false };
  let timer: ReturnType<typeof setTimeout> | null = null;
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
    set({ message: '', visible: false });
  };
  const startTimer = () => {
    stopTimer();
    timer = setTimeout(clear, timeoutMs);
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
  };
}

/** The app's one popup banner. */
export const popup = createPopupStore();

export function usePopup(): PopupState {
  return useSyncExternalStore(popup.subscribe, popup.getState, popup.getState);
}
