import {
  CircleHelp,
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
import type { FarmAction } from '@gona/shared/permissions';
import { paths } from '@/lib/paths';

export type NavItem = {
  /** Key under dashboard:nav. */
  key: string;
  path: string;
  icon: LucideIcon;
  /** Shown only to a role of the selected farm that may do this (the server refuses the others). */
  needs?: FarmAction;
};

/** The sidebar's main group, in the spec's order. */
export const MAIN_NAV: readonly NavItem[] = [
  { key: 'dashboard', path: paths.dashboard, icon: LayoutDashboard },
  { key: 'staff', path: paths.staff, icon: Users },
  { key: 'inventory', path: paths.inventory, icon: Package },
  { key: 'livestock', path: paths.livestock, icon: PawPrint },
  { key: 'crops', path: paths.crops, icon: Sprout },
  { key: 'expenses', path: paths.expenses, icon: Wallet },
  { key: 'reports', path: paths.reports, icon: FileChartColumn },
  { key: 'climate', path: paths.climate, icon: CloudSun },
  { key: 'marketplace', path: paths.marketplace, icon: Store },
  { key: 'inviteFarmer', path: paths.inviteFarmer, icon: UserPlus },
];

/** The sidebar's settings group, in the spec's order. */
export const SETTINGS_NAV: readonly NavItem[] = [
  { key: 'subscription', path: paths.subscription, icon: CreditCard, needs: 'billing.read' },
  { key: 'settings', path: paths.settings, icon: Settings },
  { key: 'help', path: paths.help, icon: CircleHelp },
  { key: 'support', path: paths.support, icon: LifeBuoy },
  { key: 'logout', path: paths.logout, icon: LogOut },
];

/** Spec highlighting: Dashboard only on exactly /dashboard, every other item when the path starts with its path. */
export function isNavItemActive(itemPath: string, currentPath: string): boolean {
  if (itemPath === paths.dashboard)
    return currentPath === paths.dashboard || currentPath === `${paths.dashboard}/`;
  return currentPath.startsWith(itemPath);
}
