/**
 * The user's header theme (SPEC §3 Theme): a `linear-gradient(<dir>deg, c1, c2)` when enableStyle is on. The text
 * colour is picked for contrast against both gradient colours, so any choice stays readable.
 */
import type { Theme } from '@strand/domain';
import type { CSSProperties } from 'react';

export const LIGHT_TEXT = '#ffffff';
export const DARK_TEXT = '#111827';

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** White or near-black, whichever has the better worst-case contrast against both colours. */
export function textColorFor(color1: string, color2: string): string {
  const worst = (text: string) => Math.min(contrastRatio(text, color1), contrastRatio(text, color2));
  return worst(LIGHT_TEXT) >= worst(DARK_TEXT) ? LIGHT_TEXT : DARK_TEXT;
}

export function gradientOf(theme: Pick<Theme, 'gradientDirection' | 'selectedColor1' | 'selectedColor2'>): string {
  return `linear-gradient(${theme.gradientDirection}deg, ${theme.selectedColor1}, ${theme.selectedColor2})`;
}

/** The header's two tokens (styles/tokens.css names them; shell.css and the settings preview read them). */
export type HeaderStyle = CSSProperties & {
  '--header-bg': string;
  '--header-fg': string;
};

/** The header's tokens for a theme, or undefined for the built-in look (the provider's brand colour). */
export function headerStyleOf(theme: Theme | undefined): HeaderStyle | undefined {
  if (!theme?.enableStyle) return undefined;
  return { '--header-bg': gradientOf(theme), '--header-fg': textColorFor(theme.selectedColor1, theme.selectedColor2) };
}
