import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import { DRAWER_WIDTH } from './navigation';
import { NavList } from './NavList';

interface NavDrawerProps {
  mobileOpen: boolean;
  onClose: () => void;
}

const paper = { width: DRAWER_WIDTH, boxSizing: 'border-box' } as const;

/** SPEC §2: a temporary drawer below md, a permanent one from md up. */
export function NavDrawer({ mobileOpen, onClose }: NavDrawerProps) {
  return (
    <Box component="aside" sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 } }}>
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={onClose}
        sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': paper }}
      >
        <Toolbar />
        <NavList onNavigate={onClose} />
      </Drawer>
      <Drawer
        variant="permanent"
        open
        sx={{ display: { xs: 'none', md: 'block' }, '& .MuiDrawer-paper': paper }}
      >
        <Toolbar />
        <NavList />
      </Drawer>
    </Box>
  );
}
