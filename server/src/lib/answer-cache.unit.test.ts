import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache.js';

const loaded =
  (value: string, ...dependsOn: string[]) =>
  async () => ({ value, dependsOn });

describe('AnswerCache', () => {
  it('keeps an answer until something it was made from changes', async () => {
    const cache = new AnswerCache<number, string>({ max: 10 });
    expect(await cache.getOrLoad(1, loaded('one', 'wo:1', 'loc:7'))).toBe('one');
    expect(await cache.getOrLoad(1, loaded('again', 'wo:1'))).toBe('one');
    cache.changed('loc:8');
    expect(cache.get(1)).toBe('one');
    cache.changed('loc:7');
    expect(cache.get(1)).toBeUndefined();
    expect(await cache.getOrLoad(1, loaded('fresh', 'wo:1'))).toBe('fresh');
  });

  it('drops every answer made from the changed thing, and only those', async () => {
    const cache = new AnswerCache<number, string>({ max: 10 });
    await cache.getOrLoad(1, loaded('a', 'wo:1', 'customer:C1'));
    await cache.getOrLoad(2, loaded('b', 'wo:2', 'customer:C1'));
    await cache.getOrLoad(3, loaded('c', 'wo:3', 'customer:C2'));
    cache.changed('customer:C1');
    expect([cache.get(1), cache.get(2), cache.get(3)]).toEqual([undefined, undefined, 'c']);
  });

  it('does not keep an answer when what it was made from changed while it loaded', async () => {
    const cache = new AnswerCache<number, string>({ max: 10 });
    const value = await cache.getOrLoad(1, async () => {
      cache.changed('wo:1');
      return { value: 'read before the change', dependsOn: ['wo:1'] };
    });
    expect(value).toBe('read before the change');
    expect(cache.get(1)).toBeUndefined();
  });

  it('keeps an answer when only something else changed while it loaded', async () => {
    const cache = new AnswerCache<number, string>({ max: 10 });
    await cache.getOrLoad(1, async () => {
      cache.changed('wo:2');
      return { value: 'one', dependsOn: ['wo:1'] };
    });
    expect(cache.get(1)).toBe('one');
  });

  it('does not keep an answer loaded across a clear, nor one loaded while another load saw a change', async () => {
    const cache = new AnswerCache<number, string>({ max: 10 });
    await cache.getOrLoad(1, async () => {
      cache.clear();
      return { value: 'one', dependsOn: ['wo:1'] };
    });
    expect(cache.get(1)).toBeUndefined();
    // Two loads at once: the change made during both is remembered until the last one ends.
    let release = () => {};
    const slow = cache.getOrLoad(2, async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { value: 'two', dependsOn: ['wo:2'] };
    });
    await cache.getOrLoad(3, async () => {
      cache.changed('wo:2');
      return { value: 'three', dependsOn: ['wo:3'] };
    });
    release();
    expect(await slow).toBe('two');
    expect(cache.get(2)).toBeUndefined();
    expect(cache.get(3)).toBe('three');
  });

  it('drops everything when the stale check says so', async () => {
    let stale = false;
    const cache = new AnswerCache<number, string>({ max: 10, stale: () => stale });
    await cache.getOrLoad(1, loaded('one', 'wo:1'));
    stale = true;
    expect(cache.get(1)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the least recently used answer past its bound', async () => {
    const cache = new AnswerCache<number, string>({ max: 2 });
    await cache.getOrLoad(1, loaded('one', 'wo:1'));
    await cache.getOrLoad(2, loaded('two', 'wo:2'));
    cache.get(1);
    await cache.getOrLoad(3, loaded('three', 'wo:3'));
    expect([cache.get(1), cache.get(2), cache.get(3)]).toEqual(['one', undefined, 'three']);
    expect(cache.size).toBe(2);
    // The dropped answer's dependencies went with it: a change to them drops nothing else.
    cache.changed('wo:2');
    expect(cache.size).toBe(2);
  });

  it('keeps nothing when the load fails', async () => {
    const cache = new AnswerCache<number, string>({ max: 2 });
    await expect(
      cache.getOrLoad(1, async () => {
        throw new Error('403');
      }),
    ).rejects.toThrow('403');
    expect(cache.size).toBe(0);
  });
});
