/** User settings (SPEC §3 Theme) and the shell configuration the server hands to the browser. */
import { z } from 'zod';

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Color must be a hex color like #1a2b3c.');

export const ThemeSchema = z.object({
  enableStyle: z.boolean(),
  gradientDirection: z
    .number()
    .int('Gradient direction must be a whole number of degrees.')
    .min(0, 'Gradient direction must be 0 to 360 degrees.')
    .max(360, 'Gradient direction must be 0 to 360 degrees.'),
  selectedColor1: hexColor,
  selectedColor2: hexColor,
});
export type Theme = z.infer<typeof ThemeSchema>;

export const SettingsSchema = z.object({ theme: ThemeSchema });
export type Settings = z.infer<typeof SettingsSchema>;

export const ShellConfigSchema = z.object({
  providerName: z.string(),
  supportPhone: z.string(),
  webmailUrl: z.string(),
  reportIssueEmail: z.string(),
  providerLinks: z.array(z.object({ label: z.string(), url: z.string() })),
  version: z.string(),
  copyrightYear: z.number().int(),
  /**
   * SPEC §6: users (nUserID) who keep their theme in the browser instead of loading it from the server
   * (LOCAL_THEME_USER_IDS). Optional so a shell config cached before this setting still reads.
   */
  localThemeUserIds: z.array(z.number().int()).optional(),
});
export type ShellConfig = z.infer<typeof ShellConfigSchema>;

export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'unreachable']),
  dialect: z.enum(['sqlite', 'postgres']),
  version: z.string(),
  /**
   * Free space where uploads are stored (DATA_DIR): ok is false under STORAGE_MIN_FREE_BYTES or when it cannot be
   * read (freeBytes null). Low storage does not change the status code: the portal still serves everything else.
   */
  storage: z.object({ ok: z.boolean(), freeBytes: z.number().int().nonnegative().nullable() }),
});
export type Health = z.infer<typeof HealthSchema>;
