import { describe, expect, it } from 'vitest';
import { contrastRatio, DARK_TEXT, headerStyleOf, LIGHT_TEXT, textColorFor } from './theme';

const theme = { enableStyle: true, gradientDirection: 270, selectedColor1: '#0b4f6c', selectedColor2: '#083a50' };

describe('header theme', () => {
  it('is the built-in look when the style is off', () => {
    expect(headerStyleOf({ ...theme, enableStyle: false })).toBeUndefined();
    expect(headerStyleOf(undefined)).toBeUndefined();
  });

  it('is a linear gradient in the chosen direction', () => {
    expect(headerStyleOf(theme)?.['--header-bg']).toBe('linear-gradient(270deg, #0b4f6c, #083a50)');
  });

  it('picks readable text for dark and light colours', () => {
    expect(textColorFor('#0b4f6c', '#083a50')).toBe(LIGHT_TEXT);
    expect(textColorFor('#fef3c7', '#a7f3d0')).toBe(DARK_TEXT);
  });

  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBeCloseTo(1, 5);
  });
});
