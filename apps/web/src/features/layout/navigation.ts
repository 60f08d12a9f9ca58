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
  /** The label's key in the `layout` namespace (`nav.<labelKey>`). */
  labelKey: string;
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
  {
    labelKey: 'dashboard',
    icon: DashboardOutlined,
    path: '/dashboard',
    comingSoon: false,
    forPerson: 'metrics',
  },
  {
    labelKey: 'sources',
    icon: SyncAltOutlined,
    path: '/data-sources',
    comingSoon: false,
    forPerson: 'sources',
  },
  {
    labelKey: 'workouts',
    icon: DirectionsRunOutlined,
    path: '/workouts',
    comingSoon: false,
    forPerson: 'metrics',
  },
  {
    labelKey: 'insights',
    icon: InsightsOutlined,
    path: '/insights',
    comingSoon: false,
    forPerson: 'insights',
  },
  { labelKey: 'goals', icon: FlagOutlined, path: '/goals', comingSoon: false, forPerson: 'insights' },
  { labelKey: 'reports', icon: SummarizeOutlined, path: '/reports', comingSoon: false, forPerson: null },
  { labelKey: 'about', icon: InfoOutlined, path: '/about', comingSoon: false },
];
