/**
 * What a screen says offline about something Download did not keep (issue 27): a calm note, not a failure. The
 * photo of a work order never downloaded, a view the server had nothing for, a file too large to keep.
 */
import '../../styles/offline.css';

export const NOT_AVAILABLE_OFFLINE = 'Not available offline';

export function NotAvailableOffline({ what }: { what: string }) {
  return (
    <p className="alert alert--info not-offline" role="status">
      <strong>{NOT_AVAILABLE_OFFLINE}:</strong> {what}. It was not kept on this device and shows again once you are
      connected.
    </p>
  );
}
