/**
 * Keeps the session honest while the app runs: signs out when the token expires (checked every 30 s, on focus and
 * when the tab becomes visible), follows sign-ins and sign-outs of other tabs, and sends the session log call at most
 * once an hour (SPEC §4, §7).
 */
import { SessionLogResponseSchema } from '@strand/domain';
import { useEffect } from 'react';
import { apiRequest } from '../lib/api-client';
import { localStore, sessionStore, useSession } from '../lib/browser-session';
import { readSessionLog, sessionLogDue, writeSessionLog } from '../lib/session-log';
import { STORAGE_KEYS } from '../lib/storage';

const EXPIRY_CHECK_MS = 30_000;

async function logSessionIfDue(nUserID: number) {
  const now = Date.now();
  if (!sessionLogDue(readSessionLog(localStore), nUserID, now)) return;
  // Written before the call so two quick starts do not both send it; the server refuses extra calls anyway.
  writeSessionLog(localStore, { nUserID, at: now });
  try {
    const result = await apiRequest('/api/session/log', { method: 'POST', schema: SessionLogResponseSchema });
    const at = Date.parse(result.lastLoggedAt);
    if (!Number.isNaN(at)) writeSessionLog(localStore, { nUserID, at });
  } catch {
    // The log is best effort; the next start tries again after the interval.
  }
}

/** How long the session log waits for an idle moment once the page has loaded, at most. */
const SETTLED_IDLE_TIMEOUT_MS = 2_000;

/**
 * Runs `task` once the page has loaded and the browser is idle (or SETTLED_IDLE_TIMEOUT_MS later): the session log
 * is best effort, and sent at the start it competed with the first page's own reads on a slow network. Returns the
 * cancel.
 */
function whenPageSettled(task: () => void): () => void {
  let idle: number | undefined;
  const schedule = () => {
    idle =
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(task, { timeout: SETTLED_IDLE_TIMEOUT_MS })
        : window.setTimeout(task, 0);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (idle === undefined) return;
    if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
    else window.clearTimeout(idle);
  };
}

export function SessionWatcher() {
  const userId = useSession().claims?.nUserID;

  useEffect(() => {
    const check = () => sessionStore.expireIfDue(Date.now());
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.portal) {
        sessionStore.reload(Date.now());
      }
    };
    check();
    const timer = window.setInterval(check, EXPIRY_CHECK_MS);
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('storage', onStorage);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  useEffect(() => {
    if (userId === undefined) return;
    return whenPageSettled(() => void logSessionIfDue(userId));
  }, [userId]);

  return null;
}
