import type SvgIcon from '@mui/material/SvgIcon';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import SummarizeOutlined from '@mui/icons-material/SummarizeOutlined';
import SyncAltOutlined from '@mui/icons-material/SyncAltOutlined';

/** One entry of the left navigation (SPEC §3 "Navigation item"). */
export interface NavigationItem {
  text: string;
  icon: typeof SvgIcon;
  path: string;
  comingSoon: boolean;
}

export const DRAWER_WIDTH = 240;

export const navigationItems: readonly NavigationItem[] = [
  { text: 'Dashboard', icon: DashboardOutlined, path: '/dashboard', comingSoon: false },
  { text: 'Sources', icon: SyncAltOutlined, path: '/data-sources', comingSoon: false },
  { text: 'Insights', icon: InsightsOutlined, path: '/insights', comingSoon: false },
  { text: 'Goals', icon: FlagOutlined, path: '/goals', comingSoon: false },
  { text: 'Reports', icon: SummarizeOutlined, path: '/reports', comingSoon: false },
  { text: 'About Us', icon: InfoOutlined, path: '/about', comingSoon: false },
];
