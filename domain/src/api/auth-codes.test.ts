import { describe, expect, it } from 'vitest';
import {
  AUTH_CODE_LENGTH,
  AuthCodeSearchQuerySchema,
  AuthCodeUpdateSchema,
  generateAuthCode,
  isWeakAuthCode,
  maskAuthCode,
  mayRetry,
  NewAuthCodeSchema,
  pushBackoffSeconds,
  statusChangeProblem,
} from './auth-codes.js';

/** A digit source that plays back `digits`, then repeats the last one. */
const playback = (digits: string) => {
  let i = 0;
  return () => Number(digits[Math.min(i++, digits.length - 1)]);
};

describe('auth code generation', () => {
  it('makes 7 digits from the source', () => {
    expect(generateAuthCode(playback('5830172'))).toBe('5830172');
    expect(AUTH_CODE_LENGTH).toBe(7);
  });

  it('draws again for weak codes: repeated digit, runs, a leading zero', () => {
    // 1111111 (repeated), 1234567 (run up), 0583017 (leading zero), then a good one.
    expect(generateAuthCode(playback('1111111123456705830175830172'))).toBe('5830172');
  });

  it('finds the weak codes and only them', () => {
    for (const weak of [
      '1111111',
      '1234567',
      '7654321',
      '3456789',
      '0123456',
      '0583017',
      '123456',
      '12345678',
      'abcdefg',
    ]) {
      expect(isWeakAuthCode(weak), weak).toBe(true);
    }
    for (const good of ['5830172', '1234568', '9999998', '2468024']) expect(isWeakAuthCode(good), good).toBe(false);
  });

  it('gives well-spread codes from a real random source', () => {
    const codes = new Set(Array.from({ length: 500 }, () => generateAuthCode(() => Math.floor(Math.random() * 10))));
    expect(codes.size).toBeGreaterThan(495);
    for (const c of codes) expect(c).toMatch(/^[1-9]\d{6}$/);
  });
});

describe('masking (SPEC §5)', () => {
  it('hides every digit but the last', () => {
    expect(maskAuthCode('5830172')).toBe('******2');
    expect(maskAuthCode('5830172')).not.toContain('583017');
  });
});

describe('state rules', () => {
  it('lets a confirmed code be suspended and resumed', () => {
    expect(statusChangeProblem('active', 'suspended')).toBeNull();
    expect(statusChangeProblem('suspended', 'active')).toBeNull();
    expect(statusChangeProblem('active', 'active')).toBeNull();
  });

  it('refuses to suspend or activate a pending, failed or removing code, saying why', () => {
    expect(statusChangeProblem('pending', 'suspended')).toMatch(/until the switch confirms/);
    expect(statusChangeProblem('pending', 'active')).toMatch(/until the switch confirms/);
    expect(statusChangeProblem('failed', 'active')).toMatch(/retried/);
    expect(statusChangeProblem('removing', 'suspended')).toMatch(/removed/);
  });

  it('retries only failed codes', () => {
    expect(mayRetry('failed')).toBe(true);
    for (const s of ['pending', 'active', 'suspended', 'removing'] as const) expect(mayRetry(s)).toBe(false);
  });

  it('backs off 5 s, 15 s, 45 s … and never more than an hour', () => {
    expect([1, 2, 3, 4].map(pushBackoffSeconds)).toEqual([5, 15, 45, 135]);
    expect(pushBackoffSeconds(20)).toBe(3600);
  });
});

describe('contract', () => {
  it('reads a search: suffix digits, account number and status, blanks as none', () => {
    expect(AuthCodeSearchQuerySchema.parse({ customer: '', suffix: ' 1720 ', status: 'pending' })).toEqual({
      customer: undefined,
      suffix: '1720',
      status: 'pending',
    });
    expect(AuthCodeSearchQuerySchema.safeParse({ suffix: '12a4' }).error?.issues[0]?.path).toEqual(['suffix']);
    // Exactly the last 4 digits: fewer, more or the whole code are refused (issue 25).
    for (const suffix of ['172', '17201', '172012', '1720123', '12345678']) {
      expect(AuthCodeSearchQuerySchema.safeParse({ suffix }).success, suffix).toBe(false);
    }
    expect(AuthCodeSearchQuerySchema.safeParse({ customer: '1000-3000' }).success).toBe(false);
  });

  it('needs a description, an account and a class of service to add', () => {
    const bad = NewAuthCodeSchema.safeParse({ vcCustomerID: '1000-3000-0001', description: ' ', classOfService: 'x' });
    expect(bad.error?.issues.map((i) => i.path[0]).sort()).toEqual(['classOfService', 'description']);
  });

  it('needs at least one change in an edit', () => {
    expect(AuthCodeUpdateSchema.safeParse({}).success).toBe(false);
    expect(AuthCodeUpdateSchema.safeParse({ status: 'removed' }).success).toBe(false);
    expect(AuthCodeUpdateSchema.parse({ status: 'suspended' })).toEqual({ status: 'suspended' });
  });
});
