import { describe, expect, it } from 'vitest';
import { estimateDropLengthFt } from './constants.js';

describe('estimateDropLengthFt', () => {
  it('adds a fifth for the route and 25 ft of slack, then rounds up to the next drop length option', () => {
    expect(estimateDropLengthFt(0)).toBe(50);
    expect(estimateDropLengthFt(20)).toBe(50); // 49 ft
    expect(estimateDropLengthFt(21)).toBe(100); // 50.2 ft
    expect(estimateDropLengthFt(112)).toBe(200); // 159.4 ft
    expect(estimateDropLengthFt(395)).toBe(500); // 499 ft
    expect(estimateDropLengthFt(400)).toBe(600); // 505 ft: 500 is too short
  });

  it('has no estimate beyond the longest drop', () => {
    expect(estimateDropLengthFt(812)).toBe(1000); // 999.4 ft
    expect(estimateDropLengthFt(813)).toBeNull();
  });
});
