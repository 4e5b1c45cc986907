import { describe, expect, it } from 'vitest';
import { againOnConflict } from './transactions.js';

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });

describe('againOnConflict', () => {
  it('runs a transaction PostgreSQL ended as a deadlock (40P01) or a serialization failure (40001) again', async () => {
    const codes = ['40P01', '40001'];
    let calls = 0;
    const result = await againOnConflict(async () => {
      const code = codes[calls++];
      if (code) throw pgError(code);
      return 'done';
    });
    expect(result).toBe('done');
    expect(calls).toBe(3);
  });

  it('gives up after the attempts, and never repeats any other error', async () => {
    let calls = 0;
    await expect(
      againOnConflict(async () => {
        calls++;
        throw pgError('40P01');
      }, 2),
    ).rejects.toThrow('pg 40P01');
    expect(calls).toBe(2);
    calls = 0;
    await expect(
      againOnConflict(async () => {
        calls++;
        throw pgError('23505');
      }),
    ).rejects.toThrow('pg 23505');
    expect(calls).toBe(1);
  });
});
