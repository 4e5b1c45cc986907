/**
 * SPEC §4 "Offline, cached responses are shown with ...", with the copy's age (issue 5 freshness): a saved work order
 * says when it was saved, a cached response how old it is.
 */

import { oldestServedCopy, useServedCopies } from './offline-runtime';
import { ageText } from './response-cache';
import '../../styles/offline.css';

export const CACHED_RESPONSE_MESSAGE =
  'You are not connected to the internet. The response is cached from local storage.';

export interface OfflineNoticeProps {
  /** Only copies of requests under this path (or these paths) concern this screen. */
  pathPrefix: string | readonly string[];
}

export function OfflineNotice({ pathPrefix }: OfflineNoticeProps) {
  const copy = oldestServedCopy(useServedCopies().values(), pathPrefix);
  if (!copy) return null;
  const age = ageText(copy.savedAt, new Date());
  return (
    <div className="alert alert--info offline-notice" role="status">
      <span>{CACHED_RESPONSE_MESSAGE}</span>
      <span className="offline-notice__age">
        {copy.kind === 'saved' ? 'Work order saved ' : 'Cached '}
        <time dateTime={copy.savedAt}>{age}</time>
        {` (${new Date(copy.savedAt).toLocaleString()})`}
      </span>
    </div>
  );
}
