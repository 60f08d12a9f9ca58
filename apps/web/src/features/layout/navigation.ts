import type { CaregiverPermission } from '@healthfolio/core';
import type SvgIcon from '@mui/material/SvgIcon';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import DirectionsRunOutlined from '@mui/icons-material/DirectionsRunOutlined';
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
  /**
   * While viewing a person as their caregiver: the permission the page needs (shown only when the grant
   * holds it), or null for pages that are always the account's own (hidden). Left out: always shown.
   */
  forPerson?: CaregiverPermission | null;
}

export const DRAWER_WIDTH = 240;

export const navigationItems: readonly NavigationItem[] = [
  { text: 'Dashboard', icon: DashboardOutlined, path: '/dashboard', comingSoon: false, forPerson: 'metrics' },
  { text: 'Sources', icon: SyncAltOutlined, path: '/data-sources', comingSoon: false, forPerson: 'sources' },
  {
    text: 'Workouts',
    icon: DirectionsRunOutlined,
    path: '/workouts',
    comingSoon: false,
    forPerson: 'metrics',
  },
  { text: 'Insights', icon: InsightsOutlined, path: '/insights', comingSoon: false, forPerson: 'insights' },
  { text: 'Goals', icon: FlagOutlined, path: '/goals', comingSoon: false, forPerson: 'insights' },
  { text: 'Reports', icon: SummarizeOutlined, path: '/reports', comingSoon: false, forPerson: null },
  { text: 'About Us', icon: InfoOutlined, path: '/about', comingSoon: false },
];
