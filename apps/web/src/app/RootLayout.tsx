import type { ReactNode } from 'react';
import { IsRestoringProvider, useIsRestoring } from '@tanstack/react-query';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '@/components/errors/ErrorBoundary';
import { FarmSelectionProvider } from '@/features/farms/useFarmSelection';
import { SessionProvider, useSession } from '@/lib/session';
import { AppToaster } from './toaster';

/**
 * Providers that need the router (navigation on session expiry), around every screen. Who is
 * signed in and their farms are never saved with the query cache, so they are asked for without
 * waiting for it to be read back from IndexedDB (a first visit on a cheap phone spends a few hundred
 * milliseconds opening it); the screens inside still wait, so their saved answers show first.
 */
export function RootLayout() {
  const restoring = useIsRestoring();
  return (
    <IsRestoringProvider value={false}>
      <SessionProvider>
        <FarmSelectionWithSession restoring={restoring} />
        <WhileRestoring restoring={restoring}>
          <AppToaster />
        </WhileRestoring>
      </SessionProvider>
    </IsRestoringProvider>
  );
}

function FarmSelectionWithSession({ restoring }: { restoring: boolean }) {
  const { status } = useSession();
  const { pathname } = useLocation();
  return (
    <FarmSelectionProvider sessionStatus={status}>
      <WhileRestoring restoring={restoring}>
        <ErrorBoundary resetKey={pathname}>
          <Outlet />
        </ErrorBoundary>
      </WhileRestoring>
    </FarmSelectionProvider>
  );
}

/** The saved cache's restore, as the providers above see it, for everything inside. */
function WhileRestoring({ restoring, children }: { restoring: boolean; children: ReactNode }) {
  return <IsRestoringProvider value={restoring}>{children}</IsRestoringProvider>;
}
