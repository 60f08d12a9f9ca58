import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { ThemeMode } from '../../app/theme';
import { PersonSwitcher } from '../caregivers';
import { ThemeToggle } from '../theme';
import { ResponsiveLogo } from './Logo';

interface TopBarProps {
  onOpenNavigation: () => void;
  onLogout: () => void;
  onThemeChange?: (mode: ThemeMode) => void;
}

export function TopBar({ onOpenNavigation, onLogout, onThemeChange }: TopBarProps) {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  return (
    <AppBar
      position="fixed"
      color="inherit"
      elevation={0}
      sx={{ zIndex: (theme) => theme.zIndex.drawer + 1, borderBottom: 1, borderColor: 'divider' }}
    >
      <Toolbar>
        <IconButton
          color="inherit"
          edge="start"
          aria-label={t('topBar.openNavigation')}
          onClick={onOpenNavigation}
          sx={{ mr: 1, display: { md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        <Box component={RouterLink} to="/dashboard" sx={{ color: 'text.primary', textDecoration: 'none' }}>
          <ResponsiveLogo />
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <PersonSwitcher />
        <ThemeToggle onModeChange={onThemeChange} />
        <Tooltip title={t('topBar.settings')}>
          <IconButton color="inherit" aria-label={t('topBar.settings')} onClick={() => navigate('/settings')}>
            <SettingsOutlined />
          </IconButton>
        </Tooltip>
        <Button color="inherit" onClick={onLogout} startIcon={<LogoutOutlined />} sx={{ ml: 1 }}>
          {t('topBar.logout')}
        </Button>
      </Toolbar>
    </AppBar>
  );
}
