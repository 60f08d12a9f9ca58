import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { useActingPerson } from '../caregivers';
import { navigationItems } from './navigation';

export function NavList({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('layout');
  const { pathname } = useLocation();
  const { person, may } = useActingPerson();
  // Viewing a person: only the pages their grant opens (the server refuses the rest anyway).
  const items = navigationItems.filter(
    ({ forPerson }) => !person || forPerson === undefined || (forPerson !== null && may(forPerson)),
  );
  return (
    // The list inside the nav landmark, not the nav itself: a <nav> holding <li>s is no list to a screen reader.
    <Box component="nav" aria-label={t('nav.label')}>
      <List>
        {items.map(({ labelKey, icon: Icon, path, comingSoon }) => (
          <ListItem key={path} disablePadding>
            {comingSoon ? (
              <ListItemButton disabled>
                <ListItemIcon>
                  <Icon />
                </ListItemIcon>
                <ListItemText primary={t(`nav.${labelKey}`)} />
                <Chip label={t('comingSoon')} size="small" variant="outlined" />
              </ListItemButton>
            ) : (
              <ListItemButton component={NavLink} to={path} selected={pathname === path} onClick={onNavigate}>
                <ListItemIcon>
                  <Icon />
                </ListItemIcon>
                <ListItemText primary={t(`nav.${labelKey}`)} />
              </ListItemButton>
            )}
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
