import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { createAppTheme, type ThemeMode } from '../../app/theme';
import { ThemeModeContext, type ThemeModeContextValue } from './theme-mode-context';
import { readStoredThemeMode, storeThemeMode } from './theme-mode-storage';

export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [mode, setModeState] = useState<ThemeMode>(() => readStoredThemeMode() ?? 'light');

  const setMode = useCallback((next: ThemeMode) => {
    setModeState(next);
    storeThemeMode(next);
  }, []);

  const value = useMemo<ThemeModeContextValue>(
    () => ({ mode, setMode, toggleMode: () => setMode(mode === 'light' ? 'dark' : 'light') }),
    [mode, setMode],
  );
  const theme = useMemo(() => createAppTheme(mode), [mode]);

  return (
    <ThemeModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}
