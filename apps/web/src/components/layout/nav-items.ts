import {
  CloudSun,
  CreditCard,
  FileChartColumn,
  LayoutDashboard,
  LifeBuoy,
  LogOut,
  Package,
  PawPrint,
  Settings,
  Sprout,
  Store,
  UserPlus,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';

export type NavItem = {
  /** Key under dashboard:nav. */
  key: string;
  path: string;
  icon: LucideIcon;
};

/** The sidebar's main group, in the spec's order. */
export const MAIN_NAV: readonly NavItem[] = [
  { key: 'dashboard', path: '/dashboard', icon: LayoutDashboard },
  { key: 'staff', path: '/dashboard/staff', icon: Users },
  { key: 'inventory', path: '/dashboard/inventory', icon: Package },
  { key: 'livestock', path: '/dashboard/livestock', icon: PawPrint },
  { key: 'crops', path: '/dashboard/crops', icon: Sprout },
  { key: 'expenses', path: '/dashboard/expenses', icon: Wallet },
  { key: 'reports', path: '/dashboard/reports', icon: FileChartColumn },
  { key: 'climate', path: '/dashboard/climate', icon: CloudSun },
  { key: 'marketplace', path: '/dashboard/marketplace', icon: Store },
  // The spec gives Invite Farmer a placeholder path until invitations exist.
  { key: 'inviteFarmer', path: '/dashboard/#', icon: UserPlus },
];

/** The sidebar's settings group, in the spec's order. */
export const SETTINGS_NAV: readonly NavItem[] = [
  { key: 'subscription', path: '/dashboard/subscription', icon: CreditCard },
  { key: 'settings', path: '/dashboard/settings', icon: Settings },
  { key: 'support', path: '/dashboard/support', icon: LifeBuoy },
  { key: 'logout', path: '/logout', icon: LogOut },
];

/** Spec highlighting: Dashboard only on exactly /dashboard, every other item when the path starts with its path. */
export function isNavItemActive(itemPath: string, currentPath: string): boolean {
  if (itemPath === '/dashboard') return currentPath === '/dashboard' || currentPath === '/dashboard/';
  return currentPath.startsWith(itemPath);
}
