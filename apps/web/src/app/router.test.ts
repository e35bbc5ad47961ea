import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { MAIN_NAV, SETTINGS_NAV } from '@/components/layout/nav-items';
import { APP_ROOTS, pathTo, paths } from '@/lib/paths';
import { routes } from './router';
import { ADMIN_ROUTES } from './routes/admin-layout';

/** The path of the deepest route a URL reaches ('*' when only a catch-all takes it). */
function routeOf(url: string): string | undefined {
  return matchRoutes(routes, url)
    ?.map((match) => match.route.path)
    .filter(Boolean)
    .at(-1);
}

describe('paths', () => {
  it('every sidebar item opens a screen of the router', () => {
    const items = [...MAIN_NAV, ...SETTINGS_NAV].filter((item) => !item.path.endsWith('#'));
    for (const item of items) expect(routeOf(item.path), item.path).toBe(item.path);
  });

  it('every path has its route', () => {
    for (const path of Object.values(paths)) {
      const url = pathTo(path, {
        id: '1',
        supplyId: '2',
        farmId: '3',
        token: '4',
        animalId: '5',
        cropId: '6',
        fieldId: '7',
        orderId: '8',
        disputeId: '9',
        requestId: '10',
      });
      if (path.startsWith(`${paths.admin}`)) {
        // The back office is one route; its own table (routes/admin-layout.tsx) has each screen.
        expect(routeOf(url), path).toBe(`${paths.admin}/*`);
        const inside = matchRoutes(ADMIN_ROUTES, url.slice(paths.admin.length) || '/')?.at(-1)?.route;
        expect(inside?.path ?? (inside?.index ? '' : undefined), path).toBe(
          path.slice(paths.admin.length + 1),
        );
      } else expect(routeOf(url), path).toBe(path === paths.home ? undefined : path);
    }
  });

  it('fills patterns with encoded values', () => {
    expect(pathTo(paths.supply, { supplyId: 'a b' })).toBe('/dashboard/inventory/a%20b');
  });

  it('lists the first segment of every app screen for the service worker', () => {
    expect(APP_ROOTS).toEqual([
      'signup',
      'logout',
      'forgot-password',
      'update-password',
      'create-farm',
      'invite',
      'dashboard',
      'admin',
    ]);
  });
});
