/**
 * The colours a map or calendar library takes as options (Leaflet's path colours, the calendar's event colours): they
 * are drawn to a canvas or an SVG attribute, where a CSS variable does not resolve, so they are literal here — the one
 * place outside styles/tokens.css with raw colours. Each is a token of tokens.css (`--color-<name>` or, for a hue only
 * maps use, `--map-<name>`), and tokens.test.ts fails when one drifts from its token.
 */
export const mapColour = {
  brand: '#0b4f6c',
  accent: '#01baef',
  text: '#1f2933',
  surface: '#ffffff',
  success: '#067647',
  danger: '#b42318',
  info: '#1d4ed8',
  neutral: '#52606d',
  'neutral-border': '#9aa5b1',
  'border-strong': '#7b8794',
  special: '#7c3aed',
  slate: '#3e4c59',
  amber: '#f59e0b',
  orange: '#b45309',
  magenta: '#be185d',
  sky: '#0284c7',
  teal: '#0f766e',
} as const;
