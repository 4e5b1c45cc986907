/** When to send the session log call: at most once an hour per user (SPEC §7, §9); the last time is kept on the device. */
import { SESSION_LOG_INTERVAL_MS } from '@strand/domain';
import { type KeyValueStorage, STORAGE_KEYS } from './storage';

export interface SessionLogRecord {
  nUserID: number;
  at: number;
}

export function readSessionLog(storage: KeyValueStorage): SessionLogRecord | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(STORAGE_KEYS.sessionLog) ?? 'null');
    if (value && typeof value === 'object') {
      const { nUserID, at } = value as Record<string, unknown>;
      if (typeof nUserID === 'number' && typeof at === 'number') return { nUserID, at };
    }
  } catch {
    // A broken record counts as none.
  }
  return null;
}

export function writeSessionLog(storage: KeyValueStorage, record: SessionLogRecord): void {
  storage.setItem(STORAGE_KEYS.sessionLog, JSON.stringify(record));
}

/** Whether this user's session should be logged now. A record from the future (clock change) counts as due. */
export function sessionLogDue(last: SessionLogRecord | null, nUserID: number, nowMs: number): boolean {
  if (!last || last.nUserID !== nUserID) return true;
  const age = nowMs - last.at;
  return age < 0 || age >= SESSION_LOG_INTERVAL_MS;
}
