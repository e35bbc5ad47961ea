import { lazy, Suspense, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router';
import { DashboardShell } from '@/components/layout/DashboardShell';
import { ErrorBoundary } from '@/components/errors/ErrorBoundary';
import { AskGonaLink } from '@/features/assistant/components/AskGonaLink';
import { FarmSwitcher } from '@/features/farms/components/FarmSwitcher';
import { NotificationBell } from '@/features/notifications/components/NotificationBell';
import { useFarmSelection } from '@/features/farms/useFarmSelection';
import { SidebarBadge } from './sidebar-badges';
import { can } from '@gona/shared/permissions';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { useAttentionItems } from '@/lib/needs-attention';
import { registerQueuedMutations } from './providers';

// Rarely needed (a queued change the server refused): loaded when there is one, not with the shell.
const RefusedChangeItem = lazy(() =>
  import('./RefusedChangeItem').then((module) => ({ default: module.RefusedChangeItem })),
);

/** /dashboard/*: the shell around every dashboard screen. A user without any farm creates one first. */
export function DashboardLayout() {
  const { pathname } = useLocation();
  const { farms, ready, selectedFarmId, selectedFarm } = useFarmSelection();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const refused = useAttentionItems().length > 0;
  // Trying a refused change again sends it by its key: the features' senders load when one is listed.
  useEffect(() => {
    if (refused) void registerQueuedMutations(queryClient);
  }, [refused, queryClient]);
  // The marketplace is for buyers too: someone with no farm browses and buys there.
  const forEveryone = pathname === paths.dashboardCreateFarm || pathname.startsWith(paths.marketplace);
  // Someone who signed up to buy produce starts in the marketplace; a farmer creates their farm.
  if (ready && farms.length === 0 && !forEveryone)
    return <Navigate to={user?.intent === 'buy' ? paths.marketplace : paths.createFarm} replace />;

  return (
    <DashboardShell
      farmSwitcher={<FarmSwitcher />}
      headerActions={
        <>
          {/* Asking needs a farm; on the assistant's own screen the link would lead nowhere new. */}
          {selectedFarmId && pathname !== paths.assistant && <AskGonaLink />}
          <NotificationBell />
        </>
      }
      renderBadge={(path) => <SidebarBadge path={path} farmId={selectedFarmId} />}
      showsNavItem={(item) => !item.needs || can(selectedFarm?.role, item.needs)}
      renderAttentionItem={(item) => (
        <Suspense fallback={null}>
          <RefusedChangeItem item={item} />
        </Suspense>
      )}
    >
      <ErrorBoundary resetKey={pathname}>
        <Outlet />
      </ErrorBoundary>
    </DashboardShell>
  );
}
