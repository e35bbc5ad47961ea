import { describe, expect, it } from 'vitest';
import { isNavItemActive, MAIN_NAV, SETTINGS_NAV } from './nav-items';

describe('sidebar highlighting', () => {
  it('highlights Dashboard only on exactly /dashboard', () => {
    expect(isNavItemActive('/dashboard', '/dashboard')).toBe(true);
    expect(isNavItemActive('/dashboard', '/dashboard/staff')).toBe(false);
    expect(isNavItemActive('/dashboard', '/dashboard/settings/activity')).toBe(false);
  });

  it('highlights the other items when the path starts with theirs', () => {
    expect(isNavItemActive('/dashboard/staff', '/dashboard/staff')).toBe(true);
    expect(isNavItemActive('/dashboard/staff', '/dashboard/staff/edit/42')).toBe(true);
    expect(isNavItemActive('/dashboard/settings', '/dashboard/settings/activity')).toBe(true);
    expect(isNavItemActive('/dashboard/staff', '/dashboard/crops')).toBe(false);
  });

  it('lists every item of both groups in the spec order with its path', () => {
    expect(MAIN_NAV.map((item) => item.path)).toEqual([
      '/dashboard',
      '/dashboard/staff',
      '/dashboard/inventory',
      '/dashboard/livestock',
      '/dashboard/crops',
      '/dashboard/expenses',
      '/dashboard/reports',
      '/dashboard/climate',
      '/dashboard/marketplace',
      '/dashboard/invite-farmer',
    ]);
    expect(SETTINGS_NAV.map((item) => item.path)).toEqual([
      '/dashboard/subscription',
      '/dashboard/settings',
      '/dashboard/help',
      '/dashboard/support',
      '/logout',
    ]);
  });
});
