import type { ThemeMode } from '../../app/theme';

export const THEME_STORAGE_KEY = 'healthfolio.theme';

export function readStoredThemeMode(): ThemeMode | null {
  try {
    const value = window.localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

export function storeThemeMode(mode: ThemeMode): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, mode);
  } catch {
    // Private browsing may refuse storage; the mode still applies for this visit.
  }
}
