import { SESSION_LOG_INTERVAL_MS } from '@strand/domain';
import { describe, expect, it } from 'vitest';
import { readSessionLog, sessionLogDue, writeSessionLog } from './session-log';
import { memoryStorage } from './storage';

const NOW = Date.parse('2025-06-01T12:00:00Z');

describe('session log timing', () => {
  it('is due for a user never logged on this device', () => {
    expect(sessionLogDue(null, 7, NOW)).toBe(true);
  });

  it('is not due again within the hour, and due after it', () => {
    const last = { nUserID: 7, at: NOW };
    expect(sessionLogDue(last, 7, NOW + SESSION_LOG_INTERVAL_MS - 1)).toBe(false);
    expect(sessionLogDue(last, 7, NOW + SESSION_LOG_INTERVAL_MS)).toBe(true);
  });

  it('is due for another user signing in on the same device', () => {
    expect(sessionLogDue({ nUserID: 7, at: NOW }, 8, NOW + 1000)).toBe(true);
  });

  it('round-trips the record and ignores a broken one', () => {
    const storage = memoryStorage();
    writeSessionLog(storage, { nUserID: 7, at: NOW });
    expect(readSessionLog(storage)).toEqual({ nUserID: 7, at: NOW });
    storage.setItem('sessionLog', '"nope"');
    expect(readSessionLog(storage)).toBeNull();
  });
});
