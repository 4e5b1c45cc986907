import { lazy, Suspense, useState } from 'react';
import { popup, usePopup } from '../../lib/popup-store';

/** The toast (Radix) loads with the first message: it stays out of every page's first paint. */
const MessageToast = lazy(() => import('../../lib/ui/toast').then((m) => ({ default: m.MessageToast })));

/**
 * The popup message banner (SPEC §4), the kit's toast: the polite live region is always present so screen readers
 * announce new messages; clicking the message clears and hides it; its time-out stops while the pointer or focus is
 * on it.
 */
export function PopupBanner() {
  const { message, visible } = usePopup();
  const [loaded, setLoaded] = useState(false);
  if (visible && message.length > 0 && !loaded) setLoaded(true);
  return (
    <div className="popup-region" role="status" aria-live="polite">
      {loaded && (
        <Suspense fallback={null}>
          <MessageToast
            message={message}
            open={visible}
            onDismiss={popup.clear}
            onPause={popup.pause}
            onResume={popup.resume}
          />
        </Suspense>
      )}
    </div>
  );
}
