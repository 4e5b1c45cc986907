/**
 * The portal's message toast (SPEC §4's popup message banner) on Radix Toast: the message itself a button that
 * dismisses it, Escape or a swipe dismiss it too, F8 moves the focus to it, and its clock stops while the pointer or
 * the focus is on it. Render it inside the one polite live region that is always in the page
 * (app/shell/popup-banner.tsx), so a message added to it is read out once; it loads with the first message. The call API is `popup.show(text)` (lib/popup-store.ts), which owns the message and its time-out.
 */
import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';

export interface MessageToastProps {
  message: string;
  /** Whether the message shows. */
  open: boolean;
  /** The reader dismissed it (click, Escape, swipe). */
  onDismiss(): void;
  /** The pointer or the focus came onto the message / left it: stop and restart its clock. */
  onPause(): void;
  onResume(): void;
}

export function MessageToast({ message, open, onDismiss, onPause, onResume }: MessageToastProps) {
  return (
    <ToastPrimitive.Provider label="Message" duration={Number.POSITIVE_INFINITY} swipeDirection="down">
      {open && message.length > 0 && (
        <ToastPrimitive.Root
          className="toast"
          open
          onOpenChange={(next) => {
            if (!next) onDismiss();
          }}
          onPause={onPause}
          onResume={onResume}
        >
          <ToastPrimitive.Close className="popup" title="Dismiss message">
            <span className="popup__text">{message}</span>
            <X className="popup__close" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      <ToastPrimitive.Viewport className="toast-viewport" label="Messages ({hotkey})" />
    </ToastPrimitive.Provider>
  );
}
