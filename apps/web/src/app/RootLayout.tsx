import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '@/components/errors/ErrorBoundary';
import { FarmSelectionProvider } from '@/features/farms/useFarmSelection';
import { SessionProvider, useSession } from '@/lib/session';
import { AppToaster } from './toaster';

/** Providers that need the router (navigation on session expiry), around every screen. */
export function RootLayout() {
  return (
    <SessionProvider>
      <FarmSelectionWithSession />
      <AppToaster />
    </SessionProvider>
  );
}

function FarmSelectionWithSession() {
  const { status } = useSession();
  const { pathname } = useLocation();
  return (
    <FarmSelectionProvider sessionStatus={status}>
      <ErrorBoundary resetKey={pathname}>
        <Outlet />
      </ErrorBoundary>
    </FarmSelectionProvider>
  );
}
