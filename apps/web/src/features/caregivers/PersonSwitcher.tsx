import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import Check from '@mui/icons-material/Check';
import SupervisorAccountOutlined from '@mui/icons-material/SupervisorAccountOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActingPerson } from './acting-person';
import { useCaregivers } from './caregivers-api';

/** "Viewing: Me / <person>" in the app bar, for someone who cares for at least one person. */
export function PersonSwitcher() {
  // In the app bar of every page: its words load beside it rather than suspending the whole shell.
  const { t, ready } = useTranslation('caregivers', { useSuspense: false });
  const { person, switchTo } = useActingPerson();
  const caregivers = useCaregivers();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const people = (caregivers.data?.received ?? []).filter((g) => g.status === 'active');
  if ((people.length === 0 && !person) || !ready) return null;
  const choose = (next: (typeof people)[number] | null) => {
    setAnchor(null);
    if ((next?.personId ?? null) === (person?.personId ?? null)) return;
    switchTo(
      next ? { personId: next.personId, personName: next.personName, permissions: next.permissions } : null,
    );
  };

  return (
    <>
      <Button
        color={person ? 'secondary' : 'inherit'}
        variant={person ? 'outlined' : 'text'}
        startIcon={<SupervisorAccountOutlined />}
        endIcon={<ArrowDropDown />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ mr: 1, textTransform: 'none', maxWidth: { xs: 150, sm: 260 } }}
      >
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {t('switcher.viewing', { name: person ? person.personName : t('switcher.me') })}
        </Box>
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem selected={!person} onClick={() => choose(null)}>
          <ListItemIcon>{!person && <Check fontSize="small" />}</ListItemIcon>
          <ListItemText primary={t('switcher.me')} secondary={t('switcher.myData')} />
        </MenuItem>
        {people.map((grant) => (
          <MenuItem
            key={grant.id}
            selected={person?.personId === grant.personId}
            onClick={() => choose(grant)}
          >
            <ListItemIcon>{person?.personId === grant.personId && <Check fontSize="small" />}</ListItemIcon>
            <ListItemText primary={grant.personName} secondary={grant.personEmail} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
