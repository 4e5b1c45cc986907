/** User settings: the theme applied to the shell (SPEC §3 Theme; default a 270-degree gradient). */
import { DEFAULT_THEME, type Settings } from '@strand/domain';
import type { AppContext } from '../../context.js';
import * as repo from './settings.repository.js';

export async function getSettings(ctx: AppContext, userId: number): Promise<Settings> {
  const row = await repo.findSettings(ctx.db, userId);
  if (!row) return { theme: { ...DEFAULT_THEME } };
  return {
    theme: {
      enableStyle: row.enable_style === 1,
      gradientDirection: row.gradient_direction,
      selectedColor1: row.selected_color1,
      selectedColor2: row.selected_color2,
    },
  };
}

export async function saveSettings(ctx: AppContext, userId: number, settings: Settings): Promise<Settings> {
  const { theme } = settings;
  await repo.upsertSettings(ctx.db, {
    user_id: userId,
    enable_style: theme.enableStyle ? 1 : 0,
    gradient_direction: theme.gradientDirection,
    selected_color1: theme.selectedColor1.toLowerCase(),
    selected_color2: theme.selectedColor2.toLowerCase(),
    updated_at: ctx.now().toISOString(),
  });
  return getSettings(ctx, userId);
}
