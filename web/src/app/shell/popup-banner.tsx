import { popup, usePopup } from '../../lib/popup-store';

/**
 * The popup message banner (SPEC §4). The live region is always present so screen readers announce new messages;
 * clicking the message clears and hides it.
 */
export function PopupBanner() {
  const { message, visible } = usePopup();
  const shown = visible && message.length > 0;
  return (
    <div className="popup-region" role="status" aria-live="polite">
      {shown && (
        <button type="button" className="popup" onClick={popup.clear} title="Dismiss message">
          <span className="popup__text">{message}</span>
          <span className="popup__close" aria-hidden="true">
            ×
          </span>
        </button>
      )}
    </div>
  );
}
