import { popup, usePopup } from '../../lib/popup-store';
import { MessageToast } from '../../lib/ui/toast';

/**
 * The popup message banner (SPEC §4), the kit's toast: the live region is always present so screen readers announce
 * new messages; clicking the message clears and hides it; its time-out stops while the pointer or focus is on it.
 */
export function PopupBanner() {
  const { message, visible } = usePopup();
  return (
    <MessageToast
      message={message}
      open={visible}
      onDismiss={popup.clear}
      onPause={popup.pause}
      onResume={popup.resume}
    />
  );
}
