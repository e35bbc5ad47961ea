import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { CrashScreen } from '@/components/errors/CrashScreen';
import { LoadingScreen } from '@/components/errors/LoadingScreen';
import { NotFound } from '@/components/errors/NotFound';
import { addBundledNamespace } from '@/i18n';
import dashboardWords from '@/i18n/en/dashboard.json';
import { paths } from '@/lib/paths';
import { DashboardLayout } from './DashboardLayout';
import DashboardHomeScreen from './routes/dashboard-home';
import { CreateFarmGuard, GuestOnly, RequireAuth } from './guards';
import { lazyScreen } from './lazy-screen';
import { PublicDocument } from './PublicDocument';
import { RootLayout } from './RootLayout';

// The dashboard's words are in the first screen's chunk (vite.config.ts) and bundled here: a route
// that loaded them would hold the whole app on "Loading..." for a round of the router first. The
// public pages (/login among them) do not load this chunk.
addBundledNamespace('dashboard', dashboardWords);

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
      { path: paths.login, element: <PublicDocument /> },
      { path: paths.notFound, element: <NotFound /> },
      {
        element: <GuestOnly />,
        children: [
          {
            path: paths.signup,
            ...lazyScreen('signup', () => import('./routes/signup'), ['auth', 'public']),
          },
        ],
      },
      {
        path: paths.forgotPassword,
        ...lazyScreen('forgot-password', () => import('./routes/forgot-password'), ['auth', 'public']),
      },
      {
        path: paths.updatePassword,
        ...lazyScreen('update-password', () => import('./routes/update-password'), ['auth', 'public']),
      },
      { path: paths.logout, ...lazyScreen('logout', () => import('./routes/logout'), ['auth']) },
      {
        // Visitors and signed-in people alike: the screen offers sign-up and sign-in, or Join.
        path: paths.invite,
        ...lazyScreen('invite', () => import('./routes/invite'), ['auth', 'public', 'members']),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <CreateFarmGuard />,
            children: [
              {
                path: paths.createFarm,
                ...lazyScreen('create-farm', () => import('./routes/create-farm'), [
                  'auth',
                  'dashboard',
                  'farms',
                  'members',
                ]),
              },
            ],
          },
          {
            path: paths.dashboard,
            element: <DashboardLayout />,
            children: dashboardRoutes(),
          },
          // Gona's back office, outside the farm's shell and its sidebar: platform admins only. One
          // download holds all its screens (its own routes, routes/admin-layout.tsx), so the
          // farmers' first load carries one entry for it.
          {
            path: `${paths.admin}/*`,
            ...lazyScreen('admin', () => import('./routes/admin-layout'), [
              'marketplace',
              'admin',
              'photos',
              'billing',
              'support',
            ]),
          },
        ],
      },
      { path: '*', element: <Navigate to={paths.notFound} replace /> },
    ],
  },
];

