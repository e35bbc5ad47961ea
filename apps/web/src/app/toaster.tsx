import { lazy, Suspense, useEffect, useState } from 'react';
import { toasterWanted } from '@/lib/toast';

const SonnerToaster = lazy(() => import('./sonner-toaster'));

/** The toast area: mounts (and downloads sonner) when the first toast is asked for. */
export function AppToaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const subscription = toasterWanted(() => setWanted(true));
    if (subscription.wanted) setWanted(true);
    return subscription.unsubscribe;
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}
