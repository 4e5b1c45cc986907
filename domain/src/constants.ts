/** Business constants and limits of SPEC §9, shared by the server and the browser. */

export const CLIENT_VERSION = '2.7.25';
export const COPYRIGHT_YEAR = 2025;

/** Popup messages clear after 10 s (SPEC §4, §9). */
export const POPUP_TIMEOUT_MS = 10_000;
/** The session log call is made at most once an hour (SPEC §7, §9). */
export const SESSION_LOG_INTERVAL_MS = 60 * 60 * 1000;
/** Cached installer responses kept on the device (SPEC §3, §9). */
export const CACHED_RESPONSES_LIMIT = 50;
/** Text input debounce and scanner poll (SPEC §9). */
export const TEXT_DEBOUNCE_MS = 1000;
export const SCANNER_POLL_MS = 100;
/** Maps service token lifetime in seconds (SPEC §9). */
export const MAPS_TOKEN_LIFETIME_S = 3600;

export const DISTANCE_OPTIONS_FT = [100, 250, 500, 1000, 2000] as const;
export const DEFAULT_DISTANCE_FT = 100;

/** Actual drop length options in feet: 0, 50..500 step 50, then 600..1000 step 100. */
export const DROP_LENGTH_OPTIONS_FT: readonly number[] = [
  0,
  ...Array.from({ length: 10 }, (_, i) => 50 * (i + 1)),
  ...Array.from({ length: 5 }, (_, i) => 600 + 100 * i),
];

/**
 * getEstimatedDropLength: a drop runs from the nearest splice point (a pedestal or hand hole of the Structures layer)
 * to the house, never in a straight line. The estimate is the straight-line distance plus a fifth for the route,
 * plus 25 ft of slack at both ends, rounded up to the next drop length option; none beyond DROP_ESTIMATE_MAX_FT.
 */
export const DROP_ESTIMATE_SEARCH_FT = 2000;
export const DROP_ESTIMATE_MAX_FT = 1000;
export function estimateDropLengthFt(straightLineFt: number): number | null {
  const needed = straightLineFt * 1.2 + 25;
  return DROP_LENGTH_OPTIONS_FT.find((ft) => ft >= needed) ?? null;
}

export const ADDITIONAL_ROOM_CHARGE_CENTS = 75_00;
export const PHOTO_MAX_FILE_BYTES = 10_485_760;
export const PHOTO_MAX_SUBMISSION_BYTES = 20_971_520;
export const PROGRAMMING_TEST_MAX_BYTES = 1_000_000;

export const FALLBACK_LOCATION = { latitude: 38.965, longitude: -92.297 } as const;
export const PREFETCH_COUNT = 5;
export const ONT_HARDWARE_TYPE = 273;
export const HIDDEN_ACTION_ID = 39;
export const CONTRACTOR_HIDDEN_ACTION_ID = 6;

/** Default theme: a gradient from 270 degrees (SPEC §9). */
export const DEFAULT_THEME = {
  enableStyle: false,
  gradientDirection: 270,
  selectedColor1: '#0b4f6c',
  selectedColor2: '#01baef',
} as const;