function dashboardRoutes(): RouteObject[] {
  return [
    // The first screen after signing in comes with the shell, not after it (one round trip less).
    { index: true, Component: DashboardHomeScreen },
    { path: paths.selectFarm, ...lazyScreen('select-farm', () => import('./routes/select-farm'), ['farms']) },
    {
      path: paths.dashboardCreateFarm,
      ...lazyScreen('dashboard/create-farm', () => import('./routes/dashboard-create-farm'), [
        'auth',
        'farms',
      ]),
    },
    {
      // Loaded with the first farm screen, so the sign-in screens do not carry what it needs.
      lazy: () => import('./RequireFarm').then((module) => ({ Component: module.RequireFarm })),
      children: [
        {
          path: paths.inventory,
          ...lazyScreen('inventory', () => import('./routes/inventory'), ['inventory', 'photos']),
        },
        {
          path: paths.suppliers,
          ...lazyScreen('inventory/suppliers', () => import('./routes/inventory-suppliers'), ['inventory']),
        },
        {
          path: paths.supply,
          ...lazyScreen('inventory/supply', () => import('./routes/inventory-supply'), [
            'inventory',
            'photos',
            'tasks',
          ]),
        },
        {
          path: paths.livestock,
          ...lazyScreen('livestock', () => import('./routes/livestock'), ['livestock', 'photos']),
        },
        {
          path: paths.livestockAnimal,
          ...lazyScreen('livestock/animal', () => import('./routes/livestock-animal'), [
            'livestock',
            'photos',
            'tasks',
          ]),
        },
        { path: paths.crops, ...lazyScreen('crops', () => import('./routes/crops'), ['crops']) },
        {
          path: paths.crop,
          ...lazyScreen('crops/crop', () => import('./routes/crops-crop'), ['crops', 'tasks']),
        },
        {
          path: paths.fields,
          ...lazyScreen('crops/fields', () => import('./routes/crops-fields'), ['crops']),
        },
        { path: paths.field, ...lazyScreen('crops/field', () => import('./routes/crops-field'), ['crops']) },
        { path: paths.staff, ...lazyScreen('staff', () => import('./routes/staff'), ['staff']) },
        { path: paths.tasks, ...lazyScreen('tasks', () => import('./routes/tasks'), ['tasks']) },
        {
          path: paths.climate,
          ...lazyScreen('climate', () => import('./routes/climate'), ['climate', 'tasks']),
        },
        {
          path: paths.assistant,
          ...lazyScreen('assistant', () => import('./routes/assistant'), ['assistant']),
        },
        {
          path: paths.addStaff,
          ...lazyScreen('add-staff', () => import('./routes/add-staff'), ['staff', 'photos']),
        },
        {
          path: paths.staffEdit,
          ...lazyScreen('staff/edit', () => import('./routes/staff-edit'), ['staff', 'photos', 'tasks']),
        },
        {
          path: paths.expenses,
          ...lazyScreen('expenses', () => import('./routes/expenses'), ['money', 'photos']),
        },
        {
          path: paths.subscription,
          ...lazyScreen('subscription', () => import('./routes/subscription'), ['billing']),
        },
        {
          path: paths.settingsMembers,
          ...lazyScreen('settings/members', () => import('./routes/settings-members'), ['members']),
        },
        {
          path: paths.reports,
          ...lazyScreen('reports', () => import('./routes/reports'), [
            'reports',
            'money',
            'tasks',
            'marketplace',
          ]),
        },
      ],
    },
    {
      path: paths.marketplace,
      ...lazyScreen('marketplace', () => import('./routes/marketplace'), ['marketplace', 'photos']),
    },
    {
      path: paths.marketplaceListing,
      ...lazyScreen('marketplace/listing', () => import('./routes/marketplace-listing'), [
        'marketplace',
        'photos',
      ]),
    },
    {
      path: paths.marketplaceOrder,
      ...lazyScreen('marketplace/order', () => import('./routes/marketplace-order'), [
        'marketplace',
        'photos',
      ]),
    },
    {
      path: paths.marketplaceOrderReturn,
      ...lazyScreen('marketplace/order-return', () => import('./routes/marketplace-order'), ['marketplace']),
    },
    {
      path: paths.marketplaceSeller,
      ...lazyScreen('marketplace/seller', () => import('./routes/marketplace-seller'), ['marketplace']),
    },
    {
      path: paths.inviteFarmer,
      ...lazyScreen('invite-farmer', () => import('./routes/invite-farmer'), ['screens']),
    },
    { path: paths.support, ...lazyScreen('support', () => import('./routes/support'), ['support']) },
    { path: paths.help, ...lazyScreen('help', () => import('./routes/help'), ['screens']) },
    {
      path: paths.supportNew,
      ...lazyScreen('support/new', () => import('./routes/support-new'), ['support', 'photos']),
    },
    {
      path: paths.supportRequest,
      ...lazyScreen('support/request', () => import('./routes/support-request'), ['support', 'photos']),
    },
    { path: paths.settings, ...lazyScreen('settings', () => import('./routes/settings'), ['screens']) },
    {
      path: paths.settingsNotifications,
      ...lazyScreen('settings/notifications', () => import('./routes/settings-notifications'), [
        'notifications',
      ]),
    },
    {
      path: paths.notifications,
      ...lazyScreen('notifications', () => import('./routes/notifications'), ['notifications']),
    },
    {
      path: paths.settingsProfile,
      ...lazyScreen('settings/profile', () => import('./routes/settings-profile'), ['account']),
    },
    {
      path: paths.settingsAccount,
      ...lazyScreen('settings/account', () => import('./routes/settings-account'), ['account', 'auth']),
    },
    {
      path: paths.settingsFarms,
      ...lazyScreen('settings/farms', () => import('./routes/settings-farms'), ['farms']),
    },
    {
      path: paths.settingsFarm,
      ...lazyScreen('settings/farm', () => import('./routes/settings-farm'), ['farms']),
    },
    {
      path: paths.settingsActivity,
      ...lazyScreen('settings/activity', () => import('./routes/settings-activity'), [
        'activity',
        'inventory',
      ]),
    },
    { path: '*', element: <Navigate to={paths.dashboard} replace /> },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(routes, { basename: '/' });
}
