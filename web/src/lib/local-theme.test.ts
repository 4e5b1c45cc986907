import { DEFAULT_THEME, type ShellConfig } from '@strand/domain';
import { describe, expect, it } from 'vitest';
import { readLocalTheme, saveLocalTheme, usesLocalTheme } from './local-theme';
import { memoryStorage } from './storage';

const config = (ids?: number[]): ShellConfig => ({
  providerName: 'P',
  supportPhone: '1',
  webmailUrl: 'https://w',
  reportIssueEmail: 'a@b.c',
  providerLinks: [],
  version: '1',
  copyrightYear: 2025,
  ...(ids ? { localThemeUserIds: ids } : {}),
});

describe('local theme (SPEC §6)', () => {
  it('applies only to the configured user ids, and not before the config has arrived', () => {
    expect(usesLocalTheme(config([3, 40]), 3)).toBe(true);
    expect(usesLocalTheme(config([3, 40]), 4)).toBe(false);
    expect(usesLocalTheme(config(), 3)).toBe(false);
    expect(usesLocalTheme(undefined, 3)).toBe(false);
    expect(usesLocalTheme(config([3]), undefined)).toBe(false);
  });

  it('keeps each user’s theme apart, defaults when none or damaged', () => {
    const storage = memoryStorage();
    expect(readLocalTheme(3, storage)).toEqual(DEFAULT_THEME);
    const theme = { enableStyle: true, gradientDirection: 90, selectedColor1: '#112233', selectedColor2: '#445566' };
    saveLocalTheme(3, theme, storage);
    expect(readLocalTheme(3, storage)).toEqual(theme);
    expect(readLocalTheme(4, storage)).toEqual(DEFAULT_THEME);
    storage.setItem('localTheme.4', '{not json');
    expect(readLocalTheme(4, storage)).toEqual(DEFAULT_THEME);
    storage.setItem('localTheme.4', JSON.stringify({ ...theme, gradientDirection: 999 }));
    expect(readLocalTheme(4, storage)).toEqual(DEFAULT_THEME);
  });

  it('refuses to keep a theme the schema refuses', () => {
    const storage = memoryStorage();
    expect(() =>
      saveLocalTheme(
        3,
        { enableStyle: true, gradientDirection: 90, selectedColor1: 'red', selectedColor2: '#445566' },
        storage,
      ),
    ).toThrow();
    expect(storage.dump()).toEqual({});
  });
});
