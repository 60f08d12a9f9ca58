import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import type { ThemeMode } from '../../app/theme';
import { HintTooltip } from './HintTooltip';
import { useThemeMode } from './theme-mode-context';

/** The light/dark switch; `onModeChange` hears the newly chosen mode. */
export function ThemeToggle({ onModeChange }: { onModeChange?: (mode: ThemeMode) => void }) {
  const { t } = useTranslation('common');
  const { mode, setMode } = useThemeMode();
  const label = mode === 'light' ? t('theme.toDark') : t('theme.toLight');
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
