import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';

/** Gona's back office is for platform admins only: anyone else is sent to the not-found screen. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { user } = useSession();
  // The app's own not-found screen, as for any unknown address (its code stays in the first load).
  if (user?.platform_role !== 'admin') return <Navigate to={paths.notFound} replace />;
  return <>{children}</>;
}
