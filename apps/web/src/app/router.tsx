import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { CrashScreen } from '@/components/errors/CrashScreen';
import { LoadingScreen } from '@/components/errors/LoadingScreen';
import { NotFound } from '@/components/errors/NotFound';
import { loadNamespaces } from '@/i18n';
import { DashboardLayout } from './DashboardLayout';
import { CreateFarmGuard, GuestOnly, RequireAuth } from './guards';
import { lazyScreen } from './lazy-screen';
import { PublicDocument } from './PublicDocument';
import { RootLayout } from './RootLayout';

/** The prerendered public pages (served as static HTML by the server). */
export const PUBLIC_DOCUMENT_PATHS = ['about', 'pricing', 'blog', 'blog/:slug', 'contact'] as const;

/** Every route of spec section 2. Screens are lazy; layouts and guards are not. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <CrashScreen />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      { index: true, element: <PublicDocument /> },
      ...PUBLIC_DOCUMENT_PATHS.map((path) => ({ path, element: <PublicDocument /> })),
      { path: 'not-found', element: <NotFound /> },
      {
        element: <GuestOnly />,
        children: [
          { path: 'login', ...lazyScreen('login', () => import('./routes/login'), ['auth', 'public']) },
          { path: 'signup', ...lazyScreen('signup', () => import('./routes/signup'), ['auth', 'public']) },
        ],
      },
      {
        path: 'forgot-password',
        ...lazyScreen('forgot-password', () => import('./routes/forgot-password'), ['auth', 'public']),
      },
      {
        path: 'update-password',
        ...lazyScreen('update-password', () => import('./routes/update-password'), ['auth', 'public']),
      },
      { path: 'logout', ...lazyScreen('logout', () => import('./routes/logout'), ['auth']) },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <CreateFarmGuard />,
            children: [
              {
                path: 'create-farm',
                ...lazyScreen('create-farm', () => import('./routes/create-farm'), ['auth', 'dashboard']),
              },
            ],
          },
          {
            path: 'dashboard',
            element: <DashboardLayout />,
            children: dashboardRoutes(),
            // The dashboard's words download on the way in, so /login does not carry them.
            lazy: () => loadNamespaces(['dashboard']).then(() => ({})),
          },
        ],
      },
      { path: '*', element: <Navigate to="/not-found" replace /> },
    ],
  },
];

function dashboardRoutes(): RouteObject[] {
  return [
    { index: true, ...lazyScreen('dashboard', () => import('./routes/dashboard-home'), ['inventory']) },
    { path: 'select-farm', ...lazyScreen('select-farm', () => import('./routes/select-farm')) },
    {
      path: 'create-farm',
      ...lazyScreen('dashboard/create-farm', () => import('./routes/dashboard-create-farm'), ['auth']),
    },
    { path: 'staff', ...lazyScreen('staff', () => import('./routes/staff')) },
    { path: 'add-staff', ...lazyScreen('add-staff', () => import('./routes/add-staff')) },
    { path: 'staff/edit/:id', ...lazyScreen('staff/edit', () => import('./routes/staff-edit')) },
    { path: 'inventory', ...lazyScreen('inventory', () => import('./routes/inventory'), ['inventory']) },
    {
      path: 'inventory/suppliers',
      ...lazyScreen('inventory/suppliers', () => import('./routes/inventory-suppliers'), ['inventory']),
    },
    {
      path: 'inventory/:supplyId',
      ...lazyScreen('inventory/supply', () => import('./routes/inventory-supply'), ['inventory']),
    },
    { path: 'livestock', ...lazyScreen('livestock', () => import('./routes/livestock')) },
    { path: 'crops', ...lazyScreen('crops', () => import('./routes/crops')) },
    { path: 'expenses', ...lazyScreen('expenses', () => import('./routes/expenses')) },
    { path: 'reports', ...lazyScreen('reports', () => import('./routes/reports')) },
    { path: 'climate', ...lazyScreen('climate', () => import('./routes/climate')) },
    { path: 'marketplace', ...lazyScreen('marketplace', () => import('./routes/marketplace')) },
    { path: 'invite-farmer', ...lazyScreen('invite-farmer', () => import('./routes/invite-farmer')) },
    { path: 'subscription', ...lazyScreen('subscription', () => import('./routes/subscription')) },
    { path: 'support', ...lazyScreen('support', () => import('./routes/support')) },
    { path: 'settings', ...lazyScreen('settings', () => import('./routes/settings')) },
    {
      path: 'settings/profile',
      ...lazyScreen('settings/profile', () => import('./routes/settings-profile')),
    },
    {
      path: 'settings/account',
      ...lazyScreen('settings/account', () => import('./routes/settings-account')),
    },
    { path: 'settings/farms', ...lazyScreen('settings/farms', () => import('./routes/settings-farms')) },
    {
      path: 'settings/farms/:farmId',
      ...lazyScreen('settings/farm', () => import('./routes/settings-farm')),
    },
    {
      path: 'settings/activity',
      ...lazyScreen('settings/activity', () => import('./routes/settings-activity'), ['inventory']),
    },
    { path: '*', element: <Navigate to="/dashboard" replace /> },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(routes, { basename: '/' });
}
