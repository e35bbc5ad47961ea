import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { AdminLayout } from '@/features/marketplace/admin/AdminLayout';
import { paths } from '@/lib/paths';
import AdminScreen from './admin';
import AdminSubscriptionScreen from './admin-subscription';
import AdminSubscriptionsScreen from './admin-subscriptions';
import AdminDisputeScreen from './admin-dispute';
import AdminListingsScreen from './admin-listings';
import AdminOrderScreen from './admin-order';
import AdminOrdersScreen from './admin-orders';
import AdminPaymentsScreen from './admin-payments';
import AdminPayoutsScreen from './admin-payouts';
import AdminUsersScreen from './admin-users';
import AdminSupportScreen from './admin-support';
import AdminSupportRequestScreen from './admin-support-request';
import AdminHelpScreen from './admin-help';

/** The back office's screens, by their paths in lib/paths.ts (admin…) relative to /admin. */
export const ADMIN_ROUTES: RouteObject[] = [
  { index: true, element: <AdminScreen /> },
  { path: 'disputes/:disputeId', element: <AdminDisputeScreen /> },
  { path: 'payouts', element: <AdminPayoutsScreen /> },
  { path: 'payments', element: <AdminPaymentsScreen /> },
  { path: 'orders', element: <AdminOrdersScreen /> },
  { path: 'orders/:orderId', element: <AdminOrderScreen /> },
  { path: 'listings', element: <AdminListingsScreen /> },
  { path: 'users', element: <AdminUsersScreen /> },
  { path: 'subscriptions', element: <AdminSubscriptionsScreen /> },
  { path: 'subscriptions/:farmId', element: <AdminSubscriptionScreen /> },
  { path: 'support', element: <AdminSupportScreen /> },
  { path: 'support/:requestId', element: <AdminSupportRequestScreen /> },
  { path: 'help', element: <AdminHelpScreen /> },
  { path: '*', element: <Navigate to={paths.notFound} replace /> },
];

/** /admin/*: Gona's back office (platform admins only), its screens under its own shell. */
export default function AdminScreens() {
  return <AdminLayout>{useRoutes(ADMIN_ROUTES)}</AdminLayout>;
}
