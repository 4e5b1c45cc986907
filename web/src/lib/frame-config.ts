/**
 * The part of the provider's config (GET /api/config) the page frames show: name, support phone, footer links. The
 * sign-in page paints before zod and the domain schemas load, so it reads the copy shell-config.ts keeps with this
 * check of its shape instead of the schema, then takes the app's checked answer once the app has loaded.
 */
import type { ShellConfig } from '@strand/domain';
import { type KeyValueStorage, STORAGE_KEYS } from './storage';

export type FrameConfig = Pick<ShellConfig, 'providerName' | 'supportPhone' | 'reportIssueEmail' | 'providerLinks'>;

const isText = (value: unknown): value is string => typeof value === 'string';
const isLink = (value: unknown): value is { label: string; url: string } =>
  typeof value === 'object' &&
  value !== null &&
  isText((value as { label?: unknown }).label) &&
  isText((value as { url?: unknown }).url);

/** The frame's fields of a config answer, or undefined when it has not their shape. */
export function frameConfigOf(value: unknown): FrameConfig | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { providerName, supportPhone, reportIssueEmail, providerLinks } = value as Record<string, unknown>;
  if (!isText(providerName) || !isText(supportPhone) || !isText(reportIssueEmail)) return undefined;
  if (!Array.isArray(providerLinks) || !providerLinks.every(isLink)) return undefined;
  return {
    providerName,
    supportPhone,
    reportIssueEmail,
    providerLinks: providerLinks.map(({ label, url }) => ({ label, url })),
  };
}

/** The frame's fields of the kept config answer, if any. */
export function keptFrameConfig(storage: KeyValueStorage): FrameConfig | undefined {
  try {
    return frameConfigOf(JSON.parse(storage.getItem(STORAGE_KEYS.shellConfig) ?? 'null'));
  } catch {
    return undefined;
  }
}
