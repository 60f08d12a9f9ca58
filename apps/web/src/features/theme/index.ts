export { ThemeModeProvider } from './ThemeModeProvider';
export { useThemeMode } from './theme-mode-context';
export { ThemeToggle } from './ThemeToggle';
