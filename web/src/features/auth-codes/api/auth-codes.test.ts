import type { AuthCode, AuthCodeList } from '@strand/domain';
import { describe, expect, it } from 'vitest';
import { PENDING_POLL_MS, pollInterval, RETRY_WAIT_POLL_MS } from './auth-codes';

const NOW = Date.parse('2026-11-24T08:00:00Z');
const code = (over: Partial<AuthCode>): AuthCode => ({
  AuthCodeID: 1,
  vcCustomerID: '1000-3000-0001',
  vcCustomerName: 'Acme Dental Group',
  maskedCode: '******2',
  description: 'Front desk',
  classOfService: 'local',
  status: 'active',
  waitingForSwitch: false,
  lastError: null,
  pushAttempts: 0,
  nextAttemptAt: null,
  createdAt: '2026-11-24T07:00:00Z',
  confirmedAt: '2026-11-24T07:00:02Z',
  updatedAt: '2026-11-24T07:00:02Z',
  ...over,
});
const list = (...authCodes: AuthCode[]): AuthCodeList => ({ authCodes, truncated: false });

describe('the auth-code list poll', () => {
  it('stops when nothing waits for the switch', () => {
    expect(pollInterval(list(code({}), code({ status: 'failed' })), NOW)).toBe(false);
    expect(pollInterval(undefined, NOW)).toBe(false);
  });

  it('polls every 2 s while the switch is about to answer', () => {
    const soon = new Date(NOW + 1000).toISOString();
    expect(pollInterval(list(code({ status: 'pending', waitingForSwitch: true, nextAttemptAt: soon })), NOW)).toBe(
      PENDING_POLL_MS,
    );
    expect(pollInterval(list(code({ status: 'removing', waitingForSwitch: true, nextAttemptAt: soon })), NOW)).toBe(
      PENDING_POLL_MS,
    );
    expect(pollInterval(list(code({ status: 'suspended', waitingForSwitch: true, nextAttemptAt: soon })), NOW)).toBe(
      PENDING_POLL_MS,
    );
  });

  it('polls every 30 s while a code only waits for a later try', () => {
    const later = new Date(NOW + 45 * 60_000).toISOString();
    expect(pollInterval(list(code({ status: 'pending', waitingForSwitch: true, nextAttemptAt: later })), NOW)).toBe(
      RETRY_WAIT_POLL_MS,
    );
  });
});
