import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import IconButton from '@mui/material/IconButton';
import type { ThemeMode } from '../../app/theme';
import { HintTooltip } from './HintTooltip';
import { useThemeMode } from './theme-mode-context';

/** The light/dark switch; `onModeChange` hears the newly chosen mode. */
export function ThemeToggle({ onModeChange }: { onModeChange?: (mode: ThemeMode) => void }) {
  const { mode, setMode } = useThemeMode();
  const label = mode === 'light' ? 'Switch to dark mode' : 'Switch to light mode';
  return (
    <HintTooltip title={label}>
      <IconButton
        color="inherit"
        aria-label={label}
        onClick={() => {
          const next = mode === 'light' ? 'dark' : 'light';
          setMode(next);
          onModeChange?.(next);
        }}
      >
        {mode === 'light' ? <DarkModeOutlined /> : <LightModeOutlined />}
      </IconButton>
    </HintTooltip>
  );
}
