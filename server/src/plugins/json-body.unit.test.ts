import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './json-body.js';

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(nestsDeeperThan('[[[1]]]', 3)).toBe(false);
    expect(nestsDeeperThan('[[[[1]]]]', 3)).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":{"c":{}}}}', 3)).toBe(true);
    expect(nestsDeeperThan('{"a":"[[[[[[[[{{{{{{"}', 2)).toBe(false);
    expect(nestsDeeperThan('{"a":"\\"[[[[[[["}', 2)).toBe(false);
    expect(nestsDeeperThan('[1,[2],[3],[4],{"x":[5]}]', 3)).toBe(false);
  });

  it('stops at the first level too deep: a 1 MB hostile body costs microseconds', () => {
    const hostile = '['.repeat(1_000_000);
    const started = process.hrtime.bigint();
    for (let i = 0; i < 100; i++) expect(nestsDeeperThan(hostile, 64)).toBe(true);
    const perCallMs = Number(process.hrtime.bigint() - started) / 1e6 / 100;
    expect(perCallMs).toBeLessThan(1);
  });
});
